import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminTutorPageSchema } from '@tibeb/domain/tutors/admin-list';
import { adminTutorProfileSchema, type AdminTutorListItem } from '@tibeb/domain/tutors/profile';
import { api } from '../../../lib/api-client.ts';

export type TutorOption = Pick<AdminTutorListItem, 'id' | 'full_name'>;

/** How many tutors the filter offers at once: typing narrows them. */
export const TUTOR_OPTIONS_MAX = 50;

/**
 * GET /api/admin/tutors/?q=&page=1&page_size=50: the first tutors (by rating) whose name or subject holds the
 * text, for the tutor filter (decision 243: 20,000 tutors at the growth size, so the filter searches).
 */
export async function getTutorOptions(q: string): Promise<TutorOption[]> {
  const body = await api.get<unknown>('/admin/tutors/', {
    query: { q: q || undefined, page: 1, page_size: TUTOR_OPTIONS_MAX },
  });
  return adminTutorPageSchema.parse(body).results.map(({ id, full_name }) => ({ id, full_name }));
}

/** GET /api/admin/tutors/{id}/: the chosen tutor's name, when the search does not list it. */
export async function getTutorOption(id: number): Promise<TutorOption> {
  const { full_name } = adminTutorProfileSchema.parse(await api.get<unknown>(`/admin/tutors/${id}/`));
  return { id, full_name };
}

export const useTutorOptions = (q: string) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'reservations', 'tutor-options', q],
      queryFn: () => getTutorOptions(q),
      staleTime: 60_000,
    }),
  );

export const useTutorOption = (id: number | undefined) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'reservations', 'tutor-option', id],
      queryFn: () => getTutorOption(id!),
      enabled: id !== undefined,
      staleTime: 60_000,
    }),
  );
