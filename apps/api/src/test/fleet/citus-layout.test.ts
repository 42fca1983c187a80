import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client.ts';
import { createTestDatabase, testEngine, type TestDatabase } from '../harness.ts';

/**
 * docs/scaling.md's Citus layout (issue 16): citus-layout.sql rewrites the committed schema's keys for Citus.
 * Plain PostgreSQL has no Citus, so this applies the script to a fresh, migrated database and checks what Citus
 * would demand: the distribution column in every primary key, unique index and exclusion constraint of a
 * distributed table, foreign keys only inside a co-location group (on the distribution column) or towards
 * reference tables, and the one-slot-per-tutor rule still enforced.
 */

const script = fs.readFileSync(new URL('./citus-layout.sql', import.meta.url), 'utf8');

/** The layout, read from the script's Citus block so that the test and the script cannot drift apart. */
const reference = [...script.matchAll(/create_reference_table\('(\w+)'\)/g)].map((m) => m[1]!);
const local = [...script.matchAll(/citus_add_local_table_to_metadata\('(\w+)'\)/g)].map((m) => m[1]!);
const distributed = new Map<string, { column: string; group: string }>();
for (const m of script.matchAll(
  /create_distributed_table\('(\w+)', '(\w+)'(?:, colocate_with => '(\w+)')?\)/g,
)) {
  const [, table, column, colocate] = m as unknown as [string, string, string, string | undefined];
  const group = colocate && colocate !== 'none' ? distributed.get(colocate)!.group : table;
  distributed.set(table, { column, group });
}

