// Shared by the bench:* scripts (issue 17): start the product exactly as `npm start` runs it, start the bare
// Fastify in its own process, load both with autocannon at 50 connections, and print absolute figures and ratios.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.join(root, 'apps/api');
/** Packages of apps/api (autocannon, pg), resolved as apps/api resolves them. */
export const requireFromApi = createRequire(path.join(apiDir, 'package.json'));
const autocannon = requireFromApi('autocannon');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const seconds = Number(process.env.BENCH_SECONDS ?? 10);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** apps/api's start script (`VAR=… node --flags dist/server.js`) → its environment, its Node flags and its entry. */
export function parseStartScript() {
  const script = JSON.parse(fs.readFileSync(path.join(apiDir, 'package.json'), 'utf8')).scripts.start;
  const words = script.split(/\s+/);
  const env = Object.fromEntries(
    words
      .filter((w) => /^[A-Z_]+=/.test(w))
      .map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]),
  );
  const flags = words.filter((w) => w.startsWith('--'));
  const entry = words.find((w) => /\.(mjs|js|ts)$/.test(w));
  return { script, env, flags, entry };
}

let built = false;
/**
 * apps/api's start script, parsed (`parseStartScript`), the API built first (`npm run build -w @tibeb/api`, once per
 * run), as `npm start` builds it.
 */
export function startCommand() {
  if (!built) {
    const done = spawnSync(process.execPath, [path.join(apiDir, 'scripts/build.mjs')], { stdio: 'inherit' });
    if (done.status !== 0) throw new Error('API build failed');
    built = true;
  }
  return parseStartScript();
}

/**
 * The web build `npm start` makes before it starts the API (it serves it too). BENCH_WEB_DIST names one; else
 * apps/web/dist if built, else one build into a temporary folder kept for later runs.
 */
export function webDist() {
  if (process.env.BENCH_WEB_DIST) return process.env.BENCH_WEB_DIST;
  if (fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) return path.join(root, 'apps/web/dist');
  const dist = path.join(os.tmpdir(), 'tibeb-bench-web');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.log('building the web app once (npm start serves it) ...');
    const built = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
      cwd: path.join(root, 'apps/web'),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (built.status !== 0) throw new Error('web build failed');
  }
  return dist;
}

async function waitFor(url, child, limitMs = 240_000) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() - started > limitMs) throw new Error(`${url} not answering after ${limitMs} ms`);
    try {
      if ((await fetch(url)).ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
}

/**
 * Starts the product as `npm start` does: apps/api's start script's environment and Node flags, from apps/api,
 * logging as it ships (info, JSON lines to stdout, here into a log file as a container's runtime would keep
 * them). `env` adds the run's own settings (PORT, DATA_DIR, DATABASE_URL, ...).
 */
export async function startProduct({ dataDir, port, env = {}, extraFlags = [] }) {
  const { env: scriptEnv, flags, entry } = startCommand();
  port ||= await freePort();
  const logFile = path.join(dataDir, 'server.log');
  fs.mkdirSync(dataDir, { recursive: true });
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...flags, ...extraFlags, entry], {
    cwd: apiDir,
    env: {
      ...process.env,
      ...scriptEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist(),
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const base = `http://127.0.0.1:${port}`;
  const startMs = await waitFor(`${base}/api/health`, child);
  return {
    child,
    pid: child.pid,
    base,
    logFile,
    startMs,
    rssMb: () => rssMb(child.pid),
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** The bare Fastify (scripts/bench-bare.mjs) in its own process; `bodies` maps a name to a file of bytes. */
export async function startBare(bodies = {}) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/bench-bare.mjs')], {
    cwd: root,
    env: { ...process.env, BENCH_BODIES: JSON.stringify(bodies), PORT: '0' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * CPU time a process has used in its own code (user) and in the kernel for it (system: its sockets), in ms
 * (/proc/<pid>/stat, 100 ticks a second).
 */
export function cpuSplitMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * One autocannon run: requests/s (average), latency p50/p99 in ms, errors and non-2xx answers, and, given the
 * server's pid, the server's CPU time per answered request in µs (a figure other processes' load hardly moves).
 */
export async function cannon(url, { duration = seconds, headers = {}, pid, requests } = {}) {
  const cpuBefore = pid ? cpuSplitMs(pid) : { user: 0, system: 0 };
  const r = await new Promise((resolve, reject) =>
    autocannon({ url, connections, duration, headers, ...(requests ? { requests } : {}) }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );
  const answered = r.requests.total;
  const cpuAfter = pid ? cpuSplitMs(pid) : cpuBefore;
  const perRequest = (ms) => (pid && answered ? (ms * 1000) / answered : NaN);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    cpuUs: perRequest(cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system),
    userUs: perRequest(cpuAfter.user - cpuBefore.user),
    systemUs: perRequest(cpuAfter.system - cpuBefore.system),
  };
}

/** The middle value; for an even count, the mean of the two middle ones. */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The product route against the bare route, the bare one measured before and after the product in each round
 * (other processes' load falls on both alike). Prints both, and answers the ratio of the medians.
 */
export async function compare(
  label,
  product,
  bare,
  { rounds = Number(process.env.BENCH_ROUNDS ?? 2), headers } = {},
) {
  const b0 = { headers, pid: bare.pid };
  const p0 = { headers, pid: product.pid };
  await cannon(bare.url, { ...b0, duration: 2 });
  await cannon(product.url, { ...p0, duration: 2 });
  const bareRuns = [];
  const productRuns = [];
  for (let i = 0; i < rounds; i++) {
    if (i === 0) bareRuns.push(await cannon(bare.url, b0));
    productRuns.push(await cannon(product.url, p0));
    bareRuns.push(await cannon(bare.url, b0));
  }
  const sum = (runs) => ({
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    cpuUs: median(runs.map((r) => r.cpuUs)),
    userUs: median(runs.map((r) => r.userUs)),
    systemUs: median(runs.map((r) => r.systemUs)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    all: runs.map((r) => Math.round(r.rps)),
  });
  const p = sum(productRuns);
  const b = sum(bareRuns);
  const ratio = p.rps / b.rps;
  const line = (name, r) =>
    `  ${name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms   CPU ${r.cpuUs.toFixed(0).padStart(3)} µs/req (user ${r.userUs.toFixed(0).padStart(2)}, system ${r.systemUs.toFixed(0).padStart(2)})   runs ${r.all.join(' / ')}${r.errors || r.non2xx ? `   errors ${r.errors} non-2xx ${r.non2xx}` : ''}`;
  console.log(`\n${label}`);
  console.log(line(bare.label, b));
  console.log(line(product.label, p));
  const cpuRatio = b.cpuUs / p.cpuUs;
  console.log(
    `  ratio ${(ratio * 100).toFixed(1)} % of the bare route's requests/s; by CPU per request ${(cpuRatio * 100).toFixed(1)} %`,
  );
  return { product: p, bare: b, ratio, cpuRatio };
}

export function machineLine() {
  const [load1] = os.loadavg();
  return `machine: ${os.cpus().length} CPUs, load average ${load1.toFixed(1)} (figures are noisy when others use the CPU; compare with the bare server of the same run)`;
}

export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A port nobody listens on now (the system's choice), so that runs beside other servers do not collide. */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}
