import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createTestApp, testConfig, testEngine, type TestApp } from '../../test/harness.ts';
import { bearer, insertTutor } from '../../modules/catalog/test/fixtures.ts';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { tutorAvailability } from '../db/schema/index.ts';
import { invalidateTutorBookings } from '../../modules/bookings/availability/booked.cache.ts';
import { writeSetting } from '../../modules/content/settings.repository.ts';
import { bookingPolicy } from '../../modules/content/settings.service.ts';
import { blogPosts } from '../db/schema/content.ts';
import { BusMemo, cacheBusStats, cacheChannel, publish, subscribe } from './cache-bus.ts';

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

/** A NOTIFY as another instance's bus sends it (its own origin): proof that this instance listens for it. */
async function notifyFromAnotherInstance(url: string, messages: [string, string][]) {
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  await other.query('select pg_notify($1, $2)', [
    cacheChannel,
    JSON.stringify({ o: 'another-instance', m: messages }),
  ]);
  await other.end();
}

/**
 * Counts the deliveries of `key` to the caches called `cache` from now on: once in process when a write publishes
 * it, and on PostgreSQL once more per bus of this process (each sends the write's NOTIFY and receives the other's).
 * `settled()` waits for all of them, so that a later step is not overtaken by a late echo of this write.
 */
function deliveries(cache: string, key: string, buses = testEngine === 'postgres' ? 2 : 0) {
  let count = 0;
  const stop = subscribe(cache, (k) => {
    if (k === key) count += 1;
  });
  return {
    settled: async () => {
      await within(3000, async () => count >= 1 + buses);
      stop();
    },
  };
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
    // This process's other caches see it at once; the other instances through the NOTIFY it sends.
    if (testEngine === 'postgres') await within(1000, async () => cacheBusStats().published > sentBefore);
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

  it('forgets the booking policy on every instance when it changes (not after its 5-second memo)', async () => {
    const holdOf = async (db: AppInstance['db']) => (await bookingPolicy(db)).hold_minutes;
    const before = await holdOf(b.db); // remembered on b
    // The admin's change on instance a: every instance forgets it at once.
    const settings = (
      await a.app.inject({ method: 'GET', url: '/api/admin/settings/', headers: admin })
    ).json();
    const changed = { ...settings, policy: { ...settings.policy, hold_minutes: before + 5 } };
    const echoes = deliveries('booking-policy', '');
    const res = await a.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/',
      headers: admin,
      payload: changed,
    });
    expect(res.statusCode).toBe(200);
    expect(await within(1000, async () => (await holdOf(b.db)) === before + 5)).toBeLessThan(1000);
    await echoes.settled();
    expect(await holdOf(b.db)).toBe(before + 5); // remembered again on b

    // Behind the memo's back, as on an instance this process does not know: the memo still answers...
    await writeSetting(a.app.db, 'booking_policy', { ...changed.policy, hold_minutes: before + 10 });
    expect(await holdOf(b.db)).toBe(before + 5);
    // ...until that instance's message arrives (PostgreSQL: its NOTIFY; embedded: the write's own call).
    if (testEngine === 'postgres') await notifyFromAnotherInstance(a.database.url!, [['booking-policy', '']]);
    else publish('booking-policy', '');
    expect(await within(1000, async () => (await holdOf(b.db)) === before + 10)).toBeLessThan(1000);
  });

  it('drops the sitemap on every instance when a post is published or removed (not after 5 minutes)', async () => {
    const sitemap = async (app: AppInstance) =>
      (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(await sitemap(b)).not.toContain('/blog/bus-post'); // remembered on b
    const echoes = deliveries('public', 'blog:');
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/admin/blog/posts/',
      headers: admin,
      payload: { title: 'Bus post', slug: 'bus-post', body: 'x', status: 'published' },
    });
    expect(created.statusCode).toBe(201);
    expect(await within(1000, async () => (await sitemap(b)).includes('/blog/bus-post'))).toBeLessThan(1000);
    await echoes.settled();
    expect(await sitemap(b)).toContain('/blog/bus-post'); // remembered again on b

    // Removed behind the cache's back, as on an instance this process does not know...
    await a.app.db.delete(blogPosts).where(eq(blogPosts.slug, 'bus-post'));
    expect(await sitemap(b)).toContain('/blog/bus-post');
    // ...and that instance's blog write message (every content write drops `blog:`).
    if (testEngine === 'postgres') await notifyFromAnotherInstance(a.database.url!, [['public', 'blog:']]);
    else publish('public', 'blog:');
    expect(await within(1000, async () => !(await sitemap(b)).includes('/blog/bus-post'))).toBeLessThan(1000);
  });

  it('never remembers a value read before a change that overtook it', async () => {
    const memo = new BusMemo<number>('test-memo', 60_000);
    let release!: () => void;
    const slowRead = memo.get(() => new Promise<number>((r) => (release = () => r(1))));
    memo.forget(); // the write commits while the read is still out
    release();
    expect(await slowRead).toBe(1);
    expect(await memo.get(async () => 2)).toBe(2); // the old read was not remembered
    expect(await memo.get(async () => 3)).toBe(2); // the new one is
  });
});
