import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { advisoryLease, type JobLease } from './advisory-lease.ts';

export type JobLog = Pick<FastifyBaseLogger, 'info' | 'error' | 'debug'>;

/** A background job: what it runs, how often, and what of a run is worth a log line. */
export type Job<R = unknown> = {
  /** Names the job in log lines, in its stats and in its lease (one instance of a fleet runs it at a time). */
  name: string;
  intervalMs: number;
  /** Also run as soon as the runner starts (otherwise the first run is one interval after the start). */
  runAtStart?: boolean;
  run: () => Promise<R>;
  /** Logs what a run did (a run that did nothing logs nothing). */
  report?: (result: R, log: JobLog) => void;
  /** True when the run may have left more to do (a full batch): another run follows at once. */
  again?: (result: R) => boolean;
  /** Seconds the oldest work due to this job has waited (0: none), for `/api/metrics`' job lag. */
  lag?: (now: Date) => Promise<number>;
};

/** The lag of work due since `oldest` (null: nothing due), in seconds. */
export function secondsOverdue(oldest: Date | string | null | undefined, now: Date): number {
  return oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : 0;
}

export type JobStats = {
  /** Runs this instance made (holding the lease), failed ones included. */
  runs: number;
  failures: number;
  /** Failures since the last run that succeeded: the backoff grows with them. */
  consecutiveFailures: number;
  /** Turns skipped because another instance was running the job. */
  leasedElsewhere: number;
  lastError: string | null;
  lastSuccessAt: Date | null;
};

export type JobHandle = {
  /** Runs the job soon (after `delayMs`), ahead of its interval; one more run after the current one. */
  trigger(delayMs?: number): void;
  stats(): JobStats;
};

/** A job that keeps failing waits longer and longer between runs, up to this (or its own interval if longer). */
export const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Intervals a job skips after `failures` failures in a row: 1, 3, 7, ... (so it waits 2, 4, 8, ... intervals),
 * never past MAX_BACKOFF_MS. A job whose interval is longer than that keeps its interval.
 */
export function backoffTicks(failures: number, intervalMs: number): number {
  const cap = Math.max(0, Math.floor(MAX_BACKOFF_MS / intervalMs) - 1);
  return Math.min(2 ** Math.min(failures, 30) - 1, cap);
}

class ScheduledJob<R> implements JobHandle {
  private readonly job: Job<R>;
  private readonly log: JobLog;
  private readonly lease: JobLease | undefined;
  private readonly counts: JobStats = {
    runs: 0,
    failures: 0,
    consecutiveFailures: 0,
    leasedElsewhere: 0,
    lastError: null,
    lastSuccessAt: null,
  };
  private state: 'idle' | 'started' | 'stopped' = 'idle';
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private skipTicks = 0;

  constructor(job: Job<R>, log: JobLog, lease: JobLease | undefined) {
    this.job = job;
    this.log = log;
    this.lease = lease;
  }

  get lag() {
    return this.job.lag;
  }

  start() {
    if (this.state !== 'idle') return;
    this.state = 'started';
    this.timer = setInterval(() => this.tick(false), this.job.intervalMs);
    this.timer.unref();
    if (this.job.runAtStart) this.tick(true);
  }

  async stop() {
    this.state = 'stopped';
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearTimeout(this.soon);
    await this.running;
  }

