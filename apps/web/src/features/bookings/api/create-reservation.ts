import { useMutation } from '@tanstack/react-query';
import {
  reservationCreatedSchema,
  type ReservationCreated,
  type ReservationPayload,
} from '@tibeb/domain/bookings/payload';
import { api } from '../../../lib/api-client.ts';

/** POST /api/reservations/reservations/ with _ts (spec §7): plans and holds the sessions; answers the id. */
export async function createReservation(payload: ReservationPayload): Promise<ReservationCreated> {
  const body = await api.post<unknown>('/reservations/reservations/', payload, { bustCache: true });
  return reservationCreatedSchema.parse(body);
}

export function useCreateReservation() {
  return useMutation({ mutationFn: createReservation });
}
