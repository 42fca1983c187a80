import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The landing page's initial JavaScript (DESIGN §4, decision 245) holds no zod: a page that arrives rendered with its
 * data parses nothing, and zod (about 25 KB gzipped, and the longest part of evaluating the modules) loads with the
 * first answer a screen parses. A static import of a contract on the landing page's path brings it back (a home
 * section reading the booking policy's defaults from the contract's module did: 183 KB instead of 153). This walks
 * the static imports from the entry, as the bundler does for the initial chunks, and names the path that reaches zod.
 */

const web = path.resolve(import.meta.dirname, '../..');
const domain = path.resolve(web, '../../packages/domain/src');

/** The modules a file imports statically: not `import type`, not `import(…)`; a re-export counts. */
function staticImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+([^'";]*?)\s*from\s+'([^']+)'/gms)) {
    const clause = m[1]!.trim();
    if (clause.startsWith('type ')) continue;
    // `import { type A, type B } from …` only names types: nothing is loaded.
    const braces = /^\{([^}]*)\}$/.exec(clause);
    if (braces && braces[1]!.split(',').every((n) => !n.trim() || n.trim().startsWith('type '))) continue;
    found.push(m[2]!);
  }
  for (const m of text.matchAll(/^import\s+'([^']+)'/gm)) found.push(m[1]!);
  return found;
}

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith('.')
    ? path.resolve(path.dirname(from), spec)
    : spec.startsWith('@tibeb/domain/')
      ? path.join(domain, spec.slice('@tibeb/domain/'.length))
      : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every package the entry reaches through static imports, each with the chain of files that reaches it. */
function packagesReached(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(file)) {
      if (/\.(css|svg|png|webp)$/.test(spec)) continue;
      const next = resolve(file, spec);
      const here = [...chain, path.relative(web, file)];
      if (next) walk(next, here);
      else if (!reached.has(spec)) reached.set(spec, here);
    }
  };
  walk(entry, []);
  return reached;
}

describe("the landing page's initial JavaScript", () => {
  it('reaches no zod schema through static imports (contracts load with the first answer to parse)', () => {
    const reached = packagesReached(path.join(web, 'src/main.tsx'));
    // `zod/v4/core` is only its configuration (`jitless`), set before any schema is built.
    const zod = [...reached].filter(([spec]) => spec === 'zod' || spec === 'zod/v4' || spec === 'zod/mini');
    expect(zod.map(([spec, chain]) => `${spec} ← ${chain.reverse().join(' ← ')}`)).toEqual([]);
    // The walk itself works: it reaches the framework the entry is built on.
    expect(reached.has('react-dom/client')).toBe(true);
  });
});

describe("the directory's and a tutor's page JavaScript before the take-over", () => {
  // These route modules load before the page the server rendered is taken over (decision 242): zod there is
  // evaluated in the same long task, about 80 ms on a slow phone, for answers that arrived in the HTML.
  it.each(['tutors.tsx', 'tutor-page.tsx', 'subject-page.tsx'])('%s reaches no zod schema', (route) => {
    const reached = packagesReached(path.join(web, 'src/app/routes/public', route));
    const zod = [...reached].filter(([spec]) => spec === 'zod' || spec === 'zod/v4' || spec === 'zod/mini');
    expect(zod.map(([spec, chain]) => `${spec} ← ${chain.reverse().join(' ← ')}`)).toEqual([]);
    expect(reached.has('react')).toBe(true);
  });
});
