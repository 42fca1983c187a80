import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applicationKey } from './get-application.ts';

/** DELETE /api/tutor/application/documents/{id}/ → 204 (only while the application is open). */
export async function deleteDocument(id: string): Promise<void> {
  await api.delete<unknown>(`/tutor/application/documents/${id}/`);
}

export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => client.invalidateQueries({ queryKey: applicationKey }),
  });
}
