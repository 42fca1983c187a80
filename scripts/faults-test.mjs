#!/usr/bin/env node
// npm run test:faults — the API under a booking load while its dependencies fail (issue 29 item 1, DESIGN §4):
// every PostgreSQL connection of its database is ended twice (what a restart or a failover does), and Redis is
// cut for a few seconds then restored (through a TCP proxy this script runs in front of it). Checks that the
// process lives throughout, that every write the API acknowledged is in the database, that answers during an
// outage are 503 (never 500), and that service returns by itself within 5 s of each fault; prints the figures.
//
// Runs the built server (`npm run build` first; apps/api's start script) on this machine's PostgreSQL, in a
// private database `tibeb_faults_<pid>` dropped at the end, and Redis:
//   FAULTS_ADMIN_URL  PostgreSQL server (postgres://postgres@127.0.0.1:5432/postgres, or TEST_DATABASE_URL's)
//   FAULTS_REDIS_URL  Redis logical database, flushed first (redis://127.0.0.1:6379/13)
//   --keep-logs       keep the server's log and print where it is
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import Redis from 'ioredis';
import { root, startCommand } from './bench-lib.mjs';
import {
  adminDatabaseUrl,
  adminQuery,
  api,
  booking,
  clientAddresses,
  createTutor,
  freePort,
  sleep,
  tally,
} from './fleet-lib.mjs';

const started = Date.now();
const adminUrl = adminDatabaseUrl(process.env.FAULTS_ADMIN_URL);
const redisUrl = new URL(process.env.FAULTS_REDIS_URL ?? 'redis://127.0.0.1:6379/13');
const dbName = `tibeb_faults_${process.pid}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tibeb-faults-'));
const metricsToken = 'faults-test-metrics-token-0123456789';
/** The time each fault leaves the service to come back by itself (issue 29). */
const RECOVERY_BUDGET_MS = 5000;
const WORKERS = 8;
const TUTORS = 40;

const failures = [];
const check = (ok, message) => {
  console.log(`${ok ? '  ✓' : '  ✗'} ${message}`);
  if (!ok) failures.push(message);
};
const nextClient = clientAddresses();
const at = () => Date.now() - started;

// ---------- Redis behind a proxy this script can cut ----------

/** A TCP proxy to Redis: `cut()` closes every connection and refuses new ones until `restore()`. */
async function startRedisProxy() {
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(redisUrl.port || 6379), redisUrl.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await freePort();
  const listen = async () => {
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
  };
  await listen();
  return {
    url: `redis://127.0.0.1:${port}${redisUrl.pathname}`,
    cut: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

// ---------- the server ----------

