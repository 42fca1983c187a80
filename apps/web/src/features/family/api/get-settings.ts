import { queryOptions, useQuery } from '@tanstack/react-query';
import { familySettingsSchema, type FamilySettings } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/student/settings/ */
export async function getSettings(): Promise<FamilySettings> {
  return familySettingsSchema.parse(await api.get<unknown>('/student/settings/', { bustCache: true }));
}

export const getSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['family', 'settings'], queryFn: getSettings });

export const useGetSettings = () => useQuery(getSettingsQueryOptions());
