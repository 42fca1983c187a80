/**
 * `npm run bench:booking` (DESIGN §4, issue 17): month availability for a tutor with 5 windows a day and 200
 * booked sessions. Prints (1) the rule alone, median and p99 over many runs, and (2) the endpoint under 50
 * connections with autocannon against the product started exactly as `npm start` runs it (the start script's
 * environment, Node flags and logging; embedded database with demo data and the benchmark tutor), beside a bare
 * Fastify in its own process sending the same bytes, measured before and after it (BENCH_SECONDS, BENCH_ROUNDS).
 * Goal: p99 under 10 ms.
 */
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { weekdayCodes } from '@tibeb/domain/bookings/messages';
import { monthAvailability } from '@tibeb/domain/bookings/availability';
import { monthDates, type BookedEntry, type TimeWindow } from '@tibeb/domain/bookings/slots';
import { loadConfig } from '../platform/config.ts';
import { embeddedDataDir, migrateDatabase, openDatabase, type Db } from '../platform/db/client.ts';
import { seedDemoData } from '../platform/db/seed/demo.ts';
import { reservations, sessions, tutorAvailability, tutors } from '../platform/db/schema/index.ts';

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

/**
 * The product's data: a data directory with the demo data and the benchmark tutor, made here and closed, so that
 * the server then starts on it exactly as `npm start` would on an existing database.
 */
async function prepare(dataDir: string): Promise<number> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' });
  const database = await openDatabase({ engine: 'pglite', dataDir: embeddedDataDir(config.dataDir) });
  await migrateDatabase(database);
  await seedDemoData(database.db, config);
  const tutorId = await seedTutor(database.db);
  await database.close();
  return tutorId;
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

  // (2) The product as `npm start` runs it (bench-lib.mjs: the start script's environment, Node flags and
  // logging) on the prepared data, beside a bare Fastify in its own process sending the same bytes.
  const lib = (await import(new URL('../../../../scripts/bench-lib.mjs', import.meta.url).href)) as BenchLib;
  const dataDir = lib.tempDir('tibeb-bench-booking-');
  const tutorId = await prepare(dataDir);
  const product = await lib.startProduct({ dataDir });
  let bare: Awaited<ReturnType<BenchLib['startBare']>> | undefined;
  try {
    const path = `/api/reservations/available/?tutor_id=${tutorId}&year=${year}&month=${month}&duration_minutes=${durationMinutes}&only_future=1`;
    const check = await fetch(`${product.base}${path}`);
    const text = await check.text();
    const body = JSON.parse(text) as { available: Record<string, string[]> };
    if (!check.ok || Object.keys(body.available).length < 28)
      throw new Error(`unexpected answer ${check.status}`);
    const bodyFile = `${dataDir}/availability.json`;
    writeFileSync(bodyFile, text);
    bare = await lib.startBare({ availability: bodyFile });
    console.log(
      `\n(2) 50 connections, the product as npm start runs it (embedded database, logging on), ${text.length} bytes:`,
    );
    const result = await lib.compare(
      'Month availability (goal: p99 under 10 ms)',
      { label: 'GET /api/reservations/available/', url: `${product.base}${path}`, pid: product.pid },
      {
        label: `bare Fastify, same ${text.length} bytes`,
        url: `${bare.base}/same/availability`,
        pid: bare.pid,
      },
    );
    console.log(`    load average ${os.loadavg()[0]!.toFixed(1)} at the end`);
    const pass = result.product.p99 < 10;
    console.log(
      `\n    availability: p99 ${result.product.p99} ms (goal: under 10 ms) ${pass ? 'PASS' : 'OVER BUDGET'}; ` +
        `${(result.ratio * 100).toFixed(0)} % of the bare route's requests/s`,
    );
    if (!pass) process.exitCode = 1;
  } finally {
    await bare?.stop();
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What scripts/bench-lib.mjs offers (plain JavaScript, shared with the root bench scripts). */
type Run = { rps: number; p50: number; p99: number; cpuUs: number; non2xx: number };
type BenchLib = {
  tempDir: (prefix: string) => string;
  startProduct: (opts: { dataDir: string; port?: number }) => Promise<{
    base: string;
    pid: number;
    stop: () => Promise<void>;
  }>;
  startBare: (
    bodies: Record<string, string>,
  ) => Promise<{ base: string; pid: number; stop: () => Promise<void> }>;
  compare: (
    label: string,
    product: { label: string; url: string; pid: number },
    bare: { label: string; url: string; pid: number },
  ) => Promise<{ product: Run; bare: Run; ratio: number }>;
};

await main();
