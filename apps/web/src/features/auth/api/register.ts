import { useMutation } from '@tanstack/react-query';
import i18n from 'i18next';
import { detailSchema, type Detail, type RegisterBody } from '@tibeb/domain/accounts/contracts';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { Problem } from '../../../lib/translate-message.ts';

/**
 * The answer is the same whether or not the e-mail was already registered: a message to show. The interface's
 * language goes with it, so the account's e-mails are written in it (issue 18).
 */
export async function register(body: RegisterBody): Promise<Detail> {
  const answer = await api.post<unknown>('/accounts/register/', {
    ...body,
    locale: body.locale ?? (i18n.language === 'am' ? 'am' : 'en'),
  });
  return detailSchema.parse(answer);
}

export const useRegister = () => useMutation({ mutationFn: register });

/**
 * Spec §8: the answer (translated by its code), or the first field message of username, email or password;
 * 'Network error…' without an answer.
 */
export function registerProblem(err: unknown): Problem {
  if (!(err instanceof ApiError)) return accountMessages.networkError;
  const body = err.body as { detail?: unknown } | null;
  if (body && typeof body.detail === 'string' && body.detail) return err;
  const fields = err.fieldErrors;
  const first = fields.username?.[0] ?? fields.email?.[0] ?? fields.password?.[0];
  return first ?? accountMessages.registrationFailed;
}
