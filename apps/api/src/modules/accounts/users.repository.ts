import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@tibeb/domain/accounts/roles';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema/users.ts';
import type { UserRow } from './accounts.repository.ts';

export type UserFilter = { q?: string; role?: Role; isActive?: boolean };

function whereOf(f: UserFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.q) {
    // A lower-cased substring (`%`, `_` and `\` taken literally) of the username, e-mail or full name: each
    // `like` is the expression of the trigram index users_search_idx (decision 243).
    const like = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(lower(${users.username}) like ${like} or lower(${users.email}) like ${like} or lower(${users.firstName} || ' ' || ${users.lastName}) like ${like})`,
    );
  }
  if (f.role) where.push(eq(users.role, f.role));
  if (f.isActive !== undefined) where.push(eq(users.isActive, f.isActive));
  return where.length ? and(...where) : undefined;
}

/** One page of accounts, newest first (then by username: the index users_created_idx, after the role too). */
export function listUsers(db: DbOrTx, f: UserFilter & { limit: number; offset: number }): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(whereOf(f))
    .orderBy(desc(users.createdAt), users.username)
    .limit(f.limit)
    .offset(f.offset);
}

/** How many accounts the filter matches. */
export async function countUsers(db: DbOrTx, f: UserFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(whereOf(f));
  return Number(row?.n ?? 0);
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
