import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema/users.ts';

export async function findUser(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function emailTakenByOther(db: DbOrTx, email: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function updateProfile(
  db: DbOrTx,
  id: string,
  values: { firstName: string; lastName: string; email: string; emailChanged: boolean },
) {
  const [row] = await db
    .update(users)
    .set({
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      // A new address is not proven until its owner follows a verification link.
      ...(values.emailChanged ? { emailVerifiedAt: null } : {}),
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The new password; every refresh token retired and every access token outdated (token version + 1). */
