import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

const nameSchema = z.object({ full_name: z.string() });

/** GET /api/tutor/profile/: only the tutor's name, for the printable statement's heading. */
export async function getMyName(): Promise<string> {
  return nameSchema.parse(await api.get<unknown>('/tutor/profile/')).full_name;
}

export const useMyName = () =>
  useQuery(queryOptions({ queryKey: ['tutor', 'profile', 'name'], queryFn: getMyName }));
