import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@tibeb/domain/accounts/roles';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema/users.ts';
import type { UserRow } from './accounts.repository.ts';

export type UserFilter = { q?: string; role?: Role; isActive?: boolean; limit: number; offset: number };

export async function listUsers(db: DbOrTx, f: UserFilter): Promise<{ rows: UserRow[]; count: number }> {
  const where: SQL[] = [];
  if (f.q) {
    const like = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(lower(${users.username}) like ${like} or lower(${users.email}) like ${like} or lower(${users.firstName} || ' ' || ${users.lastName}) like ${like})`,
    );
  }
  if (f.role) where.push(eq(users.role, f.role));
  if (f.isActive !== undefined) where.push(eq(users.isActive, f.isActive));
  const condition = where.length ? and(...where) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(users)
      .where(condition)
      .orderBy(desc(users.createdAt), users.username)
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(users).where(condition),
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}

/** Locks the active administrators' rows, so two admins removing each other cannot both succeed. */
export async function lockActiveOwners(tx: Tx, ownerRoles: readonly Role[]): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, [...ownerRoles]), eq(users.isActive, true)))
    .for('update');
  return rows.map((r) => r.id);
}
