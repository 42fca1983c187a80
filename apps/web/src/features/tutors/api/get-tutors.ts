import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicTutorListSchema, type PublicTutorListItem } from '@tibeb/domain/tutors/contract';
import { api } from '../../../lib/api-client.ts';

/** A tutor as the directory reads it: the server's list item (without the weekly availability, decision 022). */
export type DirectoryTutor = PublicTutorListItem;

/** GET /api/tutors/public/ (spec §7): the published tutors; any other shape is an error (spec §8). */
export async function getTutors(signal?: AbortSignal): Promise<DirectoryTutor[]> {
  const body = await api.get<unknown>('/tutors/public/', { signal, headers: { Accept: 'application/json' } });
  return publicTutorListSchema.parse(body);
}

export const tutorsQueryOptions = () =>
  queryOptions({
    queryKey: ['tutors', 'public'],
    queryFn: ({ signal }) => getTutors(signal),
    staleTime: 60_000,
  });

export const useTutors = () => useQuery(tutorsQueryOptions());
