import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  latestSubstitutionSchema,
  substituteCandidatesSchema,
  substitutionAnswerSchema,
  substitutionOfferSchema,
  type SubstitutionAnswer,
  type SubstitutionOffer,
} from '@tibeb/domain/bookings/substitution';
import { api } from '../../../lib/api-client.ts';

/** A substitute tutor for the rest of a series (decision 274): the admin's offer and the family's answer. */

const enc = encodeURIComponent;

export const useSubstitutes = (reservationId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'substitutes', reservationId],
    queryFn: async () =>
      substituteCandidatesSchema.parse(
        await api.get<unknown>(`/admin/reservations/${enc(reservationId)}/substitutes/`, { bustCache: true }),
      ),
    enabled,
  });

export const useLatestSubstitution = (reservationId: string) =>
  useQuery({
    queryKey: ['admin', 'substitution', reservationId],
    queryFn: async () =>
      latestSubstitutionSchema.parse(
        await api.get<unknown>(`/admin/reservations/${enc(reservationId)}/substitution/`, {
          bustCache: true,
        }),
      ).offer,
  });

export function useOfferSubstitute(reservationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { tutor_id: number; reason: string }): Promise<SubstitutionOffer> =>
      substitutionOfferSchema.parse(
        await api.post<unknown>(`/admin/reservations/${enc(reservationId)}/substitution/`, body),
      ),
    // Not awaited: the form's own onSuccess runs before the refetch replaces the form with the offer's status.
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useWithdrawSubstitution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (offerId: string): Promise<SubstitutionOffer> =>
      substitutionOfferSchema.parse(
        await api.post<unknown>(`/admin/substitutions/${enc(offerId)}/withdraw/`),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useSubstitutionOffer = (token: string) =>
  useQuery({
    queryKey: ['substitution', token],
    queryFn: async () =>
      substitutionOfferSchema.parse(
        await api.get<unknown>(`/bookings/substitutions/${enc(token)}/`, { bustCache: true }),
      ),
    retry: false,
  });

export function useAnswerSubstitution(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (
      answer: { kind: 'accept'; priceDifferenceCents: number } | { kind: 'decline' },
    ): Promise<SubstitutionAnswer> =>
      substitutionAnswerSchema.parse(
        answer.kind === 'accept'
          ? await api.post<unknown>(`/bookings/substitutions/${enc(token)}/accept/`, {
              price_difference_cents: answer.priceDifferenceCents,
            })
          : await api.post<unknown>(`/bookings/substitutions/${enc(token)}/decline/`),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['substitution', token] }),
  });
}
