// The lock table is read with SQL (tests are exempt from the repository rule).
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createTestApp, createTestDatabase, testEngine, type TestDatabase } from '../../test/harness.ts';
import { advisoryLease, jobLockKey, type JobLease } from './advisory-lease.ts';
import { backoffTicks, JobRunner, MAX_BACKOFF_MS, type JobLog } from './runner.ts';

const quietLog = () => ({ info: vi.fn(), error: vi.fn(), debug: vi.fn() }) satisfies JobLog;

/** A run that waits until the test lets it finish. */
function gate<R>(value: R) {
  const releases: (() => void)[] = [];
  const run = vi.fn(
    () =>
      new Promise<R>((resolve) => {
        releases.push(() => resolve(value));
      }),
  );
  return { run, release: () => releases.shift()?.() };
}

describe('the job runner’s timing', () => {
  afterEach(() => vi.useRealTimers());

  it('runs each interval, never two runs at once, and stops (waiting for the run in progress)', async () => {
    vi.useFakeTimers();
    const runner = new JobRunner({ log: quietLog() });
    const { run, release } = gate({ done: 1 });
    const report = vi.fn();
    runner.add({ name: 'tick', intervalMs: 60_000, run, report });
    runner.start();
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
    // Still running at the next tick: no second run.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(report).toHaveBeenCalledWith({ done: 1 }, expect.anything());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);

    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs at start when asked, again at once after a full batch, and once more when triggered mid-run', async () => {
    vi.useFakeTimers();
    const runner = new JobRunner({ log: quietLog() });
    const results = [{ n: 20 }, { n: 3 }, { n: 0 }, { n: 0 }];
    const run = vi.fn(async () => results.shift() ?? { n: 0 });
    const job = runner.add({
      name: 'batch',
      intervalMs: 2_000,
      runAtStart: true,
      run,
      again: ({ n }) => n >= 20,
    });
    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    // The start's run took a full batch; the next followed at once and found less.
    expect(run).toHaveBeenCalledTimes(2);
    job.trigger(50);
    job.trigger(50); // one pass for both
    await vi.advanceTimersByTimeAsync(50);
    expect(run).toHaveBeenCalledTimes(3);

    const slow = gate({ n: 0 });
    run.mockImplementationOnce(slow.run);
    job.trigger();
    job.trigger(); // during the run: one more run after it
    slow.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(5);
    await runner.stop();
    job.trigger();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(5);
  });

  it('backs off after failures, counts them, and comes back to its interval after a success', async () => {
    vi.useFakeTimers();
    const log = quietLog();
    const runner = new JobRunner({ log });
    const run = vi.fn(async () => 'ok');
    const job = runner.add({ name: 'flaky', intervalMs: 60_000, run });
    runner.start();
    const runsAfter = async (ms: number) => {
      const before = run.mock.calls.length;
      await vi.advanceTimersByTimeAsync(ms);
      return run.mock.calls.length - before;
    };
    run.mockRejectedValue(new Error('database away'));
    expect(await runsAfter(60_000)).toBe(1); // fails: waits 2 minutes
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'flaky', failures: 1, nextRunInMs: 120_000 }),
      'flaky failed',
    );
    expect(await runsAfter(60_000)).toBe(0);
    expect(await runsAfter(60_000)).toBe(1); // fails again: 4 minutes
    expect(await runsAfter(3 * 60_000)).toBe(0);
    expect(await runsAfter(60_000)).toBe(1); // third failure: 8 minutes, held to 5
    expect(await runsAfter(4 * 60_000)).toBe(0);
    expect(job.stats()).toMatchObject({ failures: 3, consecutiveFailures: 3, lastError: 'database away' });
    run.mockResolvedValue('ok');
    expect(await runsAfter(60_000)).toBe(1);
    expect(await runsAfter(60_000)).toBe(1); // back to every minute
    expect(job.stats()).toMatchObject({ runs: 5, failures: 3, consecutiveFailures: 0 });
    expect(runner.stats()).toEqual({ flaky: job.stats() });
    await runner.stop();
  });

  it('holds the backoff to five minutes, and a job with a longer interval to its own', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffTicks(n, 60_000))).toEqual([1, 3, 4, 4, 4]);
    expect(backoffTicks(50, 2_000)).toBe(MAX_BACKOFF_MS / 2_000 - 1);
    expect(backoffTicks(3, 3_600_000)).toBe(0);
  });

  it('refuses two jobs of one name', () => {
    const runner = new JobRunner({ log: quietLog() });
    runner.add({ name: 'once', intervalMs: 1000, run: async () => 0 });
    expect(() => runner.add({ name: 'once', intervalMs: 1000, run: async () => 0 })).toThrow(/once/);
  });

  it('skips its turn when another instance holds the lease, without counting a failure', async () => {
    vi.useFakeTimers();
    const lease: JobLease = { hold: vi.fn(async () => ({ held: false as const })), close: vi.fn() };
    const runner = new JobRunner({ log: quietLog(), lease });
    const run = vi.fn(async () => 1);
    const job = runner.add({ name: 'shared', intervalMs: 60_000, run });
    runner.start();
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(lease.hold).toHaveBeenCalledTimes(3);
    expect(run).not.toHaveBeenCalled();
    expect(job.stats()).toMatchObject({ runs: 0, failures: 0, leasedElsewhere: 3 });
    await runner.stop();
    expect(lease.close).toHaveBeenCalled();
  });
});

