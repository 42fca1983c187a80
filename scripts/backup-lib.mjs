// Shared by `npm run backup` and `npm run restore`: which database the server would use, and the tools.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The database `npm start` uses: PostgreSQL at DATABASE_URL, or the embedded PGlite under DATA_DIR/pglite.
 * A relative DATA_DIR is read from apps/api, where `npm start` runs the server.
 */
export function target(env = process.env) {
  const dataDir = path.resolve(path.join(root, 'apps/api'), env.DATA_DIR || './data');
  if (env.DATABASE_URL) return { engine: 'postgres', url: env.DATABASE_URL, dataDir };
  return { engine: 'pglite', dataDir, pgliteDir: path.join(dataDir, 'pglite') };
}

/** What a backup file holds, from its first bytes: pg_dump's custom format, or PGlite's gzipped tarball. */
export function kindOf(file) {
  const fd = fs.openSync(file, 'r');
  const head = Buffer.alloc(5);
  fs.readSync(fd, head, 0, 5, 0);
  fs.closeSync(fd);
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return 'unknown';
}

/** Runs a PostgreSQL client tool, stopping with its own message when it fails. */
export function runTool(tool, args) {
  const result = spawnSync(tool, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error?.code === 'ENOENT')
    fail(`${tool} is not installed (Debian: apt-get install postgresql-client).`);
  if (result.status !== 0) fail(`${tool} failed (exit ${result.status}).`);
}

export function fail(message) {
  console.error(message);
  process.exit(1);
}

/** The embedded database, opened the way the server opens it (with btree_gist for the overlap constraint). */
export async function openPglite(options) {
  const [{ PGlite }, { btree_gist }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
  ]);
  return PGlite.create({ ...options, extensions: { btree_gist } });
}

/** `--name value` or `--name=value` from the command line. */
export function option(argv, name) {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  return argv[i].includes('=') ? argv[i].slice(name.length + 3) : argv[i + 1];
}
