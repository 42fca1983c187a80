import { useMutation } from '@tanstack/react-query';
import type {
  CreateCheckoutSessionBody,
  CreateCheckoutSessionResponse,
} from '@tibeb/domain/payments/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/payments/create-checkout-session/ (spec §7): answers the hosted checkout's address. */
export function createCheckoutSession(body: CreateCheckoutSessionBody) {
  return api.post<Partial<CreateCheckoutSessionResponse> | null>('/payments/create-checkout-session/', body);
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
