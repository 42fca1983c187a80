#!/usr/bin/env node
// npm run backup [-- --out <file>] — a backup of the database the server uses (DATABASE_URL, or the embedded one
// under DATA_DIR): pg_dump's custom format for PostgreSQL (a consistent snapshot, safe while serving), PGlite's
// own dump of its data directory (a gzipped tarball; stop the server first: PGlite has one process). The file
// goes to DATA_DIR/backups/ unless --out says where.
import fs from 'node:fs';
import path from 'node:path';
import { fail, option, openPglite, runTool, target } from './backup-lib.mjs';

const argv = process.argv.slice(2);
const db = target();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
const out = path.resolve(
  option(argv, 'out') ??
    path.join(
      db.dataDir,
      'backups',
      `tibeb-${db.engine}-${stamp}.${db.engine === 'pglite' ? 'tar.gz' : 'pgdump'}`,
    ),
);
fs.mkdirSync(path.dirname(out), { recursive: true });

if (db.engine === 'postgres') {
  // --no-owner/--no-privileges: the backup restores into a database owned by whoever restores it.
  runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', out, db.url]);
} else {
  if (!fs.existsSync(path.join(db.pgliteDir, 'PG_VERSION'))) fail(`No embedded database at ${db.pgliteDir}.`);
  // PGlite writes postmaster.pid while open and removes it on close: a running server (or one that crashed).
  if (fs.existsSync(path.join(db.pgliteDir, 'postmaster.pid')) && !argv.includes('--force')) {
    fail(
      `The embedded database at ${db.pgliteDir} is open: stop the server first ` +
        '(after a crash, run again with --force).',
    );
  }
  const client = await openPglite({ dataDir: db.pgliteDir });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  fs.writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
}
const { size } = fs.statSync(out);
console.log(
  `Backed up the ${db.engine === 'postgres' ? 'PostgreSQL' : 'embedded'} database to ${out} (${Math.ceil(size / 1024)} KB).`,
);
