import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from '../../test/harness.ts';

/**
 * Issue 12 item 2: two servers on one DATA_DIR. The second refuses to start with a clear message while the first
 * keeps serving; after the first is killed (no clean shutdown), a new one starts. The files are the owner's only.
 */
const serverFile = path.resolve(import.meta.dirname, '../../server.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tibeb-lock-'));
const procs: ChildProcess[] = [];
let database: TestDatabase | undefined;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function start(env: Record<string, string>) {
  const port = await freePort();
  const proc = spawn(process.execPath, [serverFile], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      DATA_DIR: dataDir,
      JWT_SECRET: '',
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  procs.push(proc);
  let output = '';
  proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { proc, base: `http://127.0.0.1:${port}`, output: () => output };
}

async function healthy(base: string, proc: ChildProcess, output: () => string) {
  for (let i = 0; i < 300; i += 1) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${output()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${output()}`);
}

afterAll(async () => {
  for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`one server per data directory (${testEngine})`, () => {
  it(
    'refuses a second server, keeps the first serving, and starts again after a crash',
    { timeout: 120_000 },
    async () => {
      const env: Record<string, string> = {};
      if (testEngine === 'postgres') {
        database = await createTestDatabase();
        env.DATABASE_URL = database.url!;
      }
      const first = await start(env);
      await healthy(first.base, first.proc, first.output);

      const second = await start(env);
      const [code] = (await once(second.proc, 'exit')) as [number];
      expect(code).toBe(1);
      expect(second.output()).toContain(`is already using the data directory ${dataDir}`);
      expect(second.output()).toContain(`pid ${first.proc.pid}`);
      expect((await fetch(`${first.base}/api/health`)).status).toBe(200);

      // Any local client may connect to the lock's socket and close at once (issue 29 item 2): the holder lives.
      for (let i = 0; i < 20; i += 1) {
        const probe = connect(path.join(dataDir, 'server.lock'));
        probe.on('error', () => {});
        probe.on('connect', () => probe.destroy());
        await once(probe, 'close');
      }
      await new Promise((r) => setTimeout(r, 200));
      expect(first.proc.exitCode).toBeNull();
      expect((await fetch(`${first.base}/api/health`)).status).toBe(200);

      // Owner-only: the directory, the generated signing key, and (embedded) the database files.
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      const keyFile = path.join(dataDir, 'jwt-secret');
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      const key = fs.readFileSync(keyFile, 'utf8');
      if (testEngine === 'pglite') {
        expect(fs.statSync(path.join(dataDir, 'pglite', 'PG_VERSION')).mode & 0o077).toBe(0);
      }

      // A crash leaves the socket file behind; nobody answers on it, so the next server takes over.
      first.proc.kill('SIGKILL');
      await once(first.proc, 'exit');
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
      const third = await start(env);
      await healthy(third.base, third.proc, third.output);
      // The same key after a restart: tokens survive it.
      expect(fs.readFileSync(keyFile, 'utf8')).toBe(key);
      third.proc.kill('SIGTERM');
      await once(third.proc, 'exit');
    },
  );
});