let server;
async function startServer(redisProxyUrl) {
  const start = startCommand();
  const port = await freePort();
  const logFile = path.join(workDir, 'server.log');
  const log = fs.createWriteStream(logFile);
  const proc = spawn(process.execPath, [...start.flags, start.entry], {
    cwd: path.join(root, 'apps/api'),
    env: {
      ...process.env,
      ...start.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '8',
      REDIS_URL: redisProxyUrl,
      TRUST_PROXY: '127.0.0.1',
      PAYMENTS_DEMO: '1',
      STRIPE_SECRET_KEY: '',
      SMTP_URL: '',
      SEED_DEMO: '1',
      METRICS_TOKEN: metricsToken,
      DATA_DIR: path.join(workDir, 'data'),
      WEB_DIST: path.join(workDir, 'no-web-build'),
      LOG_LEVEL: 'info',
      // Holds may take a tutor's whole month here: the load books many slots of few tutors.
      HOLD_TUTOR_SHARE_PERCENT: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = { proc, base: `http://127.0.0.1:${port}`, logFile, log, exits: [] };
  proc.stdout.on('data', (chunk) => log.write(chunk));
  proc.stderr.on('data', (chunk) => log.write(chunk));
  proc.on('exit', (code, signal) => server.exits.push({ code, signal, at: at() }));
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) {
      throw new Error(
        `the server exited (${proc.exitCode}):\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`,
      );
    }
    try {
      if ((await fetch(`${server.base}/api/ready`)).ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the server was not ready within 60 s');
}

async function stopServer() {
  if (!server || server.stopped) return;
  server.stopped = true;
  const closed = once(server.proc, 'close');
  if (server.proc.exitCode === null && server.proc.signalCode === null) server.proc.kill('SIGTERM');
  if (!(await Promise.race([closed.then(() => true), sleep(10_000).then(() => false)]))) {
    server.proc.kill('SIGKILL');
    await closed;
  }
  await new Promise((resolve) => server.log.end(resolve));
}

/** A metric's value at /api/metrics (undefined when absent or unreachable). */
async function metric(name) {
  try {
    const res = await fetch(`${server.base}/api/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    const match = new RegExp(`^${name} (\\d+)`, 'm').exec(await res.text());
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

// ---------- the load ----------

/** Every write answer: when it started and ended (ms since start), its status, and the reservation it made. */
const answers = [];
let stopLoad = false;
let sequence = 0;
/** The first write refused for another reason than an outage (shown when the check fails). */
let firstRefusal;

/** The n-th booking gets a slot nobody else asks for: its tutor, a 2-month period, a weekday and an hour. */
function slot(n) {
  const tutor = tutors[n % TUTORS];
  const m = Math.floor(n / TUTORS);
  const day = new Date(Date.UTC(2031, 0, 6 + 56 * (m % 6) + (Math.floor(m / 6) % 7)));
  const hour = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00', '17:00'][Math.floor(m / 42) % 7];
  return { tutor, date: day.toISOString().slice(0, 10), time: hour };
}

/** Every other write a booking (a hold of 4 weekly sessions), the others a message to the team. */
async function write(n) {
  if (n % 2 === 0) {
    const { tutor, date, time } = slot(n / 2);
    const res = await api(server.base, 'POST', '/api/reservations/reservations/', {
      body: booking(tutor, { date, time }),
      client: nextClient(),
      signal: AbortSignal.timeout(15_000),
    });
    return { kind: 'booking', ...res };
  }
  const res = await api(server.base, 'POST', '/api/contacts/', {
    body: { name: 'Meron', email: `load.${n}.${process.pid}@example.com`, message: 'Do you teach Tigrigna?' },
    client: nextClient(),
    signal: AbortSignal.timeout(15_000),
  });
  return { kind: 'contact', ...res };
}

async function worker() {
  while (!stopLoad) {
    const n = sequence++;
    const t0 = at();
    let status;
    let id;
    let kind;
    try {
      const res = await write(n);
      ({ status, kind } = res);
      id = res.json?.id;
      if (status >= 300 && status !== 503 && !firstRefusal)
        firstRefusal = `${status} ${JSON.stringify(res.json)}`;
      if (status === 500) console.log(`  500 at ${t0} ms: ${JSON.stringify(res.json)}`);
    } catch (err) {
      // No answer at all (the process gone, a connection refused or a request that hung).
      status = `no answer (${err.cause?.code ?? err.name})`;
    }
    answers.push({ n, kind, start: t0, end: at(), status, id });
  }
}

/** Liveness every 100 ms: the process must answer throughout. */
const liveness = [];
async function livenessProbe() {
  while (!stopLoad) {
    const t0 = at();
    try {
      const res = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(2000) });
      liveness.push({ at: t0, ok: res.ok });
    } catch {
      liveness.push({ at: t0, ok: false });
    }
    await sleep(100);
  }
}

// ---------- the faults ----------

let tutors = [];
let pool;
const rows = async (text, params = []) => (await pool.query(text, params)).rows;
const faults = [];

/** Ends every connection of the test's database (the server's pool, its listeners, its job lease). */
async function terminateAll() {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows: ended } = await client.query(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [dbName],
    );
    return ended.filter((r) => r.ended).length;
  } finally {
    await client.end();
  }
}

/** Milliseconds from `since` to the first write that started after it and was acknowledged (Infinity: none). */
async function firstSuccessAfter(since, deadlineMs) {
  const limit = since + deadlineMs;
  for (;;) {
    const ok = answers.find((a) => a.start >= since && typeof a.status === 'number' && a.status < 300);
    if (ok) return ok.end - since;
    if (at() > limit) return Infinity;
    await sleep(20);
  }
}

/** Milliseconds from `since` until `read()` is true (Infinity past the deadline). */
async function until(since, read, deadlineMs) {
  for (;;) {
    if (await read()) return at() - since;
    if (at() - since > deadlineMs) return Infinity;
    await sleep(50);
  }
}

async function databaseFault(round) {
  const t = at();
  const ended = await terminateAll();
  const recoveredMs = await firstSuccessAfter(t, RECOVERY_BUDGET_MS * 2);
  // The cache bus's LISTEN connection reconnects by itself too.
  const listeningMs = await until(
    t,
    async () => (await metric('cache_bus_listening')) === 1,
    RECOVERY_BUDGET_MS * 2,
  );
  faults.push({ fault: `postgres ${round}`, at: t, ended, recoveredMs, listeningMs });
  console.log(
    `  PostgreSQL fault ${round} at ${t} ms: ${ended} connections ended; writes back after ${recoveredMs} ms, LISTEN after ${listeningMs} ms`,
  );
}

async function redisFault(proxy) {
  const t = at();
  await proxy.cut();
  // While Redis is away the limits count on the instance: bookings go on, and a limit still holds.
  const duringMs = await firstSuccessAfter(t, RECOVERY_BUDGET_MS * 2);
  const client = nextClient();
  const contacts = [];
  for (let i = 0; i < 8; i++) {
    const res = await api(server.base, 'POST', '/api/contacts/', {
      body: { name: 'Meron', email: `faults.${i}.${process.pid}@example.com`, message: 'Hello' },
      client,
    });
    contacts.push(res.status);
  }
  const shared = await metric('rate_limit_counters_shared');
  await sleep(Math.max(0, t + 4000 - at()));
  const restoredAt = at();
  await proxy.restore();
  const sharedAgainMs = await until(
    restoredAt,
    async () => (await metric('rate_limit_counters_shared')) === 1,
    RECOVERY_BUDGET_MS * 2,
  );
  faults.push({
    fault: 'redis',
    at: t,
    outageMs: restoredAt - t,
    recoveredMs: duringMs,
    contactPostsFromOneAddress: tally(contacts),
    sharedDuringOutage: shared,
    sharedAgainMs,
  });
  console.log(
    `  Redis cut at ${t} ms for ${restoredAt - t} ms: writes went on (first after ${duringMs} ms), contact posts from one address ${JSON.stringify(tally(contacts))}, limits shared again ${sharedAgainMs} ms after its return`,
  );
}

// ---------- the run ----------

async function main() {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await adminQuery(adminUrl, `CREATE DATABASE ${dbName}`);
  const redis = new Redis(redisUrl.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  await redis.quit();
  const proxy = await startRedisProxy();
  try {
    console.log(
      `▶ the API on ${databaseUrl.replace(/\/\/[^@]*@/, '//')} and ${redisUrl} (through ${proxy.url})`,
    );
    await startServer(proxy.url);
    console.log(`  ready in ${(at() / 1000).toFixed(1)} s; log ${server.logFile}`);
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    pool.on('error', () => {});
    for (let i = 0; i < TUTORS; i++) tutors.push(await createTutor(rows, `Faults Tutor ${i}`, 3000 + i));

    console.log(`\n▶ ${WORKERS} clients booking and writing at once; PostgreSQL ended twice, Redis cut once`);
    const loadStart = at();
    const load = Promise.all([...Array.from({ length: WORKERS }, worker), livenessProbe()]);
    await sleep(2000);
    await databaseFault(1);
    await sleep(2000);
    await databaseFault(2);
    await sleep(2000);
    await redisFault(proxy);
    await sleep(2000);
    stopLoad = true;
    await load;
    const loadEnd = at();

    console.log('\n▶ checks');
    const alive = server.proc.exitCode === null && server.proc.signalCode === null;
    check(
      alive && server.exits.length === 0,
      `the process lived throughout${alive ? '' : `: ${JSON.stringify(server.exits)}`}`,
    );
    const down = liveness.filter((l) => !l.ok);
    check(
      down.length === 0,
      `it answered every liveness probe: ${liveness.length - down.length}/${liveness.length}`,
    );

    const statuses = tally(answers.map((a) => a.status));
    const acknowledged = answers.filter((a) => typeof a.status === 'number' && a.status < 300);
    const idsOf = (kind) => acknowledged.filter((a) => a.kind === kind).map((a) => a.id);
    const count = async (table, ids) =>
      (await rows(`select count(*)::int as n from ${table} where id = any($1)`, [ids]))[0].n;
    const bookings = idsOf('booking');
    const contacts = idsOf('contact');
    const stored = (await count('reservations', bookings)) + (await count('contact_messages', contacts));
    check(
      acknowledged.every((a) => a.id !== undefined) && stored === acknowledged.length,
      `every acknowledged write is in the database: ${stored}/${acknowledged.length} (${bookings.length} bookings, ${contacts.length} messages)`,
    );
    const failed = answers.filter((a) => typeof a.status !== 'number' || a.status >= 500);
    check(
      failed.every((a) => a.status === 503),
      `every failed write answered 503 (never 500, never no answer): ${JSON.stringify(tally(failed.map((a) => a.status)))}`,
    );
    const unexpected = answers.filter(
      (a) => typeof a.status === 'number' && a.status >= 300 && a.status < 500,
    );
    check(
      unexpected.length === 0,
      `no write refused otherwise: ${JSON.stringify(tally(unexpected.map((a) => a.status)))}${firstRefusal ? ` (first: ${firstRefusal})` : ''}`,
    );
    for (const f of faults) {
      check(
        f.recoveredMs <= RECOVERY_BUDGET_MS,
        `${f.fault}: writes acknowledged again within 5 s (${f.recoveredMs} ms)`,
      );
      if (f.listeningMs !== undefined)
        check(
          f.listeningMs <= RECOVERY_BUDGET_MS,
          `${f.fault}: the cache bus listens again within 5 s (${f.listeningMs} ms)`,
        );
      if (f.sharedAgainMs !== undefined) {
        check(
          f.sharedDuringOutage === 0,
          `redis: the metrics say the limits count locally during the outage`,
        );
        check(
          f.sharedAgainMs <= RECOVERY_BUDGET_MS,
          `redis: limits shared again within 5 s of its return (${f.sharedAgainMs} ms)`,
        );
        const posts = f.contactPostsFromOneAddress;
        check(
          (posts[201] ?? 0) <= 5 && (posts[429] ?? 0) >= 3,
          `redis: the contact limit (5 per address) held while it was away: ${JSON.stringify(posts)}`,
        );
      }
    }
    const log = fs.readFileSync(server.logFile, 'utf8');
    const redisWarnings = log.split('\n').filter((l) => l.includes('redis unavailable')).length;
    check(redisWarnings === 1, `the log says once that the limits count locally: ${redisWarnings} line(s)`);

    const seconds = (loadEnd - loadStart) / 1000;
    console.log('\n▶ figures');
    console.log(
      JSON.stringify(
        {
          writes: answers.length,
          perSecond: Math.round(answers.length / seconds),
          statuses,
          acknowledged: acknowledged.length,
          stored,
          faults: faults.map(({ at: _at, ...f }) => f),
          livenessProbes: liveness.length,
        },
        (_k, v) => (v === Infinity ? '> budget' : v),
        2,
      ),
    );
  } finally {
    await proxy.close();
  }
}

let crashed;
try {
  await main();
} catch (err) {
  crashed = err;
} finally {
  await stopServer().catch(() => {});
  await pool?.end().catch(() => {});
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
}
const keep = process.argv.includes('--keep-logs') || crashed || failures.length > 0;
if (!keep) fs.rmSync(workDir, { recursive: true, force: true });
console.log(`${((Date.now() - started) / 1000).toFixed(1)} s`);
if (crashed) {
  console.error(crashed);
  console.error(`server log: ${workDir}`);
  process.exit(1);
}
if (failures.length) {
  console.error(`\n${failures.length} check(s) failed; server log: ${workDir}`);
  process.exit(1);
}
if (keep) console.log(`server log: ${workDir}`);
console.log('fault test passed');
