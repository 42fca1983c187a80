import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../platform/db/client.ts';

/**
 * The API suite's PGlite databases start from one migrated database (vitest's global setup for the api project). A
 * fresh in-memory PGlite runs initdb and the migrations: about 4 s on the 2-core CI machine under load, for each of
 * some 150 test files. Loaded from a dump of that database, it takes about 0.7 s. The dump is made once per set of
 * migrations and PGlite version (its file name holds their digest) under the system's temporary directory, and its
 * path is given to the workers (`inject('pgliteTemplate')` in harness.ts). PostgreSQL runs copy a migrated
 * template database (below).
 */

const migrationsDir = path.resolve(import.meta.dirname, '../platform/db/migrations');

function templateDigest(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../node_modules/@electric-sql/pglite/package.json'),
      'utf8',
    ),
  ) as { version: string };
  hash.update(pglite.version);
  for (const file of fs.readdirSync(migrationsDir, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsDir, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The dump's path, made now unless a run made it already. */
export async function pgliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `tibeb-pglite-template-${templateDigest()}.tar`);
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({ engine: 'pglite' });
  try {
    await migrateDatabase(database);
    const client = (database.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } })
      .$client;
    const dump = await client.dumpDataDir('none');
    // Written aside, then renamed: a run started at the same time never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

/**
 * On PostgreSQL, the same idea with the server's own templates: a migrated database named after the digest, made
 * once (under another name, then renamed, so a half-migrated one is never copied); each test database is
 * `CREATE DATABASE … TEMPLATE` it.
 */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `tibeb_tpl_${templateDigest()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    const making = `${name}_${process.pid}`;
    await admin.query(`CREATE DATABASE ${making}`);
    const url = new URL(adminUrl);
    url.pathname = `/${making}`;
    const database = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 2 });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    await admin.query(`ALTER DATABASE ${making} RENAME TO ${name}`);
    return name;
  } finally {
    await admin.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/** TEST_PGLITE_TEMPLATE=off: every database made fresh, as before (to compare, or to rule the template out). */
export default async function setup(project: TestProject) {
  const off = process.env.TEST_PGLITE_TEMPLATE === 'off';
  const postgres = process.env.TEST_DB_ENGINE === 'postgres';
  const adminUrl = process.env.TEST_DATABASE_URL;
  project.provide('pgliteTemplate', off || postgres ? '' : await pgliteTemplate());
  project.provide('postgresTemplate', !off && postgres && adminUrl ? await postgresTemplate(adminUrl) : '');
}
