import { useMutation } from '@tanstack/react-query';
import i18n from 'i18next';
import {
  reservationCreatedSchema,
  type ReservationCreated,
  type ReservationPayload,
} from '@tibeb/domain/bookings/payload';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/reservations/reservations/ with _ts (spec §7): plans and holds the sessions; answers the id. The
 * interface's language goes with it: the family's e-mails are written in it (issue 18).
 */
export async function createReservation(payload: ReservationPayload): Promise<ReservationCreated> {
  const locale = i18n.language === 'am' ? 'am' : 'en';
  const body = await api.post<unknown>(
    '/reservations/reservations/',
    { ...payload, locale },
    { bustCache: true, idempotent: true },
  );
  return reservationCreatedSchema.parse(body);
}

export function useCreateReservation() {
  return useMutation({ mutationFn: createReservation });
}
