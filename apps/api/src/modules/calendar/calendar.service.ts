import { randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { buildCalendar, type FeedEvent } from './calendar.ics.ts';
import * as repo from './calendar.repository.ts';

export type Area = 'tutor' | 'student';

/** 32 random bytes: the feed address is the only key, so it must be unguessable. */
const newToken = () => randomBytes(32).toString('base64url');

export const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/${token}.ics`;

export async function current(db: DbOrTx, publicUrl: string, userId: string) {
  const token = await repo.tokenOf(db, userId);
  return { url: token ? feedUrl(publicUrl, token) : null };
}

/** A new secret address; the previous one stops working at once. */
export async function rotate(db: Db, publicUrl: string, userId: string) {
  const token = newToken();
  if (!(await repo.setToken(db, userId, token))) throw notFound('Account not found.');
  return { url: feedUrl(publicUrl, token) };
}

export async function revoke(db: Db, userId: string) {
  await repo.setToken(db, userId, null);
  return { url: null };
}

const ms = (v: Date | string) => new Date(v).getTime();

/** The calendar of the token's owner: a tutor's sessions, or a family's; 404 for an unknown or revoked token. */
export async function feed(db: DbOrTx, publicUrl: string, token: string, now = new Date()) {
  const user = token.length >= 32 ? await repo.userByToken(db, token) : undefined;
  if (!user || (user.role !== 'tutor' && user.role !== 'student')) throw notFound('Calendar not found.');
  const isTutor = user.role === 'tutor';
  const rows = isTutor ? await repo.tutorFeed(db, user.id) : await repo.familyFeed(db, user.id);
  const area = isTutor ? 'tutor' : 'student';
  const events: FeedEvent[] = rows.map((r) => ({
    uid: `${r.id}@tibeb-tutoring`,
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    timeZone: r.time_zone,
    summary: isTutor
      ? `${r.subject || 'Lesson'} · ${r.student_name}`
      : `${r.subject || 'Lesson'} with ${r.tutor_name} (${r.student_name})`,
    description: [
      isTutor ? `Student: ${r.student_name}. Guardian: ${r.guardian_name}.` : `Tutor: ${r.tutor_name}.`,
      `The online room opens 15 minutes before the start in your Tibeb area: ${publicUrl}/${area}/dashboard`,
    ].join('\n'),
    url: `${publicUrl}/${area}/${isTutor ? 'schedule' : 'dashboard'}`,
    cancelled: r.status === 'cancelled',
    sequence: Math.max(0, Math.floor((ms(r.updated_at) - ms(r.created_at)) / 1000)),
    updatedAt: new Date(r.updated_at),
  }));
  return buildCalendar(isTutor ? 'Tibeb Tutoring: my teaching' : 'Tibeb Tutoring: lessons', events, now);
}
