import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { bookingMessages as msg } from '@tibeb/domain/bookings/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../../test/harness.ts';
import { countRows, createTutor, uniq } from './test-fixtures.repository.ts';

/** DESIGN §1.5 and §4: 50 simultaneous bookings of one slot (or overlapping slots): exactly one wins, no 5xx. */

const payload = (tutor: number, extra: Record<string, unknown> = {}) => ({
  tutor,
  date: '2031-03-03',
  time: '10:00',
  duration_hours: 1,
  full_name: 'Almaz Tesfaye',
  email: `race.${uniq()}@example.com`,
  phone: '0911000000',
  student_full_name: 'Liya',
  student_age: 9,
  ...extra,
});

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe('no double booking under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('50 simultaneous requests for one slot: one 201, 49 × 409', async () => {
    const tutor = await createTutor(t.app.db);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({ method: 'POST', url: '/api/reservations/reservations/', payload: payload(tutor.id) }),
      ),
    );
    expect(tally(responses.map((r) => r.statusCode))).toEqual({ 201: 1, 409: 49 });
    for (const r of responses.filter((r) => r.statusCode === 409))
      expect(r.json().detail).toBe(msg.slotTaken);
    expect(await countRows(t.app.db)).toEqual({ reservations: 1, sessions: 4 });
  });

  it('50 simultaneous requests for overlapping slots of one tutor: one 201, 49 × 409', async () => {
    const tutor = await createTutor(t.app.db);
    // 90-minute lessons starting 09:00, 09:30 or 10:00: every pair overlaps.
    const times = ['09:00', '09:30', '10:00'];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/reservations/reservations/',
          payload: payload(tutor.id, { time: times[i % times.length], duration_hours: 1.5 }),
        }),
      ),
    );
    expect(tally(responses.map((r) => r.statusCode))).toEqual({ 201: 1, 409: 49 });
    expect(await countRows(t.app.db)).toMatchObject({ reservations: 2 });
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function startServer(databaseUrl: string): Promise<{ proc: ChildProcess; base: string }> {
  const port = await freePort();
  const server = path.resolve(import.meta.dirname, '../../../server.ts');
  const proc = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      DATA_DIR: path.join(os.tmpdir(), `tibeb-race-${process.pid}-${port}`),
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    if (proc.exitCode !== null) throw new Error(`API process exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { proc, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  proc.kill('SIGKILL');
  throw new Error(`API process did not start: ${stderr}`);
}

describe.skipIf(testEngine === 'pglite')(
  'two API processes on one PostgreSQL (skipped on PGlite: an embedded database belongs to one process)',
  () => {
    let t: TestApp;
    const procs: ChildProcess[] = [];
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      for (const p of procs) {
        if (p.exitCode === null) {
          p.kill('SIGTERM');
          await Promise.race([once(p, 'exit'), new Promise((r) => setTimeout(r, 5000))]);
          if (p.exitCode === null) p.kill('SIGKILL');
        }
      }
      await t.close();
    });

    it('race 50 requests for one slot across both: exactly one 201', { timeout: 90_000 }, async () => {
      const url = t.database.url;
      if (!url) throw new Error('the PostgreSQL test database has no url');
      const servers = await Promise.all([startServer(url), startServer(url)]);
      procs.push(...servers.map((s) => s.proc));
      const tutor = await createTutor(t.app.db);
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          fetch(`${servers[i % 2]!.base}/api/reservations/reservations/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(payload(tutor.id)),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { detail?: string } })),
        ),
      );
      expect(tally(responses.map((r) => r.status))).toEqual({ 201: 1, 409: 49 });
      expect(new Set(responses.filter((r) => r.status === 409).map((r) => r.body.detail))).toEqual(
        new Set([msg.slotTaken]),
      );
      const rows = await countRows(t.app.db);
      expect(rows).toEqual({ reservations: 1, sessions: 4 });
    });
  },
);
