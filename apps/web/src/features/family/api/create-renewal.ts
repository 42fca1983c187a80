import { useMutation } from '@tanstack/react-query';
import type { RenewalCreated } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

/** Books the next weeks of a booking; it is then paid at /payment like the first booking. */
export const createRenewal = (reservationId: string) =>
  api.post<RenewalCreated>(`/student/renewals/${encodeURIComponent(reservationId)}/`);

export const useCreateRenewal = () => useMutation({ mutationFn: createRenewal });
