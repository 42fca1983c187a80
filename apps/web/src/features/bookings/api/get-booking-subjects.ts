import { queryOptions, useQuery } from '@tanstack/react-query';
import { slugify } from '@tibeb/domain/subjects/slug';
import { api, readList } from '../../../lib/api-client.ts';

/** A subject as the wizard uses it; the server's shape may name the id `pk` and the price `hourly_rate` (spec §3). */
export type BookingSubject = { id: number | string; name: string; slug: string; pricePerHour: number | null };

type RawSubject = {
  id?: number | string;
  pk?: number | string;
  name?: string;
  slug?: string;
  price_per_hour?: number | string | null;
  hourly_rate?: number | string | null;
  is_active?: boolean;
};

function toSubject(raw: RawSubject): BookingSubject | null {
  const name = typeof raw.name === 'string' ? raw.name.trim() : '';
  if (!name) return null;
  const price = Number(raw.price_per_hour ?? raw.hourly_rate);
  return {
    id: raw.id ?? raw.pk ?? name,
    name,
    slug: raw.slug?.trim() || slugify(name),
    pricePerHour:
      raw.price_per_hour == null && raw.hourly_rate == null ? null : Number.isFinite(price) ? price : null,
  };
}

/**
 * GET /api/subjects/public/?is_active=1&_ts, falling back to /api/subjects/subjects/ (spec §7): a list, or
 * results, or data; inactive ones are filtered out.
 */
export async function getBookingSubjects(): Promise<BookingSubject[]> {
  let body: unknown;
  try {
    body = await api.get<unknown>('/subjects/public/', { query: { is_active: 1 }, bustCache: true });
  } catch {
    body = await api.get<unknown>('/subjects/subjects/', { query: { is_active: 1 }, bustCache: true });
  }
  return readList<RawSubject>(body)
    .filter((s) => s && s.is_active !== false)
    .map(toSubject)
    .filter((s): s is BookingSubject => s !== null);
}

export const bookingSubjectsQueryOptions = () =>
  queryOptions({ queryKey: ['bookings', 'subjects'], queryFn: getBookingSubjects, retry: false });

export function useBookingSubjects(enabled: boolean) {
  return useQuery({ ...bookingSubjectsQueryOptions(), enabled });
}
