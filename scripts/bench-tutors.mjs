// DESIGN §4 budget: GET /api/tutors/public/ at 50 connections must reach at least 50 % of the requests per second
// of a trivial Fastify route measured in the same run. Starts the real app (embedded database, demo data) in a
// child process with one extra trivial route, then runs autocannon against both from this process.
// Usage: npx node scripts/bench-tutors.mjs [seconds per run, default 10]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv[2] === '--serve') {
  const { loadConfig } = await import(path.join(root, 'apps/api/src/config.ts'));
  const { buildApp } = await import(path.join(root, 'apps/api/src/app.ts'));
  const { embeddedDataDir, migrateDatabase, openDatabase } = await import(
    path.join(root, 'apps/api/src/db/client.ts')
  );
  const { seedDemoData } = await import(path.join(root, 'apps/api/src/db/seed/demo.ts'));
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent', SEED_DEMO: '1' });
  const database = await openDatabase({ engine: 'pglite', dataDir: embeddedDataDir(config.dataDir) });
  await migrateDatabase(database);
  const app = await buildApp({ config, database });
  app.get('/bench/trivial', () => ({ ok: true }));
  // The same bytes as the tutor list from a route with no work at all: the ceiling that body size sets.
  let sameSize = '[]';
  app.get('/bench/same-size', (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(sameSize),
  );
  await seedDemoData(database.db, config);
  sameSize = (await app.inject({ method: 'GET', url: '/api/tutors/public/' })).body;
  await app.listen({ port: config.port, host: '127.0.0.1' });
  process.send?.('ready');
} else {
  const { default: autocannon } = await import('autocannon');
  const seconds = Number(process.argv[2] ?? 10);
  const port = 4290 + Math.floor(Math.random() * 9);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tutors-'));
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const check = await fetch(`${base}/api/tutors/public/`);
    const tutors = await check.json();
    console.log(
      `GET /api/tutors/public/ answers ${tutors.length} tutors (${JSON.stringify(tutors).length} bytes)`,
    );
    const run = (url, duration = seconds) =>
      new Promise((resolve, reject) =>
        autocannon({ url, connections: 50, duration }, (err, result) =>
          err ? reject(err) : resolve(result),
        ),
      );
    // Warm-up of both paths (JIT, cache fill).
    await run(`${base}/bench/trivial`, 2);
    await run(`${base}/api/tutors/public/`, 2);
    // Interleaved rounds, so that load from other processes on the machine falls on both alike.
    const rounds = 3;
    const trivialRuns = [];
    const listRuns = [];
    const sameSizeRuns = [];
    for (let i = 0; i < rounds; i += 1) {
      trivialRuns.push(await run(`${base}/bench/trivial`));
      listRuns.push(await run(`${base}/api/tutors/public/`));
      sameSizeRuns.push(await run(`${base}/bench/same-size`));
    }
    const merge = (runs) => ({
      requests: { average: runs.reduce((sum, r) => sum + r.requests.average, 0) / runs.length },
      latency: { p99: Math.max(...runs.map((r) => r.latency.p99)) },
      non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
    });
    const trivial = merge(trivialRuns);
    const list = merge(listRuns);
    const ratio = list.requests.average / trivial.requests.average;
    const line = (name, r) =>
      `${name.padEnd(24)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${r.latency.p99} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
    console.log(line('trivial route', trivial));
    console.log(line('GET /api/tutors/public/', list));
    const sameSize = merge(sameSizeRuns);
    console.log(line('same bytes, no work', sameSize));
    console.log(`ratio ${(ratio * 100).toFixed(1)} % (budget: at least 50 %)`);
    console.log(
      `the list reaches ${((list.requests.average / sameSize.requests.average) * 100).toFixed(0)} % of a route that only sends the same bytes`,
    );
    process.exitCode = ratio >= 0.5 && list.non2xx === 0 ? 0 : 1;
  } finally {
    stop();
  }
}
