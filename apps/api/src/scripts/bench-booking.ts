/**
 * `npm run bench:booking` (DESIGN §4): month availability for a tutor with 5 windows a day and 200 booked
 * sessions. Prints (1) the rule alone, median and p99 over many runs, and (2) the endpoint under 50 concurrent
 * connections for 10 s with autocannon, beside a trivial Fastify route measured in the same run, against a
 * server on the embedded database (PGlite, in memory) in a child process.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { weekdayCodes } from '@tibeb/domain/bookings/messages';
import { monthAvailability } from '@tibeb/domain/bookings/availability';
import { monthDates, type BookedEntry, type TimeWindow } from '@tibeb/domain/bookings/slots';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase, type Db } from '../db/client.ts';
import { reservations, sessions, tutorAvailability, tutors } from '../db/schema/index.ts';

type CannonResult = {
  requests: { average: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
}) => Promise<CannonResult>;

const year = new Date().getUTCFullYear() + 1;
const month = 3;
const durationMinutes = 60;
/** Five windows a day, every day. */
const windows: TimeWindow[] = [
  { start: '07:00', end: '09:00' },
  { start: '09:30', end: '11:30' },
  { start: '12:00', end: '14:00' },
  { start: '14:30', end: '16:30' },
  { start: '17:00', end: '19:00' },
];

/** 200 non-overlapping 60-minute bookings spread over the month, at the windows' starts and second hours. */
function bookedPlan(): { date: string; start: string }[] {
  const out: { date: string; start: string }[] = [];
  const starts = ['07:00', '08:00', '09:30', '10:30', '12:00', '13:00', '14:30', '15:30', '17:00', '18:00'];
  const dates = monthDates(year, month);
  for (let i = 0; out.length < 200; i++) {
    out.push({ date: dates[i % dates.length]!, start: starts[Math.floor(i / dates.length)]! });
  }
  return out;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** (1) The rule alone: what the endpoint computes for a month once the month's bookings are in memory. */
function benchRule() {
  const byDate = new Map<string, BookedEntry[]>();
  for (const b of bookedPlan()) {
    const list = byDate.get(b.date) ?? [];
    list.push({ start: b.start, duration_minutes: 60 });
    byDate.set(b.date, list);
  }
  // Mid-month, so that the lead-time cut-off falls inside the month.
  const now = new Date(Date.UTC(year, month - 1, 10, 6, 0));
  const run = () =>
    monthAvailability({
      year,
      month,
      durationMinutes,
      windows: () => windows,
      booked: (date) => byDate.get(date) ?? [],
      onlyFuture: true,
      now,
      timeZone: 'Africa/Addis_Ababa',
    });
  for (let i = 0; i < 200; i++) run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < 5000; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const slots = Object.values(run()).flat().length;
  return { median: percentile(times, 50), p99: percentile(times, 99), runs: times.length, slots };
}

/** The child: a real server on an in-memory embedded database with the benchmark tutor. */
async function serve() {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    PAYMENTS_DEMO: '1',
    PUBLIC_URL: 'http://127.0.0.1',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), `tibeb-bench-${process.pid}`),
    DATABASE_URL: '',
  });
  const database = await openDatabase({ engine: 'pglite' });
  await migrateDatabase(database);
  const tutorId = await seedTutor(database.db);
  const app = await buildApp({ config, database });
  app.get('/bench/trivial', { schema: { hide: true } }, async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  process.send?.({ port, tutorId });
  process.on(
    'disconnect',
    () =>
      void app
        .close()
        .then(() => database.close())
        .finally(() => process.exit(0)),
  );
}

async function seedTutor(db: Db): Promise<number> {
  const [tutor] = await db
    .insert(tutors)
    .values({ fullName: 'Benchmark Tutor', subject: 'math', hourlyRateCents: 2500 })
    .returning({ id: tutors.id });
  const tutorId = tutor!.id;
  await db
    .insert(tutorAvailability)
    .values(
      weekdayCodes.flatMap((weekday) =>
        windows.map((w) => ({ tutorId, weekday, startTime: w.start, endTime: w.end })),
      ),
    );
  const plan = bookedPlan();
  const first = plan[0]!;
  const [reservation] = await db
    .insert(reservations)
    .values({
      tutorId,
      status: 'confirmed',
      date: first.date,
      time: first.start,
      durationMinutes: 60,
      fullName: 'Bench Family',
      email: 'bench@example.com',
      studentFullName: 'Bench Student',
      amountCents: 0,
      holdExpiresAt: new Date(),
    })
    .returning({ id: reservations.id });
  // Addis Ababa is UTC+3 all year.
  const instant = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`);
  await db.insert(sessions).values(
    plan.map((b) => {
      const startsAt = instant(b.date, b.start);
      return {
        reservationId: reservation!.id,
        tutorId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 60 * 60_000),
        status: 'scheduled' as const,
      };
    }),
  );
  return tutorId;
}

async function main() {
  console.log(
    `Booking benchmark (DESIGN §4): ${year}-${String(month).padStart(2, '0')}, 5 windows a day, 200 booked sessions`,
  );
  // Figures are only comparable on a quiet machine: say how busy this one was.
  const [load1] = os.loadavg();
  console.log(`Machine: ${os.cpus().length} CPUs, load average ${load1!.toFixed(1)} at start`);
  const rule = benchRule();
  console.log(
    `\n(1) The rule alone (${rule.runs} runs, ${rule.slots} free slots in the month):` +
      `\n    median ${rule.median.toFixed(3)} ms, p99 ${rule.p99.toFixed(3)} ms`,
  );

  const child = fork(new URL(import.meta.url).pathname, [], {
    env: { ...process.env, BENCH_BOOKING_SERVER: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [{ port, tutorId }] = (await once(child, 'message')) as [{ port: number; tutorId: number }];
  const base = `http://127.0.0.1:${port}`;
  const availability = `${base}/api/reservations/available/?tutor_id=${tutorId}&year=${year}&month=${month}&duration_minutes=${durationMinutes}&only_future=1`;
  const check = await fetch(availability);
  const body = (await check.json()) as { available: Record<string, string[]> };
  if (!check.ok || Object.keys(body.available).length < 28)
    throw new Error(`unexpected answer ${check.status}`);

  const measure = async (label: string, url: string) => {
    await autocannon({ url, connections: 50, duration: 2 }); // warm-up
    const r = await autocannon({ url, connections: 50, duration: 10 });
    console.log(
      `    ${label.padEnd(34)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(r.latency.p99).padStart(3)} ms   non-2xx ${r.non2xx}   errors ${r.errors + r.timeouts}`,
    );
    return r;
  };
  console.log(
    '\n(2) 50 connections, 10 s each, server on the embedded database (PGlite), in another process:',
  );
  const trivial = await measure('trivial Fastify route', `${base}/bench/trivial`);
  const endpoint = await measure('GET /api/reservations/available/', availability);
  child.disconnect();
  await once(child, 'exit');

  console.log(`    load average ${os.loadavg()[0]!.toFixed(1)} at the end`);
  const ratio = (endpoint.requests.average / trivial.requests.average) * 100;
  const pass = endpoint.latency.p99 < 20;
  console.log(
    `\n    availability: ${ratio.toFixed(0)} % of the trivial route's requests/s; p99 ${endpoint.latency.p99} ms ` +
      `(budget: under 20 ms) ${pass ? 'PASS' : 'OVER BUDGET'}`,
  );
  if (!pass) process.exitCode = 1;
}

if (process.env.BENCH_BOOKING_SERVER === '1') await serve();
else await main();
