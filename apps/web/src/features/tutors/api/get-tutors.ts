import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readList } from '../../../lib/api-client.ts';

/**
 * A tutor as the directory reads it. The server's contract is `PublicTutor` ('@tibeb/domain/tutors/contract');
 * the directory still reads loosely (spec §3 defaults and §2 fallbacks), so a missing field shows a fallback
 * rather than breaking the page.
 */
export type DirectoryTutor = {
  id: number | null;
  full_name: string;
  subject: string;
  category: string | null;
  grade_from: unknown;
  grade_to: unknown;
  bio: string;
  education: string;
  years_of_experience: number | null;
  teaching_style: string;
  hourly_rate: number | null;
  average_rating: number;
  total_reviews: number;
  profile_image: string;
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** One list item; anything that is not an object is an unexpected shape (spec §8). */
export function toDirectoryTutor(item: unknown): DirectoryTutor {
  if (!item || typeof item !== 'object' || Array.isArray(item)) throw new Error('Unexpected tutor shape');
  const t = item as Record<string, unknown>;
  const id = num(t.id);
  return {
    id: id !== null && Number.isInteger(id) ? id : null,
    full_name: str(t.full_name),
    subject: str(t.subject),
    category: typeof t.category === 'string' ? t.category : null,
    grade_from: t.grade_from,
    grade_to: t.grade_to,
    bio: str(t.bio),
    education: str(t.education),
    years_of_experience: num(t.years_of_experience),
    teaching_style: str(t.teaching_style),
    hourly_rate: num(t.hourly_rate),
    average_rating: num(t.average_rating) ?? 0,
    total_reviews: num(t.total_reviews) ?? 0,
    profile_image: str(t.profile_image),
  };
}

/** GET /api/tutors/public/ (spec §7): a bare array, or `results`, or `data`; any other shape is an error. */
export async function getTutors(signal?: AbortSignal): Promise<DirectoryTutor[]> {
  const body = await api.get<unknown>('/tutors/public/', { signal, headers: { Accept: 'application/json' } });
  return readList<unknown>(body).map(toDirectoryTutor);
}

export const tutorsQueryOptions = () =>
  queryOptions({
    queryKey: ['tutors', 'public'],
    queryFn: ({ signal }) => getTutors(signal),
    staleTime: 60_000,
  });

export const useTutors = () => useQuery(tutorsQueryOptions());
