import { tutorAvailabilityVersions } from '../../platform/db/schema/catalog.ts';
import type { DbOrTx } from '../../platform/db/client.ts';

/** One weekly window as a version keeps it (the backfill's shape, migration 0010). */
export type VersionWindow = { weekday: string; startTime: string; endTime: string };

/**
 * Records the weekly windows a tutor offers from now on (decision 264): called by every save of a tutor's
 * availability, inside the caller's transaction, right after the windows are replaced, so utilisation can read, for
 * each past day, the windows in force that day. An empty list is a version too (nothing offered from now).
 */
export async function recordAvailabilityVersion(
  db: DbOrTx,
  tutorId: number,
  windows: readonly VersionWindow[],
): Promise<void> {
  const sorted = [...windows].sort(
    (a, b) => a.weekday.localeCompare(b.weekday) || a.startTime.localeCompare(b.startTime),
  );
  await db.insert(tutorAvailabilityVersions).values({
    tutorId,
    windows: sorted.map((w) => ({ weekday: w.weekday, startTime: w.startTime, endTime: w.endTime })),
  });
}
