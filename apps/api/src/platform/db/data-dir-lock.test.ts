import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from '../../test/harness.ts';

/**
 * Issue 12 item 2, issue 29 item 2: one server per DATA_DIR. A second server refuses to start with a clear
 * message while the first keeps serving; no local client of the lock can bring the holder down; simultaneous
 * starts leave exactly one server; a crash (SIGKILL, no clean shutdown) releases the lock. Files are owner-only.
 */
const serverFile = path.resolve(import.meta.dirname, '../../server.ts');
const dataDirs: string[] = [];
const databases: TestDatabase[] = [];
const procs: ChildProcess[] = [];

type Started = { proc: ChildProcess; base: string; output: () => string; closed: Promise<unknown> };

function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tibeb-lock-'));
  dataDirs.push(dir);
  return dir;
}

/** The environment of a server on `dataDir`: its own PostgreSQL database when the tests run on PostgreSQL. */
async function serverEnv(dataDir: string): Promise<Record<string, string>> {
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (testEngine === 'postgres') {
    const database = await createTestDatabase();
    databases.push(database);
    env.DATABASE_URL = database.url!;
  }
  return env;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const proc = spawn(process.execPath, [serverFile], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
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
  return { proc, base: `http://127.0.0.1:${port}`, output: () => output, closed: once(proc, 'close') };
}

const running = (s: Started) => s.proc.exitCode === null && s.proc.signalCode === null;

/** Waits until the server answers /api/health ('running') or has exited ('exited', its output complete). */
async function settle(s: Started): Promise<'running' | 'exited'> {
  for (let i = 0; i < 1200; i += 1) {
    if (!running(s)) {
      await s.closed;
      return 'exited';
    }
    try {
      if ((await fetch(`${s.base}/api/health`)).ok) return 'running';
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server neither started nor exited: ${s.output()}`);
}

/**
 * Starts `count` servers at once on `env`'s data directory: exactly one runs, and keeps running; every other
 * exits non-zero saying which pid holds the directory. Answers the one that runs.
 */
async function startAtOnce(count: number, env: Record<string, string>): Promise<Started> {
  const servers = await Promise.all(Array.from({ length: count }, () => start(env)));
  const outcomes = await Promise.all(servers.map(settle));
  const winners = servers.filter((_, i) => outcomes[i] === 'running');
  expect(winners.length, servers.map((s) => s.output()).join('\n---\n')).toBe(1);
  const [winner] = winners;
  for (const loser of servers.filter((s) => s !== winner)) {
    expect(loser.proc.exitCode).toBe(1);
    expect(loser.output()).toContain(
      `Another Tibeb server (pid ${winner!.proc.pid}) is already using the data directory ${env.DATA_DIR}`,
    );
  }
  expect(running(winner!)).toBe(true);
  expect((await fetch(`${winner!.base}/api/health`)).status).toBe(200);
  return winner!;
}

/** The lock's addresses: the abstract-namespace socket (Linux) and the socket file in DATA_DIR. */
function lockAddresses(dataDir: string): string[] {
  const id = createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex');
  const file = path.join(dataDir, 'server.lock');
  return process.platform === 'linux' ? [`\0tibeb-${id}`, file] : [file];
}

/** Connects to `address`, does `act` once connected, and waits until the connection is closed. */
async function probe(address: string, act: (socket: Socket) => void) {
  const socket = connect(address);
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.on('error', () => {}); // the holder may hang up first (EPIPE): what matters is that it lives
  socket.on('connect', () => {
    socket.resume();
    act(socket);
  });
  await closed;
}

/** What the lock's holder says on `address`. */
async function ask(address: string): Promise<string> {
  let said = '';
  await probe(address, (socket) => socket.on('data', (d: Buffer) => (said += d.toString())));
  return said.trim();
}

afterAll(async () => {
  for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  for (const d of databases) await d.close();
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
});

describe(`one server per data directory (${testEngine})`, () => {
  // One story on one directory, so that the embedded database is made once (the slow part of a first start).
  it(
    'of ten simultaneous starts one runs; local clients cannot harm it; after its crash one of five starts runs',
    { timeout: 300_000 },
    async () => {
      const dataDir = freshDataDir();
      const env = await serverEnv(dataDir);
      // Simultaneous first starts: the losers are refused while the winner is busy making the database.
      const first = await startAtOnce(10, env);

      // Any local client may connect to the lock and do anything (issue 29 item 2): the holder lives, and says
      // its pid to whoever asks.
      // The holder's open files (Linux's /proc; elsewhere 0, and only the rest is checked).
      const openFiles = () =>
        fs.existsSync('/proc/self/fd') ? fs.readdirSync(`/proc/${first.proc.pid}/fd`).length : 0;
      for (const address of lockAddresses(dataDir)) {
        expect(await ask(address)).toBe(String(first.proc.pid));
        for (let i = 0; i < 10; i += 1) {
          await probe(address, (s) => s.destroy()); // connect and close at once
          await probe(address, (s) => s.end(randomBytes(64 * 1024))); // garbage, then hang up
          await probe(address, (s) => s.write(randomBytes(64 * 1024), () => s.destroy())); // garbage, abort
        }
        // Clients that connect and never read nor close: the holder keeps at most 32 and drops them after 2 s.
        const before = openFiles();
        const idle = Array.from({ length: 100 }, () =>
          connect(address)
            .on('error', () => {})
            .pause(),
        );
        await new Promise((r) => setTimeout(r, 500));
        expect(running(first)).toBe(true);
        expect(openFiles()).toBeLessThanOrEqual(before + 32);
        await expect.poll(openFiles, { timeout: 10_000, interval: 200 }).toBeLessThanOrEqual(before);
        for (const socket of idle) socket.destroy();
        expect(await ask(address)).toBe(String(first.proc.pid));
      }
      expect(running(first)).toBe(true);
      expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
      const second = await start(env);
      await second.closed;
      expect(second.proc.exitCode).toBe(1);
      expect(second.output()).toContain(
        `Another Tibeb server (pid ${first.proc.pid}) is already using the data directory ${dataDir}`,
      );
      expect((await fetch(`${first.base}/api/health`)).status).toBe(200);

      // Owner-only: the directory, the generated signing key, and (embedded) the database files.
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      const keyFile = path.join(dataDir, 'jwt-secret');
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      const key = fs.readFileSync(keyFile, 'utf8');
      if (testEngine === 'pglite') {
        expect(fs.statSync(path.join(dataDir, 'pglite', 'PG_VERSION')).mode & 0o077).toBe(0);
      }

      // A crash releases the lock (the socket file stays behind; nobody answers on it): of five starts, one runs.
      first.proc.kill('SIGKILL');
      await first.closed;
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
      const next = await startAtOnce(5, env);
      // The same key after a restart: tokens survive it.
      expect(fs.readFileSync(keyFile, 'utf8')).toBe(key);
      next.proc.kill('SIGTERM');
      await next.closed;
      expect(next.proc.exitCode).toBe(0);
    },
  );
});
