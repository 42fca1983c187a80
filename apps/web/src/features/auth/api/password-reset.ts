import { useMutation } from '@tanstack/react-query';
import { detailSchema, type Detail } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/accounts/password-reset/: the same message whether or not the e-mail is known. */
export async function requestPasswordReset(email: string): Promise<Detail> {
  return detailSchema.parse(await api.post<unknown>('/accounts/password-reset/', { email }));
}
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

/** POST /api/accounts/password-reset/confirm/: a new password with the link's token. */
export async function confirmPasswordReset(body: { token: string; password: string }): Promise<Detail> {
  return detailSchema.parse(await api.post<unknown>('/accounts/password-reset/confirm/', body));
}
export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
