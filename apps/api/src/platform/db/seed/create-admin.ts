import { eq, or, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.ts';
import type { DbOrTx } from '../client.ts';
import { users } from '../schema/index.ts';
import { isUniqueViolation } from '../errors.ts';

export type CreateAdminInput = { username: string; email: string; password: string };
export type CreatedAdmin = { id: string; username: string; email: string; role: 'admin' };

/** A refusal with a message meant for the person at the terminal. */
export class CreateAdminError extends Error {}

export const MIN_PASSWORD_LENGTH = 8;
const usernamePattern = /^[A-Za-z0-9_.@+-]{3,150}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks the input and answers every problem found, in the order of the fields. */
export function validateAdminInput(input: CreateAdminInput): string[] {
  const problems: string[] = [];
  if (!usernamePattern.test(input.username)) {
    problems.push('Username: 3 to 150 characters, letters, digits and @ . + - _ only.');
  }
  if (!emailPattern.test(input.email)) problems.push('E-mail: enter a valid e-mail address.');
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    problems.push(`Password: at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  return problems;
}

/**
 * Creates an administrator (role admin). Used by `npm run create-admin` to make the first admin of a
 * production database, which is never seeded with demo accounts. Refuses a taken username or e-mail.
 */
export async function createAdmin(db: DbOrTx, raw: CreateAdminInput): Promise<CreatedAdmin> {
  const input = {
    username: raw.username.trim(),
    email: raw.email.trim().toLowerCase(),
    password: raw.password,
  };
  const problems = validateAdminInput(input);
  if (problems.length > 0) throw new CreateAdminError(problems.join('\n'));
  const taken = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.username})`, input.username.toLowerCase()),
        eq(sql`lower(${users.email})`, input.email),
      ),
    );
  if (taken.some((u) => u.username.toLowerCase() === input.username.toLowerCase())) {
    throw new CreateAdminError(`A user named "${input.username}" already exists.`);
  }
  if (taken.length > 0) throw new CreateAdminError(`A user with the e-mail ${input.email} already exists.`);
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({ username: input.username, email: input.email, passwordHash, role: 'admin' })
      .returning({ id: users.id, username: users.username, email: users.email });
    return { ...user!, role: 'admin' };
  } catch (err) {
    // Someone took the name between the check and the insert (the unique indexes decide).
    if (isUniqueViolation(err)) throw new CreateAdminError('That username or e-mail was just taken.');
    throw err;
  }
}
