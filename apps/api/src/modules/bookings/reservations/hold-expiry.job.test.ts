import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import {
  createHeldReservation,
  createTutor,
  futureMonday,
  readReservation,
} from '../payments/test/fixtures.ts';
import { startHoldExpiryJob } from './hold-expiry.job.ts';

const log = { info: vi.fn(), error: vi.fn() } as unknown as Parameters<typeof startHoldExpiryJob>[1];

describe('the hold-expiry job timer', () => {
  afterEach(() => vi.useRealTimers());

  it('runs every minute, never two runs at once, logs failures and stops on close', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const expire = vi.fn(
      () =>
        new Promise<{ reservations: number; payments: number }>((resolve) => {
          release = () => resolve({ reservations: 1, payments: 0 });
        }),
    );
    const stop = startHoldExpiryJob(expire, log);
    expect(expire).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(expire).toHaveBeenCalledTimes(1);
    // The first run is still going: the next tick does not start a second one.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(expire).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(expire).toHaveBeenCalledTimes(2);
    release();

    expire.mockRejectedValueOnce(new Error('db down'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(log.error).toHaveBeenCalled();

    await stop();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(expire).toHaveBeenCalledTimes(3);
  });
});

describe('the app runs the job outside tests', () => {
  it('expires a lapsed hold within a minute of start', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const t = await createTestApp({ env: 'development' });
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
