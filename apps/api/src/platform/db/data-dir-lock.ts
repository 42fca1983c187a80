import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * One server per data directory (issue 12 item 2, issue 29 item 2; decisions 104 and 218).
 *
 * The lock is a listening Unix-domain socket, which the kernel closes when its process dies, however it dies:
 * - on Linux, first a socket in the abstract namespace named by a hash of the directory's real path: binding it is
 *   atomic, it has no file that could go stale, so simultaneous starts resolve to exactly one holder;
 * - then, on every platform, the socket file DATA_DIR/server.lock. On Linux it only guards what the abstract name
 *   cannot see (the abstract namespace is per network namespace: two containers sharing a volume, or a server of
 *   an older version); elsewhere it is the lock, and two starts racing over a stale file after a crash could
 *   still both run (decision 218).
 * Whoever connects to either socket is told the holder's pid, and nothing a client does can harm the holder.
 */

export class DataDirLockedError extends Error {}

/** The lock's name in Linux's abstract socket namespace (the leading NUL): no file, released with the process. */
export function abstractLockAddress(dataDir: string): string {
  return `\0tibeb-${createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex')}`;
}

/** Unix-domain socket paths are limited to about 107 bytes: a deep DATA_DIR gets its socket in the temp dir. */
function lockSocketPath(dataDir: string): string {
  const inside = path.join(dataDir, 'server.lock');
  if (Buffer.byteLength(inside) <= 100) return inside;
  const id = createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 24);
  return path.join(os.tmpdir(), `tibeb-${id}.lock`);
}

/** The holder's pid, for a server refused while the holder is too busy to answer (PGlite's first start). */
const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

/**
 * A socket that says this process's pid to whoever connects, then hangs up. Whatever a client sends is
 * discarded; a client that stays connected is dropped after 2 s; at most 32 clients are held at once (others are
 * closed at once, and no client can make the holder run out of file descriptors); no connection's error, nor a
 * failed accept, reaches the process.
 */
function pidServer(): net.Server {
  const server = net.createServer((conn) => {
    conn.on('error', () => {});
    conn.setTimeout(2000, () => conn.destroy());
    conn.resume();
    conn.end(`${process.pid}\n`);
  });
  server.maxConnections = 32;
  return server;
}

/** Listens on `address`: false when someone else already does (EADDRINUSE). */
const listen = (server: net.Server, address: string) =>
  new Promise<boolean>((resolve, reject) => {
    const failed = (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve(false) : reject(err));
    server.once('error', failed);
    server.listen(address, () => {
      server.off('error', failed);
      server.on('error', () => {});
      resolve(true);
    });
  });

/**
 * What the process listening on `address` says ('' when it is too busy to answer within a second), or null when
 * nobody accepts the connection (a stale socket file, or a holder between binding and listening, or exiting).
 */
const askHolder = (address: string) =>
  new Promise<string | null>((resolve) => {
    const client = net.connect(address);
    let connected = false;
    let said = '';
    client.setTimeout(1000, () => client.destroy());
    client.on('connect', () => (connected = true));
    client.on('data', (chunk: Buffer) => (said += chunk.toString()));
    client.on('error', () => {});
    client.on('close', () => resolve(connected ? said.trim().slice(0, 20) : null));
  });

function locked(dataDir: string, said: string): DataDirLockedError {
  let pid = /^\d+$/.test(said) ? said : '';
  if (!pid) {
    try {
      pid = fs.readFileSync(pidFile(dataDir), 'utf8').trim();
    } catch {
      // no pid file (a holder of an older version)
    }
  }
  return new DataDirLockedError(
    `Another Tibeb server (pid ${/^\d+$/.test(pid) ? pid : '?'}) is already using the data directory ${dataDir}. ` +
      'Stop it first, or give this one its own DATA_DIR.',
  );
}

/** Takes the abstract-namespace lock (Linux), or throws DataDirLockedError naming the holder. */
async function takeAbstractLock(dataDir: string): Promise<net.Server> {
  const address = abstractLockAddress(dataDir);
  const server = pidServer();
  for (let attempt = 1; !(await listen(server, address)); attempt += 1) {
    const holder = await askHolder(address);
    if (holder !== null) throw locked(dataDir, holder);
    // Bound and not yet listening, or exiting: the name is taken or about to be free; ask again.
    if (attempt === 100)
      throw new Error(`The lock on the data directory ${dataDir} is taken but nobody answers.`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return server;
}

/** Takes the socket file, replacing a stale one (nobody accepts on it), or throws DataDirLockedError. */
async function takeSocketFile(dataDir: string): Promise<net.Server> {
  const socket = lockSocketPath(dataDir);
  const server = pidServer();
  if (!(await listen(server, socket))) {
    const holder = await askHolder(socket);
    if (holder !== null) throw locked(dataDir, holder);
    fs.rmSync(socket, { force: true });
    if (!(await listen(server, socket))) throw locked(dataDir, (await askHolder(socket)) ?? '');
  }
  fs.chmodSync(socket, 0o600);
  return server;
}

/**
 * An exclusive lock on DATA_DIR for this process's life, taken before anything in the directory is opened: a
 * server refused here has touched nothing but the directory's mode. Also makes the directory readable by its
 * owner only (the database files, the outbox, the signing key).
 */
export async function acquireDataDirLock(dataDir: string): Promise<{ release: () => Promise<void> }> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  const servers: net.Server[] = [];
  const close = () =>
    Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  try {
    if (process.platform === 'linux') {
      servers.push(await takeAbstractLock(dataDir));
      fs.writeFileSync(pidFile(dataDir), `${process.pid}\n`, { mode: 0o600 });
    }
    servers.push(await takeSocketFile(dataDir));
    if (process.platform !== 'linux') fs.writeFileSync(pidFile(dataDir), `${process.pid}\n`, { mode: 0o600 });
  } catch (err) {
    await close();
    throw err;
  }
  for (const server of servers) server.unref();
  return { release: async () => void (await close()) };
}

/**
 * Makes everything under DATA_DIR its owner's only (directories 0700, files 0600): PGlite writes its files with
 * its own modes, whatever the process's umask. Called once the database is open.
 */
export function restrictDataDir(dataDir: string): void {
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        fs.chmodSync(full, 0o700);
        walk(full);
      } else if (entry.isFile()) {
        fs.chmodSync(full, 0o600);
      }
    }
  };
  fs.chmodSync(dataDir, 0o700);
  walk(dataDir);
}
