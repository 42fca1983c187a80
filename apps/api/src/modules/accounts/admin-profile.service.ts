import { accountMessages } from '@tibeb/domain/accounts/messages';
import {
  type AdminPasswordChange,
  type AdminProfile,
  type AdminProfileUpdate,
} from '@tibeb/domain/admin/profile';
import type { Db } from '../../platform/db/client.ts';
import { badRequest, unauthorized } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { changeOwnPassword } from './accounts.service.ts';
import type { CurrentPasswordThrottle } from './login-throttle.service.ts';
import * as repo from './admin-profile.repository.ts';

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;
const toProfile = (u: UserRow): AdminProfile => ({
  id: u.id,
  username: u.username,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  role: u.role,
});

export async function getProfile(db: Db, userId: string): Promise<AdminProfile> {
  const user = await repo.findUser(db, userId);
  if (!user) throw unauthorized();
  return toProfile(user);
}

/** Own name and e-mail; audited like every admin write. */
export async function updateProfile(db: Db, userId: string, body: AdminProfileUpdate): Promise<AdminProfile> {
  return db.transaction(async (tx) => {
    const before = await repo.findUser(tx, userId);
    if (!before) throw unauthorized();
    if (await repo.emailTakenByOther(tx, body.email, userId)) {
      throw badRequest(accountMessages.emailTaken, { email: [accountMessages.emailTaken] });
    }
    const after = await repo.updateProfile(tx, userId, {
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      emailChanged: body.email.toLowerCase() !== before.email.toLowerCase(),
    });
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'update_profile',
      entityType: 'user',
      entityId: userId,
      before: toProfile(before),
      after: toProfile(after!),
    });
    return toProfile(after!);
  });
}

/** The accounts' own password change (every session ends; audited). */
export function changePassword(
  db: Db,
  throttle: CurrentPasswordThrottle,
  userId: string,
  body: AdminPasswordChange,
): Promise<string> {
  return changeOwnPassword(db, throttle, userId, body);
}
