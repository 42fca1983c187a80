// The product for `npm run bench:web`, built and started exactly as `npm start` does: the root `npm run build`
// (the web app, its server renderer when it has one, and the API), then apps/api's start script (its environment
// and Node flags, from apps/api) on the embedded database with the demo data `npm start` seeds outside production.
// The run's own settings only: a free port, a temporary DATA_DIR and PUBLIC_URL naming the address it is visited at.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseStartScript } from './bench-lib.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.join(root, 'apps/api');

/** `npm run build` at the root, as `npm start` runs it first. */
export function buildProduct() {
  console.log('Building the product as `npm start` does (npm run build) …');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (${result.status})`);
}

/** apps/api's start script → its environment variables, Node flags and entry file (built by `buildProduct`). */
export const startCommand = parseStartScript;

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the built product; answers its base address and `stop()`. Its log (info, JSON lines, as it ships) goes to
 * a file in the data directory; the last lines are printed if it fails to come up.
 */
export async function startProduct() {
  const { env: scriptEnv, flags, entry } = startCommand();
  if (!fs.existsSync(path.join(apiDir, entry))) {
    throw new Error(
      `${path.join(apiDir, entry)} is missing: run without --no-build (or npm run build) first`,
    );
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tibeb-bench-web-data-'));
  const logFile = path.join(dataDir, 'server.log');
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...flags, entry], {
    cwd: apiDir,
    env: {
      ...process.env,
      ...scriptEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const logTail = () =>
    fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '';
  let starting = true;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    } else if (!starting) {
      console.error(
        `\nThe server had stopped by itself (${child.exitCode ?? child.signalCode}); its last lines:\n${logTail()}`,
      );
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (Date.now() - started > 240_000) throw new Error(`${base}/api/health not answering after 240 s`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    const log = logTail();
    await stop();
    throw new Error(`${error.message}\n${log}`);
  }
  starting = false;
  return { base, pid: child.pid, startMs: Date.now() - started, stop };
}
