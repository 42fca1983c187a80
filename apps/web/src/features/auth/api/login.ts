import { useMutation } from '@tanstack/react-query';
import { tokenPairSchema, type LoginBody, type TokenPair } from '@tibeb/domain/accounts/contracts';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { Problem } from '../../../lib/translate-message.ts';

/** POST /api/accounts/login/: the access and refresh tokens, and the role. */
export async function login(body: LoginBody): Promise<TokenPair> {
  return tokenPairSchema.parse(await api.post<unknown>('/accounts/login/', body));
}

export const useLogin = () => useMutation({ mutationFn: login });

/** Spec §8: the server's answer (translated by its code), or 'Invalid credentials'; otherwise 'Login failed'. */
export function loginProblem(err: unknown): Problem {
  if (err instanceof ApiError) {
    const detail = (err.body as { detail?: unknown } | null)?.detail;
    return typeof detail === 'string' && detail ? err : accountMessages.invalidCredentials;
  }
  return accountMessages.loginFailed;
}
