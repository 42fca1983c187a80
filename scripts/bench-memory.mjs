// `npm run bench:memory` (DESIGN §4, issue 17): resident memory of the product, started exactly as `npm start`
// runs it (apps/api's start script: its environment, Node flags and logging), after 60 s of mixed public load
// at 50 connections (tutor list and details, subjects, offers, blog, month availability, health, the home
// page; browsers' gzip/brotli and plain clients alike). Budgets: 400 MB on the embedded database, 200 MB on
// PostgreSQL.
// Runs: the embedded database (fresh data directory, demo data), then PostgreSQL on a fresh database it creates
// on BENCH_POSTGRES (default postgres://postgres@127.0.0.1:5432/postgres; BENCH_POSTGRES=0 skips it) and drops.
// BENCH_MINUTES=10 loads for ten minutes instead and prints the curve (resident memory every 30 s) with the growth
// between the 2nd and the last minute (goal: flat). BENCH_ENGINES=embedded|postgres picks one engine.
// BENCH_DATABASE_URL measures PostgreSQL on a database that exists (e.g. one `BENCH_KEEP=1 npm run bench:scale`
// kept: the caches at the growth sizes, decision 246), neither seeded nor dropped.
import fs from 'node:fs';
import {
  cannon,
  connections,
  machineLine,
  sleep,
  startCommand,
  startProduct,
  tempDir,
  requireFromApi,
} from './bench-lib.mjs';

const pg = requireFromApi('pg');

const minutes = Number(process.env.BENCH_MINUTES ?? 1);
const postgresAdmin = process.env.BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const engines = (process.env.BENCH_ENGINES ?? `embedded${postgresAdmin === '0' ? '' : ',postgres'}`).split(
  ',',
);
const budgets = { embedded: 400, postgres: 200 };

/** The mixed public load: what the site's pages ask for, in proportions a visit makes. */
async function mixedRequests(base) {
  const tutors = await (await fetch(`${base}/api/tutors/public/`)).json();
  const posts = (await (await fetch(`${base}/api/blog/posts/`)).json()).results ?? [];
  const year = new Date().getUTCFullYear();
  const month = new Date().getUTCMonth() + 1;
  const paths = [
    '/api/tutors/public/',
    '/api/tutors/public/',
    '/api/subjects/public/',
    '/api/offers/',
    '/api/blog/posts/',
    '/api/health',
    '/',
    ...tutors.slice(0, 6).map((t) => `/api/tutors/public/${t.id}/`),
    ...tutors
      .slice(0, 6)
      .map(
        (t) =>
          `/api/reservations/available/?tutor_id=${t.id}&year=${year}&month=${month}&duration_minutes=60&only_future=1`,
      ),
    ...posts.slice(0, 3).map((p) => `/api/blog/posts/slug/${p.slug}/`),
  ];
  const encodings = ['br, gzip', 'gzip', ''];
  return paths.map((path, i) => ({
    method: 'GET',
    path,
    headers: encodings[i % 3] ? { 'accept-encoding': encodings[i % 3] } : {},
  }));
}

async function run(engine) {
  const dataDir = tempDir(`tibeb-bench-memory-${engine}-`);
  let database;
  const env = {};
  if (engine === 'postgres' && process.env.BENCH_DATABASE_URL) {
    Object.assign(env, { DATABASE_URL: process.env.BENCH_DATABASE_URL, SEED_DEMO: '0' });
  } else if (engine === 'postgres') {
    database = `bench_memory_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: postgresAdmin });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(postgresAdmin);
    url.pathname = `/${database}`;
    // The first start migrates and seeds (SEED_DEMO=1: the README's way to demo data on PostgreSQL); the
    // measured one is a plain restart on that data, as production runs.
    const seeding = await startProduct({
      dataDir,
      env: { DATABASE_URL: url.toString(), SEED_DEMO: '1' },
    });
    await seeding.stop();
    Object.assign(env, { DATABASE_URL: url.toString(), SEED_DEMO: '0' });
  }
  const product = await startProduct({ dataDir, env });
  const curve = [];
  try {
    const requests = await mixedRequests(product.base);
    const label = engine === 'embedded' ? 'embedded database (PGlite)' : 'PostgreSQL';
    console.log(
      `\n${label}: started in ${product.startMs} ms, resident ${product.rssMb().toFixed(0)} MB before load`,
    );
    const totalSeconds = minutes * 60;
    const stepSeconds = minutes > 1 ? 30 : 60;
    let answered = 0;
    for (let at = stepSeconds; at <= totalSeconds; at += stepSeconds) {
      const r = await cannon(product.base, { duration: stepSeconds, requests, pid: product.pid });
      answered += r.rps * stepSeconds;
      const rss = product.rssMb();
      curve.push({ at, rss, rps: r.rps, p99: r.p99, non2xx: r.non2xx });
      console.log(
        `  ${String(at).padStart(4)} s  resident ${rss.toFixed(0).padStart(4)} MB   ${r.rps.toFixed(0).padStart(6)} req/s   p99 ${r.p99} ms${r.non2xx ? `   non-2xx ${r.non2xx}` : ''}${r.errors ? `   errors ${r.errors}` : ''}`,
      );
    }
    await sleep(2000);
    const after = product.rssMb();
    const budget = budgets[engine];
    console.log(
      `  after ${minutes} min of mixed load at ${connections} connections (${Math.round(answered)} requests): resident ${after.toFixed(0)} MB (budget ${budget} MB) ${after <= budget ? 'PASS' : 'OVER BUDGET'}`,
    );
    if (minutes >= 3) {
      const second = curve.find((c) => c.at >= 120) ?? curve[0];
      const last = curve.at(-1);
      const growth = last.rss - second.rss;
      console.log(
        `  growth from minute 2 to minute ${minutes}: ${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MB (${second.rss.toFixed(0)} → ${last.rss.toFixed(0)} MB) ${growth <= 10 ? 'FLAT' : 'GROWING'}`,
      );
    }
    return after <= budget;
  } finally {
    await product.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (database) {
      const admin = new pg.Client({ connectionString: postgresAdmin });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  }
}

console.log(`Server memory under mixed load (DESIGN §4). Product: ${startCommand().script}, logging on`);
console.log(machineLine());
let ok = true;
for (const engine of engines) ok = (await run(engine)) && ok;
process.exitCode = ok ? 0 : 1;
