import { useMutation } from '@tanstack/react-query';
import i18n from 'i18next';
import {
  reservationCreatedSchema,
  type ReservationCreated,
  type ReservationPayload,
} from '@tibeb/domain/bookings/payload';
import { api } from '../../../lib/api-client.ts';
import { visitorTimeZone } from '../../../lib/visitor-zone.ts';

/**
 * POST /api/reservations/reservations/ with _ts (spec §7): plans and holds the sessions; answers the id. The
 * interface's language goes with it: the family's e-mails are written in it (issue 18); and the browser's zone:
 * a family account the booking makes starts in it, so its tutor sees the family's time (decision 262).
 */
export async function createReservation(payload: ReservationPayload): Promise<ReservationCreated> {
  const locale = i18n.language === 'am' ? 'am' : 'en';
  const body = await api.post<unknown>(
    '/reservations/reservations/',
    { ...payload, locale, family_time_zone: visitorTimeZone() },
    { bustCache: true, idempotent: true },
  );
  return reservationCreatedSchema.parse(body);
}

export function useCreateReservation() {
  return useMutation({ mutationFn: createReservation });
}
