import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@tibeb/domain/accounts/contracts';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { api, ApiError } from '../../../lib/api-client.ts';

/** The answer is the same whether or not the e-mail was already registered: a message to show. */
export const register = (body: RegisterBody) => api.post<{ detail: string }>('/accounts/register/', body);

export const useRegister = () => useMutation({ mutationFn: register });

/** Spec §8: detail, or the first message of username, email or password; 'Network error…' without an answer. */
export function registerErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return accountMessages.networkError;
  const body = err.body as { detail?: unknown } | null;
  if (body && typeof body.detail === 'string' && body.detail) return body.detail;
  const fields = err.fieldErrors;
  const first = fields.username?.[0] ?? fields.email?.[0] ?? fields.password?.[0];
  return first ?? accountMessages.registrationFailed;
}
