import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const probe = fileURLToPath(new URL('./tick-shape.probe.mjs', import.meta.url));

/** V8's feedback states for the keys `process.nextTick` defines in its entry literal, in order. */
function nextTickKeyFeedback(mode: 'held' | 'none'): string[] {
  const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', probe, mode, '40'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return [...run.stdout.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]!);
}

describe('the held nextTick entry (tick-shape.mjs, issue 17)', () => {
  it('keeps every key of nextTick entries on one shape through start-up collections', () => {
    const held = nextTickKeyFeedback('held');
    // async id, trigger id, context frame, callback, args
    expect(held).toHaveLength(5);
    expect(held).toEqual(Array(5).fill('MONOMORPHIC'));
  });

  it('is needed: without it the same collections leave nextTick on its slow path for good', () => {
    const none = nextTickKeyFeedback('none');
    expect(none).toHaveLength(5);
    expect(none.slice(1)).toContain('MEGAMORPHIC');
  });
});

describe('start.mjs (the server as npm start runs it)', () => {
  it('holds its entry before it loads anything else', async () => {
    const { readFile } = await import('node:fs/promises');
    const start = await readFile(new URL('./start.mjs', import.meta.url), 'utf8');
    const held = start.indexOf('await tickEntry()');
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(start.indexOf('spawnSync('));
    expect(held).toBeLessThan(start.indexOf("import('./server.ts')"));
  });
});
