// Resident memory of the server with demo data (DESIGN §4: at most 400 MB on the embedded database, 150 MB on
// PostgreSQL). Starts the real server, waits for health, exercises the public pages' API reads, lets it settle,
// then reads VmRSS. Runs: a fresh embedded database (migrate + seed), a restart on that data, and PostgreSQL
// when BENCH_DATABASE_URL is set.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.BENCH_PORT ?? 4390);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tibeb-mem-'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// Measure the server exactly as `npm start` runs it: the same Node flags as apps/api's start script.
const startScript = JSON.parse(fs.readFileSync('apps/api/package.json', 'utf8')).scripts.start;
const nodeFlags = startScript.split(/\s+/).filter((word) => word.startsWith('--'));
const scriptEnv = Object.fromEntries(
  startScript
    .split(/\s+/)
    .filter((word) => /^[A-Z_]+=/.test(word))
    .map((word) => word.split('=')),
);

async function measure(label, extraEnv) {
  const child = spawn(process.execPath, [...nodeFlags, 'apps/api/src/server.ts'], {
    env: {
      ...process.env,
      ...scriptEnv,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const started = Date.now();
    for (;;) {
      if (Date.now() - started > 180_000) throw new Error('server did not start in 180 s');
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
    const startMs = Date.now() - started;
    for (let i = 0; i < 20; i++) {
      for (const p of [
        '/api/tutors/public/',
        '/api/subjects/public/',
        '/api/offers/',
        '/api/blog/posts/',
        '/',
      ]) {
        await fetch(`${base}${p}`).then((r) => r.arrayBuffer());
      }
    }
    await sleep(5000);
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    console.log(
      `${label.padEnd(34)} start ${String(startMs).padStart(6)} ms   resident ${rss.toFixed(0).padStart(4)} MB   peak ${hwm.toFixed(0).padStart(4)} MB`,
    );
    return rss;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

console.log('Server memory with demo data (budget: 400 MB embedded, 150 MB PostgreSQL)');
await measure('embedded, fresh (migrate + seed)', { SEED_DEMO: '1' });
await measure('embedded, restart on that data', { SEED_DEMO: '1' });
if (process.env.BENCH_DATABASE_URL) {
  await measure('PostgreSQL, seeding in-process', {
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    SEED_DEMO: '1',
  });
  // Production on PostgreSQL never seeds: its steady state is a start on a database that already has the data.
  await measure('PostgreSQL, restart on that data', {
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    SEED_DEMO: '0',
  });
}
fs.rmSync(dataDir, { recursive: true, force: true });
