import { useMutation } from '@tanstack/react-query';
import { detailSchema, type Detail } from '@tibeb/domain/accounts/contracts';
import { api } from '../../../lib/api-client.ts';

/** Confirms the account's e-mail address with the token of the verification link (once). */
export async function verifyEmail(token: string): Promise<Detail> {
  return detailSchema.parse(await api.post<unknown>('/accounts/verify-email/', { token }));
}
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
