import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminApplicationSchema,
  type AdminApplication,
  type DecisionInput,
} from '@tibeb/domain/tutoring/contracts';
import { api } from '../../../lib/api-client.ts';
import { adminApplicationKey } from './get-application.ts';

/** POST /api/admin/tutor-applications/{id}/decision/ → the application again (approve publishes the tutor). */
export async function decideApplication(id: string, body: DecisionInput): Promise<AdminApplication> {
  return adminApplicationSchema.parse(
    await api.post<unknown>(`/admin/tutor-applications/${id}/decision/`, body),
  );
}

export function useDecideApplication(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DecisionInput) => decideApplication(id, body),
    onSuccess: async (data) => {
      client.setQueryData(adminApplicationKey(id), data);
      await client.invalidateQueries({ queryKey: ['admin-tutor-applications', 'list'] });
    },
  });
}
