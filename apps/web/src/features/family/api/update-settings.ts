import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  familySettingsSchema,
  type FamilySettings,
  type FamilySettingsBody,
} from '@tibeb/domain/family/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/student/settings/: the settings as saved. */
export async function updateSettings(body: FamilySettingsBody): Promise<FamilySettings> {
  return familySettingsSchema.parse(await apiRequest<unknown>('/student/settings/', { method: 'PUT', body }));
}

export const useUpdateSettings = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (data) => {
      client.setQueryData(['family', 'settings'], data);
      void client.invalidateQueries({ queryKey: ['family', 'overview'] });
    },
  });
};
