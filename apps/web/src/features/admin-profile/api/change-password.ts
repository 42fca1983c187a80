import { useMutation } from '@tanstack/react-query';
import type { AdminPasswordChange } from '@tibeb/domain/admin/profile';
import { api } from '../../../lib/api-client.ts';

/** POST /api/admin/profile/password/: every session ends afterwards. */
export const changePassword = (body: AdminPasswordChange) =>
  api.post<{ detail: string }>('/admin/profile/password/', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
