import { useMutation } from '@tanstack/react-query';
import { detailSchema, type Detail, type PasswordChangeBody } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/accounts/password/: one's own password; every session of the account ends. */
export async function changePassword(body: PasswordChangeBody): Promise<Detail> {
  return detailSchema.parse(await api.post<unknown>('/accounts/password/', body));
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
