// `npm run bench:scale` (DESIGN §4 "Growth", issue 28 item 5, decision 241): the product on PostgreSQL at the growth
// sizes (20,000 published tutors, 100,000 families, 1,000,000 sessions), loaded at 50 connections, endpoint by
// endpoint: p50/p99 latency and the answer's bytes against the budgets (the directory's first page under 20 KB with
// p99 under 50 ms; admin lists and reports p99 under 500 ms).
//
// Steps: a fresh database (BENCH_DATABASE, default tibeb_scale) on BENCH_POSTGRES (default
// postgres://postgres@127.0.0.1:5432/postgres; its user must be able to create databases and, for the seeding,
// be a superuser); the built server started once on it with the demo data (it migrates, and the demo gives the
// subjects and a few of everything); the growth data seeded with set-based SQL (scripts/bench-scale-seed.mjs); an
// administrator created with the product's own `create-admin`; then the server started as `npm start` runs it and
// every endpoint loaded for BENCH_SECONDS (default 10) at BENCH_CONNECTIONS (default 50).
// BENCH_SCALE=0.1 seeds a tenth. BENCH_KEEP=1 keeps the database (and BENCH_REUSE=1 measures a kept one again
// without seeding). BENCH_ONLY=<substring> measures only the endpoints whose label contains it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import zlib from 'node:zlib';
import fs from 'node:fs';
import {
  cannon,
  connections,
  machineLine,
  requireFromApi,
  root,
  seconds,
  startCommand,
  startProduct,
  tempDir,
} from './bench-lib.mjs';
import { seedStatements, sizes } from './bench-scale-seed.mjs';

const pg = requireFromApi('pg');

const scale = Number(process.env.BENCH_SCALE ?? 1);
const keep = process.env.BENCH_KEEP === '1';
const reuse = process.env.BENCH_REUSE === '1';
const only = process.env.BENCH_ONLY ?? '';
const adminUrl = process.env.BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = process.env.BENCH_DATABASE ?? 'tibeb_scale';
if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error('BENCH_DATABASE: lower-case letters, digits and _');
if (!(scale > 0 && scale <= 2)) throw new Error('BENCH_SCALE: a number in (0, 2]');
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
})();
const ADMIN = {
  username: 'scale-admin',
  email: 'scale-admin@example.test',
  password: 'scale-admin-password-1',
};