describe(`the lease: an advisory lock held for the run (${testEngine})`, () => {
  let database: TestDatabase;
  const leases: JobLease[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(leases.map((l) => l.close()));
    await database.close();
  });
  const lease = () => {
    const made = advisoryLease(database);
    leases.push(made);
    return made;
  };
  const locksHeld = async () =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = 727275 and granted`,
      )
    )[0]!.n;

  it('takes the lock for the run and releases it after, whether the run succeeds or fails', async () => {
    const mine = lease();
    let during = -1;
    const outcome = await mine.hold('lease-probe', async () => {
      during = await locksHeld();
      return 'done';
    });
    expect(outcome).toEqual({ held: true, result: 'done' });
    expect(during).toBe(1);
    expect(await locksHeld()).toBe(0);
    await expect(
      mine.hold('lease-probe', async () => {
        throw new Error('run failed');
      }),
    ).rejects.toThrow('run failed');
    expect(await locksHeld()).toBe(0);
    expect(jobLockKey('lease-probe')).not.toBe(jobLockKey('another-job'));
  });

  it.runIf(testEngine === 'postgres')(
    'lets one instance run a job at a time; the others skip, and other jobs are not held up',
    async () => {
      const [a, b] = [lease(), lease()];
      const { run, release } = gate('a ran');
      const first = a.hold('one-at-a-time', run);
      await vi.waitFor(() => expect(run).toHaveBeenCalled());
      const other = vi.fn(async () => 'b ran');
      expect(await b.hold('one-at-a-time', other)).toEqual({ held: false });
      expect(other).not.toHaveBeenCalled();
      expect(await b.hold('another-job', other)).toEqual({ held: true, result: 'b ran' });
      release();
      expect(await first).toEqual({ held: true, result: 'a ran' });
      expect(await b.hold('one-at-a-time', other)).toEqual({ held: true, result: 'b ran' });
    },
  );

  it.runIf(testEngine === 'postgres')(
    'a lost lock connection releases the lock, and the next run reconnects',
    async () => {
      const [a, b] = [lease(), lease()];
      const { run, release } = gate('a ran');
      const first = a.hold('crashy', run);
      await vi.waitFor(() => expect(run).toHaveBeenCalled());
      // The instance's lock connection dies (as with a killed process): the server lets the lock go.
      await queryRows(
        database.db,
        sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and classid = 727275`,
      );
      await vi.waitFor(async () => expect(await locksHeld()).toBe(0));
      expect(await b.hold('crashy', async () => 'b ran')).toEqual({ held: true, result: 'b ran' });
      release();
      expect(await first).toEqual({ held: true, result: 'a ran' });
      expect(await a.hold('crashy', async () => 'a again')).toEqual({ held: true, result: 'a again' });
    },
  );
});

describe('jobs in the app', () => {
  // Jobs on (`jobs: true`) run in the hold-expiry and session-reminder tests.
  it('are added but never run with `jobs: false` (the test harness)', async () => {
    const off = await createTestApp();
    try {
      const run = vi.fn(async () => 0);
      const job = off.app.jobs.add({ name: 'probe', intervalMs: 10, runAtStart: true, run });
      job.trigger();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(run).not.toHaveBeenCalled();
      expect(Object.keys(off.app.jobs.stats())).toEqual(
        expect.arrayContaining([
          'mail-outbox',
          'hold-expiry',
          'lifecycle-completion',
          'renewal-reminders',
          'session-reminders',
        ]),
      );
    } finally {
      await off.close();
    }
  });
});
