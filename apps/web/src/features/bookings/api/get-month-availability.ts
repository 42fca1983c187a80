import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  availableAnswerSchema,
  availableBySubjectAnswerSchema,
  availableBySubjectPath,
  availableBySubjectPlanQuery,
  availableBySubjectQuery,
  daysTimesParam,
  monthOfDate,
  type PlanChoice,
  type SubjectPlan,
  availablePath,
  availableQuery,
  type AvailableAnswer,
} from '@tibeb/domain/bookings/available';
import { bookedResponseSchema } from '@tibeb/domain/bookings/payload';
import { monthDates, removeBookedSlots, slotsInWindows, weekdayOf } from '@tibeb/domain/bookings/slots';
import { futureSlots } from '@tibeb/domain/bookings/time';
import type { Availability } from '@tibeb/domain/tutors/contract';
import { api } from '../../../lib/api-client.ts';

/** Date 'YYYY-MM-DD' → the start times 'HH:MM' still bookable that day for the chosen duration. */
export type MonthAvailability = AvailableAnswer['available'];

export type AvailabilityTarget =
  | { mode: 'tutor'; tutorId: number; windows: Availability | null; timeZone: string }
  | { mode: 'subject'; subject: string };

export type MonthAvailabilityParams = {
  target: AvailabilityTarget;
  year: number;
  month: number;
  durationMinutes: number;
};

/**
 * Spec §7's fallback when the answer has no `available`: the tutor's booked slots for the month, taken out of
 * the weekly windows on the 30-minute grid (the same rules as the server, from packages/domain).
 */
async function fromBooked(
  target: Extract<AvailabilityTarget, { mode: 'tutor' }>,
  year: number,
  month: number,
  durationMinutes: number,
): Promise<MonthAvailability> {
  const body = await api.get<unknown>('/reservations/booked/', {
    query: { tutor_id: target.tutorId, year, month, only_future: 1, timestamp: Date.now() },
  });
  const { booked } = bookedResponseSchema.parse(body);
  const now = new Date();
  const out: MonthAvailability = {};
  for (const date of monthDates(year, month)) {
    const windows = target.windows?.[weekdayOf(date)] ?? [];
    const slots = removeBookedSlots(
      slotsInWindows(windows, durationMinutes),
      booked[date] ?? [],
      durationMinutes,
    );
    out[date] = futureSlots(date, slots, { now, timeZone: target.timeZone });
  }
  return out;
}

const hasAvailable = (body: unknown) => typeof body === 'object' && body !== null && 'available' in body;

/**
 * GET /api/reservations/available/ (a tutor) or /available-by-subject/ (spec §7), only future slots, for one
 * month and duration: asked and read as every client does (@tibeb/domain/bookings/available).
 */
export async function getMonthAvailability({
  target,
  year,
  month,
  durationMinutes,
}: MonthAvailabilityParams): Promise<MonthAvailability> {
  const body =
    target.mode === 'tutor'
      ? await api.get<unknown>(availablePath, {
          query: availableQuery({ tutorId: target.tutorId, year, month, durationMinutes }),
          bustCache: true,
        })
      : await api.get<unknown>(availableBySubjectPath, {
          query: availableBySubjectQuery({ subject: target.subject, year, month, durationMinutes }),
          bustCache: true,
        });
  // Spec §7: an answer with no `available` at all is worked out from the tutor's booked slots; any other
  // answer must be the contract's (a malformed one is an error, never read as free times).
  if (target.mode === 'tutor' && !hasAvailable(body)) return fromBooked(target, year, month, durationMinutes);
  return availableAnswerSchema.parse(body).available;
}

const targetKey = (t: AvailabilityTarget) =>
  t.mode === 'tutor' ? `tutor:${t.tutorId}` : `subject:${t.subject}`;

export const availabilityKeyPrefix = ['bookings', 'availability'] as const;

export const monthAvailabilityQueryOptions = (params: MonthAvailabilityParams) =>
  queryOptions({
    queryKey: [
      ...availabilityKeyPrefix,
      targetKey(params.target),
      params.year,
      params.month,
      params.durationMinutes,
    ],
    queryFn: () => getMonthAvailability(params),
    // Slots change as others book: every month or duration change asks again (spec §4).
    staleTime: 0,
  });

export function useMonthAvailability(params: MonthAvailabilityParams | null) {
  return useQuery({
    ...monthAvailabilityQueryOptions(
      params ?? { target: { mode: 'subject', subject: '' }, year: 2000, month: 1, durationMinutes: 60 },
    ),
    enabled: params !== null,
  });
}

export type SubjectPlanParams = { subject: string; durationMinutes: number; choice: PlanChoice };

/**
 * Book by subject with one tutor (decision 249): /available-by-subject/ with the first date and the times chosen
 * so far; its `plan` says, per weekday, the times one tutor can teach with them, and who.
 */
export async function getSubjectPlan({
  subject,
  durationMinutes,
  choice,
}: SubjectPlanParams): Promise<SubjectPlan | null> {
  const body = await api.get<unknown>(availableBySubjectPath, {
    query: availableBySubjectPlanQuery({ subject, durationMinutes, ...monthOfDate(choice.date) }, choice),
    bustCache: true,
  });
  const { plan } = availableBySubjectAnswerSchema.parse(body);
  // A server without the plan answers the month only (null): the wizard offers the month's times, as before.
  return plan ?? null;
}

export function useSubjectPlan(params: SubjectPlanParams | null) {
  return useQuery({
    queryKey: [
      ...availabilityKeyPrefix,
      'subject-plan',
      params?.subject ?? '',
      params?.choice.date ?? '',
      params ? daysTimesParam(params.choice.daysTimes) : '',
      params?.durationMinutes ?? 0,
    ],
    queryFn: () => getSubjectPlan(params!),
    enabled: params !== null,
    staleTime: 0,
    // While the next choice is asked, the last answer stays (the chosen times are re-checked once it is in).
    placeholderData: (previous) => previous,
  });
}
