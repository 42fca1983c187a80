import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sessions } from '../../../db/schema/index.ts';

/** For the tests: moves a session as a reschedule would (the lifecycle's own call is tested in its module). */
export async function moveSession(db: Db, sessionId: string, startsAt: Date, minutes = 60) {
  await db
    .update(sessions)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) })
    .where(eq(sessions.id, sessionId));
}
