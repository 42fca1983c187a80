import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type Detail = { detail: string };

/** Confirms the account's e-mail address with the token of the verification link (once). */
export const verifyEmail = (token: string) => api.post<Detail>('/accounts/verify-email/', { token });
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
