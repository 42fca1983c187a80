import { z } from 'zod';
import { accountMessages } from '../accounts/messages.ts';
import { passwordProblem } from '../accounts/password-policy.ts';

export const profileMessages = {
  saved: 'Your profile is saved.',
  currentPasswordWrong: 'Your current password is not correct.',
  currentPasswordRequired: 'Enter your current password.',
  passwordChanged: 'Your password is changed. Sign in again with the new one.',
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

/** POST /api/admin/profile/password/: every session ends afterwards (sign in again). */
export const adminPasswordChange = z.object({
  current_password: z
    .string(profileMessages.currentPasswordRequired)
    .min(1, profileMessages.currentPasswordRequired)
    .max(1024),
  new_password: z
    .string(accountMessages.passwordRequired)
    .min(1, { message: accountMessages.passwordRequired, abort: true })
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type AdminPasswordChange = z.infer<typeof adminPasswordChange>;
