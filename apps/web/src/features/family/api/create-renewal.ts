import { useMutation, useQueryClient } from '@tanstack/react-query';
import { renewalCreatedSchema, type RenewalCreated } from '@tibeb/domain/family/contracts';
import type { PaymentCurrency } from '@tibeb/domain/payments/currency';
import { api, ApiError } from '../../../lib/api-client.ts';

/**
 * Books the next weeks of a booking, in the currency its offer was shown in (the server refuses another one
 * with 409); it is then paid at /payment like the first booking.
 */
export async function createRenewal({
  reservationId,
  currency,
}: {
  reservationId: string;
  currency: PaymentCurrency;
}): Promise<RenewalCreated> {
  const body = await api.post<unknown>(
    `/student/renewals/${encodeURIComponent(reservationId)}/`,
    { currency },
    { idempotent: true },
  );
  return renewalCreatedSchema.parse(body);
}

export const useCreateRenewal = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRenewal,
    // The offer changed meanwhile (birr no longer offered, a week taken): show the new one.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void client.invalidateQueries({ queryKey: ['family', 'renewals'] });
    },
  });
};
