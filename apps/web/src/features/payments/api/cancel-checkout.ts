import { useMutation } from '@tanstack/react-query';
import { paymentReservationSchema, type PaymentReservation } from '@tibeb/domain/payments/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/payments/cancel/ (issue 12 §4): the family left the provider's page; the reservation's pending
 * checkout is cancelled and its held times are offered again at once.
 */
export async function cancelCheckout(reservationId: string): Promise<PaymentReservation> {
  const body = await api.post<unknown>(
    '/payments/cancel/',
    { reservation_id: reservationId },
    { bustCache: true },
  );
  return paymentReservationSchema.parse(body);
}

export function useCancelCheckout() {
  return useMutation({ mutationFn: cancelCheckout });
}
