import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeBody } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/accounts/password/: one's own password; every session of the account ends. */
export const changePassword = (body: PasswordChangeBody) =>
  api.post<{ detail: string }>('/accounts/password/', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
