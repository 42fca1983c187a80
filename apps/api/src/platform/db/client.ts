import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { migrationsFolder } from '../paths.ts';

export type Schema = typeof schema;
/** One type for both engines: PGlite and node-postgres share drizzle's PostgreSQL dialect. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: what `db.transaction(async (tx) => …)` passes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type DatabaseOptions =
  // No dataDir: in memory (tests). `template`: the contents to start from (a dump of a migrated database, so that a
  // test's database skips initdb and the migrations: apps/api/src/test/pglite-template.ts).
  | { engine: 'pglite'; dataDir?: string; template?: Blob }
  | { engine: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // Each engine's driver is loaded only when it is used: a server on PostgreSQL never loads PGlite, and the
  // reverse (DESIGN §4 memory budgets).
  if (options.engine === 'postgres') {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A lost connection must not crash the process (a PostgreSQL restart or failover ends every connection). The
    // pool listens on its idle clients only; a client checked out for a transaction gets its own listener, so
    // the error fails the query in flight and the pool drops the client when it comes back.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return { db, engine: 'postgres', close: () => pool.end() };
  }
  const [{ PGlite }, { btree_gist }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    // The admin lists' substring searches use trigram indexes (migration 0007, decision 243).
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.template ? { loadDataDir: options.template } : {}),
    extensions: { btree_gist, pg_trgm },
    // PGlite's defaults (128 MB of shared buffers) leave the server near 500 MB resident; our data is small,
    // so 16 MB of buffers keeps the process inside DESIGN §4's 400 MB (measured by `npm run bench:memory`).
    postgresqlconf: [
      'shared_buffers = 16MB',
      'work_mem = 4MB',
      'maintenance_work_mem = 16MB',
      'temp_buffers = 4MB',
    ],
  });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return { db, engine: 'pglite', close: () => client.close() };
}

/** Applies the committed migrations; on PostgreSQL under an advisory lock so racing instances take turns. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.engine === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
    return;
  }
  const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    await migratePg(tx as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
  });
}

export function embeddedDataDir(dataDir: string) {
  return path.join(dataDir, 'pglite');
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Runs raw SQL and answers its rows, on either engine (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * `($1, $2)`, for `status in ${sqlList(group)}` in raw SQL: a named status group (packages/domain) bound as
 * parameters. Every statement here is unnamed, so it is planned with its values: a partial index's condition
 * still matches.
 */
export function sqlList(values: readonly string[]): SQL {
  if (values.length === 0) throw new Error('sqlList needs at least one value');
  return sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

/** How many migrations the database has applied (drizzle's journal table; 0 when there is none yet). */
export async function appliedMigrationCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ applied: number | string | null }>(
    db,
    sql`select (select count(*) from drizzle.__drizzle_migrations) as applied
        where to_regclass('drizzle.__drizzle_migrations') is not null`,
  );
  return Number(row?.applied ?? 0);
}
