import { useQuery } from '@tanstack/react-query';
import { reservationSummarySchema, type ReservationSummary } from '@tibeb/domain/bookings/payload';
import { z } from 'zod';
import { api, ApiError } from '../../../lib/api-client.ts';
import { getBookingReservation } from './get-booking-reservation.ts';
import { forgetReservation, rememberedReservations } from '../utils/wizard-draft.ts';

/** GET /api/student/pending-reservations/: the signed-in family's own bookings waiting for payment. */
export async function getFamilyPendingReservations(signal?: AbortSignal): Promise<ReservationSummary[]> {
  const body = await api.get<unknown>('/student/pending-reservations/', { signal, bustCache: true });
  return z.array(reservationSummarySchema).parse(body);
}

/** Still waiting for payment, and its hold not lapsed: what "You have a booking waiting for payment" lists. */
export function isUnpaid(r: ReservationSummary, now = Date.now()): boolean {
  return r.status === 'pending_payment' && new Date(r.hold_expires_at).getTime() > now;
}

/**
 * The bookings waiting for payment the wizard tells of (decision 253): the ones this browser created, and for a
 * signed-in family its own from the server; newest first, each once. A remembered one that is paid, lapsed or
 * gone is forgotten.
 */
async function unpaidReservations(family: boolean, signal?: AbortSignal): Promise<ReservationSummary[]> {
  const mine = await Promise.all(
    rememberedReservations().map(async (id) => {
      try {
        const r = await getBookingReservation(id, signal);
        if (!isUnpaid(r)) forgetReservation(id);
        return r;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) forgetReservation(id);
        return null;
      }
    }),
  );
  const server = family ? await getFamilyPendingReservations(signal).catch(() => []) : [];
  const seen = new Set<string>();
  return [...mine, ...server].filter((r): r is ReservationSummary => {
    if (!r || seen.has(r.id) || !isUnpaid(r)) return false;
    seen.add(r.id);
    return true;
  });
}

export function useUnpaidReservations(family: boolean) {
  return useQuery({
    queryKey: ['bookings', 'unpaid', family],
    queryFn: ({ signal }) => unpaidReservations(family, signal),
    staleTime: 0,
    retry: false,
  });
}
