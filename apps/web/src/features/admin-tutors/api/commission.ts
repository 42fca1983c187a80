import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminTutorProfileSchema } from '@tibeb/domain/tutors/profile';
import { api } from '../../../lib/api-client.ts';

/** The one field of the admin tutor this form reads and writes. */
const commissionOnly = adminTutorProfileSchema.pick({ commission_percent: true });

/** GET /api/admin/tutors/{id}/: only the tutor's own commission (null = the platform's default). */
export async function getCommission(id: number | string): Promise<number | null> {
  const body = await api.get<unknown>(`/admin/tutors/${encodeURIComponent(String(id))}/`, {
    bustCache: true,
  });
  return commissionOnly.parse(body).commission_percent;
}

export const useCommission = (id: number | string) =>
  useQuery(
    queryOptions({ queryKey: ['admin', 'tutor-commission', String(id)], queryFn: () => getCommission(id) }),
  );

/** PATCH /api/admin/tutors/{id}/ with `commission_percent` (null = back to the default). */
export async function saveCommission({ id, percent }: { id: number | string; percent: number | null }) {
  const body = await api.patch<unknown>(`/admin/tutors/${encodeURIComponent(String(id))}/`, {
    commission_percent: percent,
  });
  return commissionOnly.parse(body).commission_percent;
}

export function useSaveCommission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCommission,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