/** The database's own message for a refused statement (drizzle wraps it as the error's cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
    return 'accepted';
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause ?? err;
    return cause instanceof Error ? cause.message : String(cause);
  }
}

type Constraint = {
  table: string;
  name: string;
  type: string;
  columns: string[];
  operators: string[] | null;
  refTable: string | null;
  refColumns: string[] | null;
};

describe(`Citus layout of the schema (${testEngine})`, () => {
  let database: TestDatabase;
  let tables: string[];
  let constraints: Constraint[];
  let uniqueIndexes: { table: string; name: string; columns: string[] }[];

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const statement of script.split('--> statement-breakpoint')) {
      if (statement.replace(/--.*$/gm, '').trim()) await database.db.execute(sql.raw(statement));
    }
    tables = (
      await queryRows<{ name: string }>(
        database.db,
        sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
      )
    ).map((r) => r.name);
    constraints = await queryRows<Constraint>(
      database.db,
      sql`select c.conrelid::regclass::text as "table", c.conname as name, c.contype::text as type,
            array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
            case when c.contype = 'x' then array(select o.oprname::text from unnest(c.conexclop) with ordinality e(op, i)
                  join pg_operator o on o.oid = e.op order by e.i) end as operators,
            c.confrelid::regclass::text as "refTable",
            case when c.contype = 'f' then array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) end as "refColumns"
          from pg_constraint c
          where c.connamespace = 'public'::regnamespace and c.contype in ('p', 'u', 'x', 'f')`,
    );
    uniqueIndexes = await queryRows(
      database.db,
      sql`select i.indrelid::regclass::text as "table", i.indexrelid::regclass::text as name,
            array(select a.attname::text from unnest(i.indkey) k(n)
                  join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n) as columns
          from pg_index i join pg_class t on t.oid = i.indrelid
          where t.relnamespace = 'public'::regnamespace and i.indisunique`,
    );
  });
  afterAll(async () => {
    await database.close();
  });

  it('places every table: reference, distributed by a column, or kept on the coordinator', () => {
    const placed = [...reference, ...local, ...distributed.keys()];
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual(tables);
    // What docs/scaling.md promises.
    for (const table of ['sessions', 'reservations', 'payments', 'progress_notes']) {
      expect(distributed.get(table)).toEqual({ column: 'tutor_id', group: 'reservations' });
    }
    for (const table of [
      'users',
      'subjects',
      'offers',
      'tutors',
      'blog_posts',
      'blog_categories',
      'blog_tags',
    ]) {
      expect(reference).toContain(table);
    }
  });

  it('has the distribution column, never null, in every key and unique index of a distributed table', async () => {
    for (const [table, { column }] of distributed) {
      const [col] = await queryRows<{ notnull: boolean }>(
        database.db,
        sql`select attnotnull as notnull from pg_attribute where attrelid = ${table}::regclass and attname = ${column}`,
      );
      expect(col, `${table}.${column}`).toEqual({ notnull: true });
      const keys = constraints.filter((c) => c.table === table && (c.type === 'p' || c.type === 'u'));
      expect(
        keys.some((c) => c.type === 'p'),
        `${table} has a primary key`,
      ).toBe(true);
      for (const key of keys) expect(key.columns, `${table}: ${key.name}`).toContain(column);
      for (const index of uniqueIndexes.filter((i) => i.table === table)) {
        expect(index.columns, `${table}: ${index.name}`).toContain(column);
      }
    }
  });

  it("keeps the sessions' no-overlap exclusion per tutor, on the distribution column with =", () => {
    const exclusions = constraints.filter((c) => c.type === 'x');
    expect(exclusions.map((c) => c.name)).toContain('sessions_no_overlap');
    for (const c of exclusions) {
      const { column } = distributed.get(c.table)!;
      const at = c.columns.indexOf(column);
      expect(at, `${c.name} includes ${column}`).toBeGreaterThanOrEqual(0);
      expect(c.operators![at]).toBe('=');
    }
  });

  it('links distributed tables only inside their co-location group, on the distribution column', () => {
    const foreign = constraints.filter((c) => c.type === 'f');
    expect(foreign.length).toBeGreaterThan(20);
    for (const fk of foreign) {
      const from = distributed.get(fk.table);
      const to = distributed.get(fk.refTable!);
      const label = `${fk.table}.${fk.name} → ${fk.refTable}`;
      if (reference.includes(fk.refTable!)) continue; // a reference table is on every node
      if (local.includes(fk.table) && local.includes(fk.refTable!)) continue; // both on the coordinator
      expect(reference.includes(fk.table), `${label}: a reference table cannot point at a sharded one`).toBe(
        false,
      );
      expect(from && to, `${label}: both sides distributed`).toBeTruthy();
      expect(from!.group, label).toBe(to!.group);
      const at = fk.columns.indexOf(from!.column);
      expect(at, `${label} includes ${from!.column}`).toBeGreaterThanOrEqual(0);
      expect(fk.refColumns![at], label).toBe(to!.column);
    }
  });

  it('still refuses one tutor two overlapping sessions, and a session filed under another tutor', async () => {
    const [a, b] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into tutors (full_name, subject, hourly_rate_cents) values ('A', 'math', 2000), ('B', 'math', 2000)
          returning id`,
    );
    const reservation = async (tutor: number) =>
      (
        await queryRows<{ id: string }>(
          database.db,
          sql`insert into reservations (tutor_id, date, time, duration_minutes, full_name, email, student_full_name,
                amount_cents, hold_expires_at)
              values (${tutor}, '2031-03-03', '10:00', 60, 'F', 'f@example.com', 'S', 2000, now() + interval '30 minutes')
              returning id`,
        )
      )[0]!.id;
    const ra = await reservation(a!.id);
    const rb = await reservation(b!.id);
    const session = (tutor: number, reservationId: string, start: string) =>
      database.db.execute(
        sql`insert into sessions (tutor_id, reservation_id, starts_at, ends_at)
            values (${tutor}, ${reservationId}, ${start}::timestamptz, ${start}::timestamptz + interval '1 hour')`,
      );
    await session(a!.id, ra, '2031-03-03T07:00:00Z');
    expect(await refusal(session(a!.id, ra, '2031-03-03T07:30:00Z'))).toMatch(
      /violates exclusion constraint "sessions_no_overlap"/,
    );
    // Another tutor at the same time is fine.
    await session(b!.id, rb, '2031-03-03T07:30:00Z');
    // A session cannot point at a reservation of another tutor (another shard).
    expect(await refusal(session(a!.id, rb, '2031-03-04T07:00:00Z'))).toMatch(
      /violates foreign key constraint "sessions_reservation_fk"/,
    );
  });
});