const fmtMs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function recreateDatabase() {
  await withClient(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${database}`);
  });
}

async function dropDatabase() {
  await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
}

async function seed() {
  const started = Date.now();
  await withClient(databaseUrl, async (c) => {
    await c.query(`SET session_replication_role = replica`);
    await c.query(`SET work_mem = '256MB'`);
    await c.query(`SET maintenance_work_mem = '512MB'`);
    for (const [label, text] of seedStatements(scale)) {
      const t0 = Date.now();
      const r = await c.query(text);
      if (label)
        console.log(
          `  ${label.padEnd(52)} ${String(r.rowCount ?? '').padStart(9)} rows  ${fmtMs(Date.now() - t0)}`,
        );
    }
    await c.query(`SET session_replication_role = origin`);
    const t0 = Date.now();
    await c.query(`VACUUM (ANALYZE)`);
    console.log(`  ${'vacuum, analyze'.padEnd(52)} ${''.padStart(9)}       ${fmtMs(Date.now() - t0)}`);
  });
  console.log(`seeded in ${fmtMs(Date.now() - started)}`);
}

async function counts() {
  return withClient(databaseUrl, async (c) => {
    const { rows } = await c.query(`select
      (select count(*) from tutors where is_published and is_active)::int as published_tutors,
      (select count(*) from users where role = 'student')::int as families,
      (select count(*) from reservations)::int as reservations,
      (select count(*) from sessions)::int as sessions,
      (select count(*) from payments)::int as payments,
      (select count(*) from ledger_transactions)::int as ledger_transactions,
      (select count(*) from reviews)::int as reviews,
      (select count(*) from messages)::int as messages,
      pg_size_pretty(pg_database_size(current_database())) as size`);
    return rows[0];
  });
}

/** The product's own command for a first administrator (apps/api `create-admin`), on this database. */
function createAdmin() {
  const done = spawnSync(
    process.execPath,
    [
      'src/scripts/create-admin.ts',
      '--username',
      ADMIN.username,
      '--email',
      ADMIN.email,
      '--password',
      ADMIN.password,
    ],
    {
      cwd: path.join(root, 'apps/api'),
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    },
  );
  if (done.status !== 0 && !/already|taken|exists/i.test(`${done.stdout}${done.stderr}`))
    throw new Error(`create-admin failed: ${done.stdout}${done.stderr}`);
}

async function login(base) {
  const res = await fetch(`${base}/api/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  if (!res.ok) throw new Error(`admin login: ${res.status} ${await res.text()}`);
  return (await res.json()).access;
}

/** Waits until the next-free job has computed every published tutor's next free time (as it does after a start). */
async function nextFreeSettled(limitMs = 600_000) {
  const started = Date.now();
  for (;;) {
    const due = await withClient(databaseUrl, async (c) => {
      const { rows } = await c.query(
        `select count(*)::int as n from tutors where is_published and is_active and next_free_due_at <= now()`,
      );
      return rows[0].n;
    });
    if (due === 0 || Date.now() - started > limitMs) return { due, ms: Date.now() - started };
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** Sample ids to spread the load over many tutors, reservations and families, not one cached row. */
async function samples() {
  return withClient(databaseUrl, async (c) => {
    const tutors = (
      await c.query(`select id from tutors where is_published and is_active order by md5(id::text) limit 500`)
    ).rows.map((r) => Number(r.id));
    const busiest = (
      await c.query(
        `select tutor_id from sessions group by tutor_id order by count(*) desc, tutor_id limit 1`,
      )
    ).rows[0]?.tutor_id;
    return { tutors, busiest: Number(busiest) };
  });
}

/** One GET as a browser makes it: status, JSON bytes and their gzip size. */
async function probe(base, url, headers) {
  const t0 = Date.now();
  const res = await fetch(`${base}${url}`, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    bytes: body.length,
    gzip: zlib.gzipSync(body).length,
    ms: Date.now() - t0,
    body,
  };
}

function endpoints({ tutors, busiest }, hasSearch) {
  const now = new Date();
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const many = (f) => tutors.slice(0, 200).map((id) => f(id));
  const spread = (f) => Array.from({ length: 64 }, (_, i) => f(i));
  const list = [];
  const publicBudget = { p99: 50 };
  if (hasSearch) {
    list.push(
      {
        label: 'directory: first page (search)',
        group: 'public',
        paths: ['/api/tutors/search/'],
        budget: { p99: 50, kb: 20 },
      },
      {
        label: 'directory: sort price',
        group: 'public',
        paths: ['/api/tutors/search/?sort=price'],
        budget: { p99: 50, kb: 20 },
      },
      {
        label: 'directory: sort next free',
        group: 'public',
        paths: ['/api/tutors/search/?sort=next_free'],
        budget: { p99: 50, kb: 20 },
      },
      {
        label: 'directory: filters (subject, grade, language, day)',
        group: 'public',
        paths: [
          '/api/tutors/search/?subject=Mathematics&grade=7&language=amharic&day=mon&time_of_day=morning',
          '/api/tutors/search/?subject=Sciences&max_price=25&sort=price',
          '/api/tutors/search/?language=english&time_of_day=evening&sort=next_free',
        ],
        budget: { p99: 50, kb: 20 },
      },
      {
        label: 'directory: text search q',
        group: 'public',
        paths: ['/api/tutors/search/?q=tesfaye', '/api/tutors/search/?q=chem'],
        budget: { p99: 50, kb: 20 },
      },
    );
  }
  list.push(
    {
      label: "the spec's full list /api/tutors/public/ (one request)",
      group: 'public',
      paths: ['/api/tutors/public/'],
      budget: publicBudget,
      probeOnly: 'not loaded: every published tutor in one answer',
    },
    {
      label: 'tutor detail /api/tutors/public/:id/',
      group: 'public',
      paths: many((id) => `/api/tutors/public/${id}/`),
      budget: publicBudget,
    },
    {
      label: 'tutor reviews (page 1)',
      group: 'public',
      paths: many((id) => `/api/tutors/public/${id}/reviews/`),
      budget: publicBudget,
    },
    {
      label: 'month availability',
      group: 'public',
      paths: many(
        (id) =>
          `/api/reservations/available/?tutor_id=${id}&year=${year}&month=${month}&duration_minutes=60&only_future=1`,
      ),
      budget: publicBudget,
    },
    {
      label: 'month availability (busiest tutor)',
      group: 'public',
      paths: [
        `/api/reservations/available/?tutor_id=${busiest}&year=${year}&month=${month}&duration_minutes=60&only_future=1`,
      ],
      budget: publicBudget,
    },
  );
  const admin = { p99: 500 };
  const adminPaths = [
    ['admin reservations (page 1)', ['/api/admin/reservations/']],
    [
      'admin reservations: status + tutor',
      tutors.slice(0, 50).map((id) => `/api/admin/reservations/?status=completed&tutor_id=${id}`),
    ],
    ['admin reservations: dates', [`/api/admin/reservations/?from=${year}-01-01&to=${year}-01-31`]],
    [
      'admin reservations: search q',
      ['/api/admin/reservations/?q=family%201234', '/api/admin/reservations/?q=student%2099'],
    ],
    ['admin reservations: page 500', ['/api/admin/reservations/?page=500']],
    ['admin payments (page 1, totals)', ['/api/admin/payments/ledger/']],
    [
      'admin payments: status + search',
      ['/api/admin/payments/ledger/?status=refunded', '/api/admin/payments/ledger/?q=family-77'],
    ],
    ['admin refunds open', ['/api/admin/payments/refunds/']],
    ['admin users (page 1)', ['/api/admin/users/']],
    ['admin users: search + role', ['/api/admin/users/?q=family-123', '/api/admin/users/?role=tutor']],
    ['admin tutors (page 1)', ['/api/admin/tutors/?page=1']],
    ['admin tutors: search', ['/api/admin/tutors/?q=tesfaye&page=1', '/api/admin/tutors/?q=math&page=1']],
    // 64 different answers, more than the 16 the snapshot cache keeps (decision 243): each one computed afresh.
    [
      'admin reservations: 64 different searches',
      spread((i) => `/api/admin/reservations/?q=family%20${1000 + i * 7}`),
    ],
    [
      'admin payments: 64 different searches',
      spread((i) => `/api/admin/payments/ledger/?q=family-${3000 + i * 11}`),
    ],
    ['admin users: 64 different searches', spread((i) => `/api/admin/users/?q=family-${2000 + i * 13}`)],
    ['admin tutors: 64 different pages', spread((i) => `/api/admin/tutors/?page=${i + 1}`)],
    ['admin ledger (page 1)', ['/api/admin/ledger/']],
    ['admin ledger: one tutor', tutors.slice(0, 50).map((id) => `/api/admin/ledger/?tutor=${id}`)],
    ['admin payouts', ['/api/admin/payouts/']],
    ['admin payouts: balances page 100', ['/api/admin/payouts/?eligible_page=100']],
    ['admin reports (12 months)', ['/api/admin/reports/']],
    ['admin reports (1 month)', [`/api/admin/reports/?from=${year}-${String(month).padStart(2, '0')}-01`]],
    ['admin money report', ['/api/admin/reports/money/']],
    ['admin dashboard', ['/api/admin/dashboard/']],
    [
      'admin audit log (one record)',
      tutors.slice(0, 50).map((id) => `/api/admin/audit/?entity_type=tutor&entity_id=${id}`),
    ],
    ['admin outbox', ['/api/admin/outbox/']],
    ['admin tutor applications', ['/api/admin/tutor-applications/']],
    ['admin blog comments', ['/api/admin/blog/comments/']],
    ['admin contacts', ['/api/admin/contacts/']],
  ];
  for (const [label, paths] of adminPaths) list.push({ label, group: 'admin', paths, budget: admin });
  return list;
}

/**
 * Waits until the server and the database are idle again (the requests an overloaded run left queued have
 * finished), so that one endpoint's backlog is not measured as the next one's latency.
 */
async function settle(base, limitMs = 120_000) {
  const started = Date.now();
  for (;;) {
    const active = await withClient(databaseUrl, async (c) => {
      const { rows } = await c.query(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      return rows[0].n;
    });
    const t0 = Date.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
    if ((active === 0 && Date.now() - t0 < 100) || Date.now() - started > limitMs)
      return Date.now() - started;
    await new Promise((r) => setTimeout(r, 500));
  }
}

function row(e, r, p) {
  // No answer within the run (every request still waiting at its end) counts as over, not as 0 ms.
  const answered = r.rps > 0;
  const ok =
    answered &&
    r.non2xx === 0 &&
    r.errors === 0 &&
    r.p99 <= e.budget.p99 &&
    (!e.budget.kb || p.bytes <= e.budget.kb * 1024);
  const budget = `p99 < ${e.budget.p99} ms${e.budget.kb ? `, < ${e.budget.kb} KB` : ''}`;
  const verdict = ok
    ? 'pass'
    : r.non2xx || r.errors
      ? `FAIL (${r.non2xx} non-2xx, ${r.errors} errors or time-outs)`
      : answered
        ? 'OVER'
        : 'OVER (no answer within the run)';
  return `| ${e.label} | ${p.ms} | ${r.rps.toFixed(0)} | ${answered ? r.p50 : '–'} | ${answered ? r.p99 : '–'} | ${kb(p.bytes)} | ${kb(p.gzip)} | ${budget} | ${verdict} |`;
}

async function measure(product, token) {
  const hasSearch = (await probe(product.base, '/api/tutors/search/', {})).status === 200;
  if (!hasSearch)
    console.log('note: /api/tutors/search/ answers no 200 here: the directory search is skipped');
  const list = endpoints(await samples(), hasSearch).filter((e) => !only || e.label.includes(only));
  const lines = [];
  let failures = 0;
  for (const e of list) {
    await settle(product.base);
    const headers = e.group === 'admin' ? { authorization: `Bearer ${token}` } : {};
    const first = await probe(product.base, e.paths[0], headers);
    if (e.probeOnly && first.status === 200) {
      lines.push(
        `| ${e.label} | ${first.ms} | – | – | – | ${kb(first.bytes)} | ${kb(first.gzip)} | ${e.probeOnly} | info |`,
      );
      console.log(lines.at(-1));
      continue;
    }
    if (first.status !== 200) {
      lines.push(
        `| ${e.label} | – | – | – | – | – | – | – | status ${first.status}: ${first.body.toString().slice(0, 120)} |`,
      );
      failures += 1;
      console.log(lines.at(-1));
      continue;
    }
    const requests = e.paths.map((p) => ({
      method: 'GET',
      path: p,
      headers: { ...headers, 'accept-encoding': 'gzip' },
    }));
    await cannon(product.base, { duration: 1, requests, pid: product.pid });
    const r = await cannon(product.base, { duration: seconds, requests, pid: product.pid });
    const line = row(e, r, first);
    if (!line.endsWith('pass |')) failures += 1;
    lines.push(line);
    console.log(line);
  }
  return { lines, failures };
}

const header = [
  '| endpoint | alone ms | req/s | p50 ms | p99 ms | bytes | gzip | budget | |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
];

console.log(
  `Growth benchmark (DESIGN §4): PostgreSQL database ${database}, scale ${scale} (${JSON.stringify(sizes(scale))})`,
);
console.log(`Product: ${startCommand().script}`);
console.log(machineLine());
const dataDir = tempDir('tibeb-bench-scale-');
let product;
let failures = 0;
try {
  if (!reuse) {
    await recreateDatabase();
    const t0 = Date.now();
    const first = await startProduct({ dataDir, env: { DATABASE_URL: databaseUrl, SEED_DEMO: '1' } });
    await first.stop();
    console.log(`migrated and demo data in ${fmtMs(Date.now() - t0)}`);
    await seed();
  }
  createAdmin();
  console.log('data:', JSON.stringify(await counts()));
  product = await startProduct({ dataDir, env: { DATABASE_URL: databaseUrl, SEED_DEMO: '0' } });
  console.log(`server started in ${product.startMs} ms, resident ${product.rssMb().toFixed(0)} MB`);
  const settled = await nextFreeSettled();
  console.log(
    `next free times of every published tutor computed by the job after ${fmtMs(settled.ms)}${settled.due ? ` (${settled.due} still due)` : ''}`,
  );
  const token = await login(product.base);
  console.log(
    `\n${connections} connections, ${seconds} s per endpoint; alone: one request before the load (a cold cache);` +
      ` bytes: the JSON answer, gzip: compressed\n`,
  );
  console.log(header.join('\n'));
  const result = await measure(product, token);
  failures = result.failures;
  console.log(`\nresident after the load: ${product.rssMb().toFixed(0)} MB; ${machineLine()}`);
  if (process.env.BENCH_OUT)
    fs.writeFileSync(process.env.BENCH_OUT, [...header, ...result.lines].join('\n') + '\n');
} catch (err) {
  // The server's own account of a failure (it may have exited): the end of its log.
  if (product && fs.existsSync(product.logFile)) {
    const log = fs.readFileSync(product.logFile, 'utf8').trimEnd().split('\n');
    console.error(
      `server exit code: ${product.child.exitCode}; the end of its log:\n${log.slice(-15).join('\n')}`,
    );
  }
  throw err;
} finally {
  await product?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!keep) await dropDatabase();
  else console.log(`kept database ${databaseUrl} (BENCH_REUSE=1 BENCH_KEEP=1 measures it again)`);
}
console.log(failures ? `${failures} endpoint(s) over budget or failing` : 'every endpoint within budget');
process.exitCode = failures ? 1 : 0;
