import { queryOptions, useQuery } from '@tanstack/react-query';
import { subjectListSchema, type Subject } from '@tibeb/domain/subjects/contract';
import { api } from '../../../lib/api-client.ts';

/** A subject as the wizard uses it: the catalogue's subject, its price per hour in dollars. */
export type BookingSubject = Pick<Subject, 'id' | 'name' | 'slug'> & { pricePerHour: number };

/**
 * GET /api/subjects/public/?is_active=1&_ts, falling back to /api/subjects/subjects/ (spec §7; both answer the
 * same list); inactive ones are left out.
 */
export async function getBookingSubjects(): Promise<BookingSubject[]> {
  let body: unknown;
  try {
    body = await api.get<unknown>('/subjects/public/', { query: { is_active: 1 }, bustCache: true });
  } catch {
    body = await api.get<unknown>('/subjects/subjects/', { query: { is_active: 1 }, bustCache: true });
  }
  return subjectListSchema
    .parse(body)
    .filter((s) => s.is_active)
    .map((s) => ({ id: s.id, name: s.name, slug: s.slug, pricePerHour: s.price_per_hour }));
}

export const bookingSubjectsQueryOptions = () =>
  queryOptions({ queryKey: ['bookings', 'subjects'], queryFn: getBookingSubjects, retry: false });

export function useBookingSubjects(enabled: boolean) {
  return useQuery({ ...bookingSubjectsQueryOptions(), enabled });
}
