import { z } from 'zod';
import { accountMessages } from '../accounts/messages.ts';

export const profileMessages = {
  saved: 'Your profile is saved.',
  currentPasswordWrong: accountMessages.currentPasswordWrong,
  currentPasswordRequired: accountMessages.currentPasswordRequired,
  passwordChanged: accountMessages.passwordChanged,
  sameEmailTaken: accountMessages.emailTaken,
} as const;

/** GET/PATCH /api/admin/profile/: the signed-in administrator's own account. */
export const adminProfile = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
});
export type AdminProfile = z.infer<typeof adminProfile>;

const name = z.string().trim().max(150, 'At most 150 characters.');
export const adminProfileUpdate = z.object({
  first_name: name,
  last_name: name,
  email: z
    .string(accountMessages.emailRequired)
    .trim()
    .min(1, { message: accountMessages.emailRequired, abort: true })
    .max(254, { message: accountMessages.emailInvalid, abort: true })
    .pipe(z.email(accountMessages.emailInvalid)),
});
export type AdminProfileUpdate = z.infer<typeof adminProfileUpdate>;

/** POST /api/admin/profile/password/ is the accounts' own password change (every session ends afterwards). */
export { passwordChangeBodySchema as adminPasswordChange } from '../accounts/contracts.ts';
export type { PasswordChangeBody as AdminPasswordChange } from '../accounts/contracts.ts';
