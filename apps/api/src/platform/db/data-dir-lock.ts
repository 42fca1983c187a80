import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/* One server per data directory (issue 12 item 2, issue 29 item 2). */

export class DataDirLockedError extends Error {}

/** Unix-domain socket paths are limited to about 107 bytes: a deep DATA_DIR gets its socket in the temp dir. */
function lockSocketPath(dataDir: string): string {
  const inside = path.join(dataDir, 'server.lock');
  if (Buffer.byteLength(inside) <= 100) return inside;
  const id = createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 24);
  return path.join(os.tmpdir(), `tibeb-${id}.lock`);
}

const listen = (server: net.Server, socket: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });

/** Answers the pid of the server listening on `socket`, or null when nobody answers (a stale socket). */
const askHolder = (socket: string) =>
  new Promise<string | null>((resolve) => {
    const client = net.connect(socket);
    let connected = false;
    let said = '';
    client.setTimeout(2000, () => client.destroy());
    client.on('connect', () => (connected = true));
    client.on('data', (chunk) => (said += chunk.toString()));
    client.on('error', () => {});
    client.on('close', () => resolve(connected ? said.trim() || '?' : null));
  });

/**
 * An exclusive lock on DATA_DIR for this process's life: a Unix-domain socket listening inside it. A second
 * server on the same directory finds someone answering and refuses to start; after a crash nobody answers,
 * and the stale socket file is replaced. The kernel closes the socket when the process dies, however it dies.
 * Also makes the directory readable by its owner only (the database files, the outbox, the signing key).
 */
export async function acquireDataDirLock(dataDir: string): Promise<{ release: () => Promise<void> }> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  const socket = lockSocketPath(dataDir);
  const server = net.createServer((conn) => {
    // A client that connects and closes at once makes the reply fail (EPIPE, ECONNRESET): nothing to do.
    conn.on('error', () => {});
    conn.end(`${process.pid}\n`);
  });
  try {
    await listen(server, socket);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    const holder = await askHolder(socket);
    if (holder) {
      throw new DataDirLockedError(
        `Another Tibeb server (pid ${holder}) is already using the data directory ${dataDir}. ` +
          'Stop it first, or give this one its own DATA_DIR.',
      );
    }
    fs.rmSync(socket, { force: true });
    await listen(server, socket);
  }
  fs.chmodSync(socket, 0o600);
  server.unref();
  return {
    release: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
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

