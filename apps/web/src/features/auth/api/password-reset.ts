import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type Detail = { detail: string };

export const requestPasswordReset = (email: string) =>
  api.post<Detail>('/accounts/password-reset/', { email });
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

export const confirmPasswordReset = (body: { token: string; password: string }) =>
  api.post<Detail>('/accounts/password-reset/confirm/', body);
export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
