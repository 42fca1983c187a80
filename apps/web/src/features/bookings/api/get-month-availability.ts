import { queryOptions, useQuery } from '@tanstack/react-query';
import { availableResponseSchema, bookedResponseSchema } from '@tibeb/domain/bookings/payload';
import { monthDates, removeBookedSlots, slotsInWindows, weekdayOf } from '@tibeb/domain/bookings/slots';
import { futureSlots } from '@tibeb/domain/bookings/time';
import type { Availability } from '@tibeb/domain/tutors/contract';
import { api } from '../../../lib/api-client.ts';

/** Date 'YYYY-MM-DD' → the start times 'HH:MM' still bookable that day for the chosen duration. */
export type MonthAvailability = Record<string, string[]>;

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
  const parsed = bookedResponseSchema.safeParse(body);
  const booked = parsed.success ? parsed.data.booked : {};
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

/**
 * GET /api/reservations/available/ (a tutor) or /available-by-subject/ (spec §7), only future slots, for one
 * month and duration.
 */
export async function getMonthAvailability({
  target,
  year,
  month,
  durationMinutes,
}: MonthAvailabilityParams): Promise<MonthAvailability> {
  const common = { year, month, duration_minutes: durationMinutes, only_future: 1 };
  const body =
    target.mode === 'tutor'
      ? await api.get<unknown>('/reservations/available/', {
          query: { tutor_id: target.tutorId, ...common },
          bustCache: true,
        })
      : await api.get<unknown>('/reservations/available-by-subject/', {
          query: { subject: target.subject, ...common },
          bustCache: true,
        });
  const parsed = availableResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data.available;
  if (target.mode === 'tutor') return fromBooked(target, year, month, durationMinutes);
  throw new Error('Unexpected availability answer');
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
