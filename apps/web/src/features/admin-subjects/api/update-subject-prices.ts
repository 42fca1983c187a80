import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subjectSchema, type Subject } from '@tibeb/domain/subjects/contract';
import { api } from '../../../lib/api-client.ts';

export type SubjectPrices = { price_per_hour: number; price_per_hour_etb: number | null };

/** PATCH /api/admin/subjects/{id}/ with the prices per hour: dollars, and birr (null: birr not offered). */
export async function updateSubjectPrices(id: number, prices: SubjectPrices): Promise<Subject> {
  return subjectSchema.parse(await api.patch<unknown>(`/admin/subjects/${id}/`, prices));
}

export function useUpdateSubjectPrices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, prices }: { id: number; prices: SubjectPrices }) => updateSubjectPrices(id, prices),
    onSuccess: (subject) => {
      client.setQueryData<Subject[]>(['admin', 'subjects'], (list) =>
        list?.map((s) => (s.id === subject.id ? subject : s)),
      );
    },
  });
}
