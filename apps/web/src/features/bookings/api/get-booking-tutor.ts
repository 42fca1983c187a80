import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicTutorSchema, type PublicTutor } from '@tibeb/domain/tutors/contract';
import { api } from '../../../lib/api-client.ts';

/** GET /api/tutors/public/{id}/ with _ts (spec §7): the chosen tutor, with availability and rate. */
export async function getBookingTutor(id: number): Promise<PublicTutor> {
  const body = await api.get<unknown>(`/tutors/public/${id}/`, { bustCache: true });
  return publicTutorSchema.parse(body);
}

export const bookingTutorQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['bookings', 'tutor', id], queryFn: () => getBookingTutor(id), retry: false });

export function useBookingTutor(id: number | null) {
  return useQuery({ ...bookingTutorQueryOptions(id ?? 0), enabled: id !== null });
}
