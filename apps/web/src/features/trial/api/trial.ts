import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import { z } from 'zod';
import {
  continueWeeklySchema,
  trialCreatedSchema,
  trialSlotsSchema,
  type ContinueWeekly,
  type TrialCreated,
  type TrialPayload,
  type TrialSlots,
} from '@tibeb/domain/bookings/trial';
import { api } from '../../../lib/api-client.ts';
import { visitorTimeZone } from '../../../lib/visitor-zone.ts';

/** GET /api/reservations/trial/{tutorId}/: the tutor's trial and its free times over the next 14 days. */
export async function getTrial(tutorId: number): Promise<TrialSlots> {
  const body = await api.get<unknown>(`/reservations/trial/${tutorId}/`, { bustCache: true });
  return trialSlotsSchema.parse(body);
}

export const trialQueryOptions = (tutorId: number) =>
  queryOptions({ queryKey: ['trial', tutorId], queryFn: () => getTrial(tutorId), retry: false });

export function useTrial(tutorId: number) {
  return useQuery(trialQueryOptions(tutorId));
}

/**
 * POST /api/reservations/trial/: holds the trial (or confirms a free one). The interface's language and the
 * browser's zone go with it, as with a weekly booking (the family's e-mails and its account follow them).
 */
export async function bookTrial(payload: TrialPayload): Promise<TrialCreated> {
  const locale = i18n.language === 'am' ? 'am' : 'en';
  const body = await api.post<unknown>(
    '/reservations/trial/',
    { ...payload, locale, family_time_zone: visitorTimeZone() },
    { bustCache: true, idempotent: true },
  );
  return trialCreatedSchema.parse(body);
}

export function useBookTrial() {
  return useMutation({ mutationFn: bookTrial });
}

/** GET /api/student/continue-weekly/: the family's finished trials not yet followed by weekly lessons. */
export async function getContinueWeekly(): Promise<ContinueWeekly[]> {
  const body = await api.get<unknown>('/student/continue-weekly/', { bustCache: true });
  return z.array(continueWeeklySchema).parse(body);
}

export function useContinueWeekly() {
  return useQuery({ queryKey: ['trial', 'continue-weekly'], queryFn: getContinueWeekly, retry: false });
}
