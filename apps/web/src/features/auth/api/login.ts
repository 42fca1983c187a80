import { useMutation } from '@tanstack/react-query';
import type { LoginBody, TokenPair } from '@tibeb/domain/accounts/contracts';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { api, ApiError } from '../../../lib/api-client.ts';

export const login = (body: LoginBody) => api.post<TokenPair>('/accounts/login/', body);

export const useLogin = () => useMutation({ mutationFn: login });

/** Spec §8: the server's detail, or 'Invalid credentials'; otherwise 'Login failed'. */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const detail = (err.body as { detail?: unknown } | null)?.detail;
    return typeof detail === 'string' && detail ? detail : accountMessages.invalidCredentials;
  }
  return accountMessages.loginFailed;
}
