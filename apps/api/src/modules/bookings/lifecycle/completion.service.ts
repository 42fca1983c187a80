import type { Db } from '../../../platform/db/client.ts';
import { insertEvents } from './booking-events.repository.ts';
import * as repo from './completion.repository.ts';
import { postSessionEarned } from '../ledger/postings.service.ts';

/** The completion job's step: scheduled sessions whose end has passed become completed (decision 090). */
export async function completeEndedSessions(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await repo.lockReservationsWithEndedSessions(tx, now);
    const ids = locked.map((r) => r.id);
    const completed = await repo.completeEndedSessions(tx, ids, now);
    // A lesson nobody marked is taken as held when it ends (decision 090); its tutor earns it (decision 226).
    for (const s of completed) await postSessionEarned(tx, s.id, now);
    await insertEvents(
      tx,
      completed.map((s) => ({
        reservationId: s.reservationId,
        sessionId: s.id,
        action: 'session_completed',
        detail: { by: 'job' },
      })),
    );
    const finished = await repo.completeFinishedReservations(tx, ids);
    await insertEvents(
      tx,
      finished.map((r) => ({ reservationId: r.id, action: 'reservation_completed', detail: { by: 'job' } })),
    );
    return completed.length;
  });
}
