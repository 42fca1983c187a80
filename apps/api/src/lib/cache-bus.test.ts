import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createTestApp, testConfig, testEngine, type TestApp } from '../test/harness.ts';
import { bearer, insertTutor } from '../modules/tutors/test/fixtures.ts';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { tutorAvailability } from '../db/schema/index.ts';
import { invalidateTutorBookings } from '../modules/reservations/booked-cache.ts';
import { cacheBusStats, cacheChannel } from './cache-bus.ts';

type Listed = { id: number; hourly_rate: number };
const rateOf = async (app: AppInstance, id: number) => {
  const res = await app.inject({ method: 'GET', url: '/api/tutors/public/' });
  return (res.json() as Listed[]).find((t) => t.id === id)?.hourly_rate;
};
/** Polls until `check` holds; answers the milliseconds it took (or throws after `limitMs`). */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('coherent caches (issue 16)', () => {
  let a: TestApp;
  let second: Database | undefined;
  let b: AppInstance;
  let admin: { authorization: string };

  beforeAll(async () => {
    a = await createTestApp();
    admin = await bearer(a.config.jwtSecret, 'admin', a.app.db);
    if (testEngine === 'postgres') {
      // A second instance: its own app, pool and cache, on the same PostgreSQL database.
      second = await openDatabase({ engine: 'postgres', url: a.database.url! });
      b = await buildApp({ config: testConfig(), database: second });
      await b.ready();
    } else {
      b = a.app; // the embedded database has one process: the bus stays in it
    }
  });
  afterAll(async () => {
    if (second) {
      await b.close();
      await second.close();
    }
    await a.close();
  });

  it('shows an admin change of a tutor on every instance within a second', async () => {
    const tutor = await insertTutor(a.app.db, { hourlyRateCents: 5500, isPublished: true });
    expect(await rateOf(a.app, tutor.id)).toBe(55);
    expect(await rateOf(b, tutor.id)).toBe(55); // both instances now hold the list in memory
    const sentBefore = cacheBusStats().published;

    const res = await a.app.inject({
      method: 'PATCH',
      url: `/api/admin/tutors/${tutor.id}/`,
      headers: admin,
      payload: { hourly_rate: 65 },
    });
    expect(res.statusCode).toBe(200);
    expect(await rateOf(a.app, tutor.id)).toBe(65);
    const tookMs = await within(1000, async () => (await rateOf(b, tutor.id)) === 65);
    expect(tookMs).toBeLessThan(1000);
    if (testEngine === 'postgres') expect(cacheBusStats().published).toBeGreaterThan(sentBefore);
    else expect(cacheBusStats().published).toBe(sentBefore); // nothing leaves the process
  });

  it("drops a tutor's cached month when another instance says its sessions changed", async () => {
    const tutor = await insertTutor(
      a.app.db,
      { isPublished: true },
      {
        windows: (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((weekday) => ({
          weekday,
          start: '09:00',
          end: '10:00',
        })),
      },
    );
    const year = new Date().getUTCFullYear() + 1;
    const url = `/api/reservations/available/?tutor_id=${tutor.id}&year=${year}&month=3&duration_minutes=60`;
    const slots = async (app: AppInstance) =>
      Object.values(
        (await app.inject({ method: 'GET', url })).json().available as Record<string, string[]>,
      ).flat().length;
    expect(await slots(b)).toBeGreaterThan(0);
    // The schedule changes behind the cache's back (as on an instance this process does not know)...
    await a.app.db.delete(tutorAvailability).where(eq(tutorAvailability.tutorId, tutor.id));
    expect(await slots(b)).toBeGreaterThan(0); // ...so the cached month still offers the old slots.

    if (testEngine === 'postgres') {
      // Another instance's NOTIFY, as its invalidateTutorBookings sends it.
      const other = new pg.Client({ connectionString: a.database.url });
      await other.connect();
      await other.query('select pg_notify($1, $2)', [
        cacheChannel,
        JSON.stringify({ o: 'another-instance', m: [['booked', String(tutor.id)]] }),
      ]);
      await other.end();
    } else {
      invalidateTutorBookings(tutor.id); // in process: the write's own call
    }
    expect(await within(1000, async () => (await slots(b)) === 0)).toBeLessThan(1000);
  });

  it('sends a schedule write to the other instances (PostgreSQL), and nothing out of process (embedded)', async () => {
    const received: string[] = [];
    const listener = testEngine === 'postgres' ? new pg.Client({ connectionString: a.database.url }) : null;
    if (listener) {
      await listener.connect();
      listener.on('notification', (m) => received.push(m.payload ?? ''));
      await listener.query(`LISTEN ${cacheChannel}`);
    }
    const sentBefore = cacheBusStats().published;
    const tutor = await insertTutor(a.app.db, { isPublished: true });
    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/admin/tutors/${tutor.id}/availability/`,
      headers: admin,
      payload: {
        mon: [{ start: '09:00', end: '12:00' }],
        tue: [],
        wed: [],
        thu: [],
        fri: [],
        sat: [],
        sun: [],
      },
    });
    expect(res.statusCode).toBe(200);
    if (listener) {
      await within(1000, async () => received.some((p) => p.includes(`["booked","${tutor.id}"]`)));
      await listener.end();
    } else {
      await new Promise((r) => setImmediate(r));
      expect(cacheBusStats().published).toBe(sentBefore);
    }
  });
});
