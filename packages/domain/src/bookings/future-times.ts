import type { AvailableAnswer } from './available.ts';
import { instantToWallClock } from './time.ts';

/**
 * A month's free times without any date or time already past in EAT (decision 250): no move dialog offers a
 * past date, whatever the month's answer holds (a day that began before now, a month read a while ago).
 */
export function withoutPast<A extends AvailableAnswer>(answer: A, now = new Date()): A {
  const today = instantToWallClock(now, 'Africa/Addis_Ababa');
  const available: Record<string, string[]> = {};
  for (const [date, times] of Object.entries(answer.available)) {
    if (date < today.date) continue;
    const left = date === today.date ? times.filter((time) => time > today.time) : [...times];
    if (left.length > 0) available[date] = left;
  }
  return { ...answer, available };
}
