import { formatUsd, toCents } from '@tibeb/domain/shared/money';
import type { DirectoryTutor } from '../api/get-tutors.ts';

/** "$25.00/hr"; a missing rate is shown as such rather than as $0. */
export const formatHourlyRate = (rate: number | null) =>
  rate === null ? 'Rate on request' : `${formatUsd(toCents(rate))}/hr`;

export const formatYears = (years: number | null) => {
  const n = Math.max(0, Math.trunc(years ?? 0));
  return `${n} ${n === 1 ? 'year' : 'years'}`;
};

/** The state the booking wizard reads (spec §2: the tutor id passed as navigation state). */
export const bookingState = (tutor: DirectoryTutor) => ({ tutorId: tutor.id });
