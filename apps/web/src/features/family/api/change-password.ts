import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

export const changePassword = (body: ChangePasswordBody) =>
  api.post<{ detail: string }>('/student/settings/password/', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
