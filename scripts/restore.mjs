#!/usr/bin/env node
// npm run restore -- <file> [--force] — puts a backup made by `npm run backup` back into the database the server
// uses (DATABASE_URL, or the embedded one under DATA_DIR). It refuses a database that already has tables, or an
// existing embedded data directory, unless --force (PostgreSQL: objects are dropped and recreated; PGlite: the
// old directory is kept beside it as pglite.before-restore-<time>). Stop the servers first.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { fail, kindOf, openPglite, runTool, target } from './backup-lib.mjs';

const argv = process.argv.slice(2);
const file = argv.find((a) => !a.startsWith('--'));
const force = argv.includes('--force');
if (!file) fail('Usage: npm run restore -- <backup file> [--force]');
if (!fs.existsSync(file)) fail(`No such file: ${file}`);
const db = target();
const kind = kindOf(file);
if (kind === 'unknown') fail(`${file} is not a backup made by npm run backup.`);
if (kind !== db.engine) {
  fail(
    kind === 'pglite'
      ? 'This is a backup of the embedded database: unset DATABASE_URL to restore it.'
      : 'This is a PostgreSQL backup: set DATABASE_URL to the database to restore it into.',
  );
}

if (db.engine === 'postgres') {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows } = await client.query(
    `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
  );
  await client.end();
  if (rows[0].n > 0 && !force) {
    fail(
      `The database already has ${rows[0].n} tables: restore into an empty one, or run again with --force.`,
    );
  }
  runTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    ...(rows[0].n > 0 ? ['--clean', '--if-exists'] : []),
    '--dbname',
    db.url,
    file,
  ]);
} else {
  if (fs.existsSync(db.pgliteDir) && fs.readdirSync(db.pgliteDir).length > 0) {
    if (!force) fail(`${db.pgliteDir} already holds a database: run again with --force to replace it.`);
    if (fs.existsSync(path.join(db.pgliteDir, 'postmaster.pid'))) {
      fail(`The embedded database at ${db.pgliteDir} is open: stop the server first.`);
    }
    const aside = `${db.pgliteDir}.before-restore-${Date.now()}`;
    fs.renameSync(db.pgliteDir, aside);
    console.log(`The previous database is kept at ${aside}.`);
  }
  fs.mkdirSync(db.pgliteDir, { recursive: true });
  const client = await openPglite({
    dataDir: db.pgliteDir,
    loadDataDir: new Blob([fs.readFileSync(file)], { type: 'application/x-gzip' }),
  });
  await client.query('select 1');
  await client.close();
}
console.log(`Restored ${file} into the ${db.engine === 'postgres' ? 'PostgreSQL' : 'embedded'} database.`);
