import { useQuery } from '@tanstack/react-query';
import { adminApplicationSchema, type AdminApplication } from '@tibeb/domain/tutoring/contracts';
import { api } from '../../../lib/api-client.ts';

export const adminApplicationKey = (id: string) => ['admin-tutor-applications', 'detail', id] as const;

/** GET /api/admin/tutor-applications/{id}/: fields, documents, checks with who and when, history. */
export async function getAdminApplication(id: string): Promise<AdminApplication> {
  return adminApplicationSchema.parse(
    await api.get<unknown>(`/admin/tutor-applications/${id}/`, { bustCache: true }),
  );
}

export const useAdminApplication = (id: string) =>
  useQuery({ queryKey: adminApplicationKey(id), queryFn: () => getAdminApplication(id), retry: false });
