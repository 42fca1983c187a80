import { queryOptions, useQuery } from '@tanstack/react-query';
import { receiptSchema, type Receipt } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/student/payments/{id}/receipt/ */
export async function getReceipt(id: string): Promise<Receipt> {
  return receiptSchema.parse(await api.get<unknown>(`/student/payments/${encodeURIComponent(id)}/receipt/`));
}

export const getReceiptQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['family', 'receipt', id], queryFn: () => getReceipt(id) });

export const useGetReceipt = (id: string) => useQuery(getReceiptQueryOptions(id));
