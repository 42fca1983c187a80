import { useMutation } from '@tanstack/react-query';
import { detailSchema, type Detail } from '@tibeb/domain/accounts/contracts';
import type { AdminPasswordChange } from '@tibeb/domain/admin/profile';
import { api } from '../../../lib/api-client.ts';

/** POST /api/admin/profile/password/: every session ends afterwards. */
export async function changePassword(body: AdminPasswordChange): Promise<Detail> {
  return detailSchema.parse(await api.post<unknown>('/admin/profile/password/', body));
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
