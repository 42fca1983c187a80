import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import {
  createHeldReservation,
  createTutor,
  futureMonday,
  readReservation,
} from '../payments/test/fixtures.ts';
import { JobRunner } from '../../../platform/jobs/runner.ts';
import { expireLapsedHolds, holdExpiryLag } from '../lifecycle/hold-expiry.service.ts';
import { holdExpiryJob } from './hold-expiry.job.ts';

describe('the hold-expiry job', () => {
  afterEach(() => vi.useRealTimers());

  it('runs every minute (not at start) and logs only what it released', async () => {
    vi.useFakeTimers();
    const log = { info: vi.fn(), error: vi.fn(), debug: vi.fn() };
    const released = [
      { reservations: 0, payments: 0 },
      { reservations: 2, payments: 1 },
    ];
    const expire = vi.fn(async () => released.shift() ?? { reservations: 0, payments: 0 });
    const runner = new JobRunner({ log });
    runner.add(holdExpiryJob(expire));
    runner.start();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(expire).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(expire).toHaveBeenCalledTimes(1);
    expect(log.info).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(log.info).toHaveBeenCalledWith(
      { reservations: 2, payments: 1 },
      'hold expiry: released lapsed holds',
    );
    await runner.stop();
  });
});

describe('the app runs the job when its jobs are on', () => {
  it('expires a lapsed hold within a minute of start', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const t = await createTestApp({ jobs: true });
    try {
      const tutor = await createTutor(t.app.db);
      const { reservation } = await createHeldReservation(t.app.db, {
        tutorId: tutor.id,
        firstStart: futureMonday(2),
        holdExpiresAt: new Date(Date.now() - 1000),
      });
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.waitFor(async () => {
        expect((await readReservation(t.app.db, reservation.id)).reservation.status).toBe('expired');
      });
    } finally {
      await t.close();
    }
  });
});

describe('the hold-expiry job’s lag (/api/metrics)', () => {
  it('is how long the oldest lapsed hold has waited, and 0 once the job released it', async () => {
    const t = await createTestApp();
    try {
      const now = new Date();
      const tutor = await createTutor(t.app.db);
      await createHeldReservation(t.app.db, {
        tutorId: tutor.id,
        firstStart: futureMonday(2),
        holdExpiresAt: new Date(now.getTime() - 90_000),
      });
      // Another family's hold still runs: it is not late.
      await createHeldReservation(t.app.db, {
        tutorId: (await createTutor(t.app.db)).id,
        firstStart: futureMonday(2),
        holdExpiresAt: new Date(now.getTime() + 60_000),
      });
      expect(await holdExpiryLag(t.app.db, now)).toBeCloseTo(90, 0);
      await expireLapsedHolds({ db: t.app.db, onSessionsChanged: () => {} }, now);
      expect(await holdExpiryLag(t.app.db, now)).toBe(0);
    } finally {
      await t.close();
    }
  });
});