  trigger(delayMs = 0) {
    if (this.state !== 'started') return;
    if (delayMs <= 0) return this.tick(true);
    if (this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      this.tick(true);
    }, delayMs);
    this.soon.unref();
  }

  stats(): JobStats {
    return { ...this.counts };
  }

  /** An interval's tick (`asked` false) or a run asked for; never two runs of a job at once in a process. */
  private tick(asked: boolean) {
    if (this.state !== 'started') return;
    if (this.running) {
      // Something asked during a run may have come too late for it: one more run follows.
      if (asked) this.again = true;
      return;
    }
    if (!asked && this.skipTicks > 0) {
      this.skipTicks -= 1;
      return;
    }
    this.running = this.execute().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.tick(true);
      }
    });
  }

  private async execute() {
    const { job, log } = this;
    try {
      const outcome = this.lease
        ? await this.lease.hold(job.name, job.run)
        : { held: true as const, result: await job.run() };
      if (!outcome.held) {
        this.counts.leasedElsewhere += 1;
        log.debug({ job: job.name }, 'job: running on another instance');
        return;
      }
      this.counts.runs += 1;
      this.counts.consecutiveFailures = 0;
      this.counts.lastSuccessAt = new Date();
      this.skipTicks = 0;
      job.report?.(outcome.result, log);
      if (job.again?.(outcome.result)) this.again = true;
    } catch (err) {
      // The lease could not be taken (the database is away) or the run failed: either way, back off.
      this.counts.runs += 1;
      this.counts.failures += 1;
      this.counts.consecutiveFailures += 1;
      this.counts.lastError = err instanceof Error ? err.message : String(err);
      this.skipTicks = backoffTicks(this.counts.consecutiveFailures, job.intervalMs);
      log.error(
        {
          err,
          job: job.name,
          failures: this.counts.consecutiveFailures,
          nextRunInMs: (this.skipTicks + 1) * job.intervalMs,
        },
        `${job.name} failed`,
      );
    }
  }
}

/**
 * The one runner of every background job (decision 216): each job on its own interval, never two runs of a job
 * at once in a process, and with a lease (`advisory-lease.ts`) never two at once in a fleet; a failing job
 * backs off (2, 4, 8, ... intervals, at most 5 minutes apart) and its failures are counted (`stats()`). Rows a
 * job processes keep their own attempts and give-up state (the mail queue, the reminders), so a failing row
 * never stops the others. Started when the app is ready, stopped (waiting for runs in progress) when it closes.
 */
export class JobRunner {
  private readonly log: JobLog;
  private readonly lease: JobLease | undefined;
  private readonly jobs = new Map<string, ScheduledJob<unknown>>();
  private started = false;

  /** Without a lease only this process is kept from running a job twice (one process on its own database). */
  constructor(options: { log: JobLog; lease?: JobLease | undefined }) {
    this.log = options.log;
    this.lease = options.lease;
  }

  add<R>(job: Job<R>): JobHandle {
    if (this.jobs.has(job.name)) throw new Error(`A job named ${job.name} is already registered`);
    const scheduled = new ScheduledJob(job, this.log, this.lease);
    this.jobs.set(job.name, scheduled as ScheduledJob<unknown>);
    if (this.started) scheduled.start();
    return scheduled;
  }

  start(): void {
    this.started = true;
    for (const job of this.jobs.values()) job.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.jobs.values()].map((job) => job.stop()));
    await this.lease?.close();
  }

  stats(): Record<string, JobStats> {
    return Object.fromEntries([...this.jobs].map(([name, job]) => [name, job.stats()]));
  }

  /** The jobs that say how far behind they are, by name. */
  lagChecks(): { name: string; lag: (now: Date) => Promise<number> }[] {
    const checks = [];
    for (const [name, job] of this.jobs) if (job.lag) checks.push({ name, lag: job.lag });
    return checks;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every background job; modules add theirs with `app.jobs.add(...)` as they register. */
    jobs: JobRunner;
  }
}

/**
 * `app.jobs`, started once the app is ready and stopped when it closes, with a lease on the app's database;
 * with `config.jobs` false (the test harness) jobs are added but never run: tests call the steps themselves.
 */
export function registerJobs(app: FastifyInstance, database: Database): void {
  const runner = new JobRunner({
    log: app.log,
    lease: app.config.jobs ? advisoryLease(database) : undefined,
  });
  app.decorate('jobs', runner);
  if (!app.config.jobs) return;
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
}
