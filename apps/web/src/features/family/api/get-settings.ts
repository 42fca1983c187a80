import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilySettings } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

export const getSettings = () => api.get<FamilySettings>('/student/settings/', { bustCache: true });

export const getSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['family', 'settings'], queryFn: getSettings });

export const useGetSettings = () => useQuery(getSettingsQueryOptions());
