import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receipt } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

export const getReceipt = (id: string) =>
  api.get<Receipt>(`/student/payments/${encodeURIComponent(id)}/receipt/`);

export const getReceiptQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['family', 'receipt', id], queryFn: () => getReceipt(id) });

export const useGetReceipt = (id: string) => useQuery(getReceiptQueryOptions(id));
