import { z } from 'zod';
import { accountMessages } from './messages.ts';
import { passwordProblem } from './password-policy.ts';
import { roles } from './roles.ts';
import { localeSchema } from '../shared/locale.ts';

// ---- Sign-in (spec §3, §7) ----
export const loginBodySchema = z.object({
  username: z.string().trim().min(1, accountMessages.usernameRequired).max(254),
  password: z.string().min(1, accountMessages.passwordRequired).max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The login answer: `access` is a short-lived JWT carrying the role claim; `refresh` rotates. */
export const tokenPairSchema = z.object({
  access: z.string(),
  refresh: z.string(),
  role: z.enum(roles),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshBodySchema = z.object({ refresh: z.string().min(1).max(512) });
export const logoutBodySchema = z.object({ refresh: z.string().max(512).optional() });

// ---- Registration (spec §3 "Registration payload") ----
/** Letters and marks of any script (አበበ), digits (a phone number), and @ . + - _ (issue 12 item 11). */
export const USERNAME_PATTERN = /^[\p{L}\p{M}\p{Nd}_.@+-]+$/u;

/** Field-level rules of the registration payload; the server answers the first message as `detail`. */
export const registerBodySchema = z.object({
  username: z
    .string(accountMessages.usernameRequired)
    .trim()
    .min(1, { message: accountMessages.usernameRequired, abort: true })
    .max(150, accountMessages.usernameTooLong)
    .regex(USERNAME_PATTERN, accountMessages.usernameInvalid),
  email: z
    .string(accountMessages.emailRequired)
    .trim()
    .min(1, { message: accountMessages.emailRequired, abort: true })
    .max(254, { message: accountMessages.emailInvalid, abort: true })
    .pipe(z.email(accountMessages.emailInvalid)),
  password: z
    .string(accountMessages.passwordRequired)
    .min(1, { message: accountMessages.passwordRequired, abort: true })
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** The language the person signed up in (issue 18): the account's e-mails follow it; default English. */
  locale: localeSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The account as its owner and the admin area see it. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(roles),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  is_active: z.boolean(),
  has_password: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const detailSchema = z.object({ detail: z.string() });

/** The link of a verification e-mail (`/verify-email?token=…`): a sealed sign-up is a few hundred characters. */
export const verifyEmailBodySchema = z.object({
  token: z.string().min(1, accountMessages.resetLinkInvalid).max(2048),
});

// ---- Password reset and set-password links ----
export const passwordResetBodySchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, accountMessages.emailRequired)
    .max(254)
    .pipe(z.email(accountMessages.emailInvalid)),
});
export const passwordResetConfirmBodySchema = z.object({
  token: z.string().min(1, accountMessages.resetLinkInvalid).max(512),
  password: registerBodySchema.shape.password,
});

// ---- Admin: users ----
export const userListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  role: z.enum(roles).optional(),
  is_active: z.enum(['0', '1', 'true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userListSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(userSchema),
});
export type UserList = z.infer<typeof userListSchema>;

const nameField = z.string().trim().max(150);
/** Empty, or a phone number: digits (any script's) with spaces, + - ( ) and at least 6 digits. */
const phoneField = z
  .string()
  .trim()
  .max(40)
  .refine((v) => v === '' || (/^\+?[\p{Nd} ()-]+$/u.test(v) && (v.match(/\p{Nd}/gu)?.length ?? 0) >= 6), {
    message: accountMessages.phoneInvalid,
  });

/** An admin creates an account with a role; without a password the user gets a set-password e-mail. */
export const createUserBodySchema = registerBodySchema.extend({
  password: registerBodySchema.shape.password.optional(),
  role: z.enum(roles),
  first_name: nameField.optional(),
  last_name: nameField.optional(),
  phone: phoneField.optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const updateUserBodySchema = z.object({
  username: registerBodySchema.shape.username.optional(),
  email: registerBodySchema.shape.email.optional(),
  password: registerBodySchema.shape.password.optional(),
  role: z.enum(roles).optional(),
  first_name: nameField.optional(),
  last_name: nameField.optional(),
  phone: phoneField.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** Field errors from a zod error, and the first message (what the spec's client shows). */
export function fieldErrorsOf(error: z.ZodError): { detail: string; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'non_field_errors';
    (errors[field] ??= []).push(issue.message);
  }
  const first = error.issues[0]?.message ?? 'Invalid input.';
  return { detail: first, errors };
}

/** POST /api/accounts/password/: one's own password, after the current one; every session ends afterwards. */
export const passwordChangeBodySchema = z.object({
  current_password: z
    .string(accountMessages.currentPasswordRequired)
    .min(1, accountMessages.currentPasswordRequired)
    .max(1024),
  new_password: z
    .string(accountMessages.passwordRequired)
    .min(1, { message: accountMessages.passwordRequired, abort: true })
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/** The answer of the account routes that only report (register, verify, reset, password change): a message. */
export type Detail = z.infer<typeof detailSchema>;
