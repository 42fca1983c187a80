import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { migrateDatabase, openDatabase, type Database } from '../../platform/db/client.ts';
import { createTutor } from '../../modules/bookings/reservations/test-fixtures.repository.ts';
import { testConfig, testEngine } from '../harness.ts';

/**
 * `npm run backup` and `npm run restore` on the engine under test (issue 16): a database with a reservation is
 * backed up, restored into a fresh one, and the reservation is read back through the API.
 */

const root = path.resolve(import.meta.dirname, '../../../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tibeb-backup-'));
const adminUrl = process.env.TEST_DATABASE_URL;
const made: string[] = [];

/** Runs one of the root scripts as `npm run` would, against the database in `env`. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', `${name}.mjs`), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function emptyPostgresDatabase(): Promise<string> {
  const name = `t_restore_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  made.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, empty database of the engine under test, and the environment that points the scripts at it. */
async function freshTarget(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
  if (testEngine === 'postgres') {
    const url = await emptyPostgresDatabase();
    return { env: { DATABASE_URL: url }, open: () => openDatabase({ engine: 'postgres', url, poolSize: 2 }) };
  }
  const dataDir = fs.mkdtempSync(path.join(work, 'data-'));
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') }),
  };
}

afterAll(async () => {
  fs.rmSync(work, { recursive: true, force: true });
  if (!made.length) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe(`npm run backup / restore (${testEngine})`, () => {
  it('restores a backed-up database into a fresh one with its reservation', async () => {
    // A database with a tutor and a family's reservation, made through the API.
    const source = await freshTarget();
    let database = await source.open();
    await migrateDatabase(database);
    let app = await buildApp({ config: testConfig(), database });
    const tutor = await createTutor(app.db);
    const booked = await app.inject({
      method: 'POST',
      url: '/api/reservations/reservations/',
      payload: {
        tutor: tutor.id,
        date: '2031-03-03',
        time: '10:00',
        duration_hours: 1,
        full_name: 'Almaz Tesfaye',
        email: 'almaz.backup@example.com',
        phone: '0911000000',
        student_full_name: 'Liya',
        student_age: 9,
      },
    });
    expect(booked.statusCode).toBe(201);
    const reservation = booked.json<{ id: string; amount_cents: number }>();
    await app.close();
    await database.close();

    const file = path.join(work, `backup-${testEngine}`);
    const backup = script('backup', ['--out', file], source.env);
    expect(backup.output).toContain('Backed up');
    expect(backup.status).toBe(0);
    expect(fs.statSync(file).size).toBeGreaterThan(1000);

    const target = await freshTarget();
    const restore = script('restore', [file], target.env);
    expect(restore.output).toContain('Restored');
    expect(restore.status).toBe(0);

    // The restored database serves the reservation, and knows its migrations are applied.
    database = await target.open();
    await migrateDatabase(database);
    app = await buildApp({ config: testConfig(), database });
    try {
      const read = await app.inject({
        method: 'GET',
        url: `/api/reservations/reservations/${reservation.id}/`,
      });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({
        id: reservation.id,
        email: 'almaz.backup@example.com',
        full_name: 'Almaz Tesfaye',
        amount_cents: reservation.amount_cents,
        tutor: { id: tutor.id, full_name: tutor.fullName },
      });
      expect(read.json().sessions).toHaveLength(4);
    } finally {
      await app.close();
      await database.close();
    }

    // A second restore into the now-filled database is refused without --force, and nothing is touched.
    const again = script('restore', [file], target.env);
    expect(again.status).toBe(1);
    expect(again.output).toMatch(/already (has|holds)/);
    // With --force it replaces what is there: still one reservation, the same one.
    const forced = script('restore', [file, '--force'], target.env);
    expect(forced.status).toBe(0);
    database = await target.open();
    try {
      const { rows } = (await database.db.execute(sql`select id from reservations`)) as unknown as {
        rows: { id: string }[];
      };
      expect(rows).toEqual([{ id: reservation.id }]);
    } finally {
      await database.close();
    }
    // A backup of one engine is not restored into the other.
    const crossed = script(
      'restore',
      [file],
      testEngine === 'postgres'
        ? { DATA_DIR: path.join(work, 'elsewhere') }
        : { DATABASE_URL: 'postgres://x@127.0.0.1/x' },
    );
    expect(crossed.status).toBe(1);
    expect(crossed.output).toMatch(testEngine === 'postgres' ? /PostgreSQL backup/ : /embedded database/);
  }, 240_000); // up to five child processes each start PGlite (seconds apiece on a loaded machine)
});
