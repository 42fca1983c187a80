import { queryOptions, useQuery } from '@tanstack/react-query';
import { ownApplicationSchema, type OwnApplication } from '@tibeb/domain/tutoring/contracts';
import { api } from '../../../lib/api-client.ts';

export const applicationKey = ['tutor-application'] as const;

/** GET /api/tutor/application/: the signed-in tutor's application (404 when the office created the profile). */
export async function getApplication(): Promise<OwnApplication> {
  return ownApplicationSchema.parse(await api.get<unknown>('/tutor/application/', { bustCache: true }));
}

export const applicationQuery = () =>
  queryOptions({ queryKey: applicationKey, queryFn: getApplication, retry: false });

export const useApplication = () => useQuery(applicationQuery());
