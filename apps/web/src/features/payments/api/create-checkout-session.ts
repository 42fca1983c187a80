import { useMutation } from '@tanstack/react-query';
import {
  createCheckoutSessionResponseSchema,
  type CreateCheckoutSessionBody,
  type CreateCheckoutSessionResponse,
} from '@tibeb/domain/payments/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/payments/create-checkout-session/ (spec §7): answers the hosted checkout's address. An answer that
 * is not the contract's (no address to go to) is null: spec §8's "Failed to retrieve … checkout URL".
 */
export async function createCheckoutSession(
  body: CreateCheckoutSessionBody,
): Promise<CreateCheckoutSessionResponse | null> {
  const answer = await api.post<unknown>('/payments/create-checkout-session/', body, {
    idempotent: true,
  });
  const parsed = createCheckoutSessionResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
