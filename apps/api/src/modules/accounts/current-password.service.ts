import { accountMessages } from '@tibeb/domain/accounts/messages';
import type { DbOrTx } from '../../platform/db/client.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { AppError, badRequest } from '../../platform/http/app-error.ts';
import { findUserById } from './accounts.repository.ts';
import type { CurrentPasswordThrottle } from './login-throttle.service.ts';

/**
 * The signed-in person's current password, checked before a sensitive change outside this module (issue 27: where
 * a tutor is paid). The same per-account limit as every other check of the current password: 429 when spent,
 * 400 `{ current_password }` when wrong.
 */
export async function checkCurrentPassword(
  db: DbOrTx,
  throttle: CurrentPasswordThrottle,
  userId: string,
  password: string,
): Promise<void> {
  if (!(await throttle.attempt(userId))) throw new AppError(429, accountMessages.currentPasswordThrottled);
  const user = await findUserById(db, userId);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    throw badRequest(accountMessages.currentPasswordWrong, {
      current_password: [accountMessages.currentPasswordWrong],
    });
  }
  await throttle.recordSuccess(userId);
}
