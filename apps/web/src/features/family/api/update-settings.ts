import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FamilySettings, FamilySettingsBody } from '@tibeb/domain/family/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const updateSettings = (body: FamilySettingsBody) =>
  apiRequest<FamilySettings>('/student/settings/', { method: 'PUT', body });

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
