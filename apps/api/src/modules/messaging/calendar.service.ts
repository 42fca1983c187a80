import { randomBytes } from 'node:crypto';
import { toLocale, type Locale } from '@tibeb/domain/shared/locale';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/app-error.ts';
import { buildCalendar, type FeedEvent } from './calendar-ics.service.ts';
import * as repo from './calendar.repository.ts';
import { calendarFeedMessages } from '@tibeb/domain/sessions/calendar-feed';

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
  if (!(await repo.setToken(db, userId, token))) throw notFound(calendarFeedMessages.accountNotFound);
  return { url: feedUrl(publicUrl, token) };
}

export async function revoke(db: Db, userId: string) {
  await repo.setToken(db, userId, null);
  return { url: null };
}

const ms = (v: Date | string) => new Date(v).getTime();

/** The feed's words, in its owner's language (issue 18); tutors read English unless their account says Amharic. */
type Texts = {
  name: (isTutor: boolean) => string;
  lesson: string;
  cancelled: (summary: string) => string;
  withTutor: (subject: string, tutor: string, student: string) => string;
  student: (student: string, guardian: string) => string;
  tutor: (tutor: string) => string;
  room: (link: string) => string;
};

const texts: Record<Locale, Texts> = {
  en: {
    name: (isTutor) => (isTutor ? 'Tibeb Tutoring: my teaching' : 'Tibeb Tutoring: lessons'),
    lesson: 'Lesson',
    cancelled: (summary) => `Cancelled: ${summary}`,
    withTutor: (subject, tutor, student) => `${subject} with ${tutor} (${student})`,
    student: (student, guardian) => `Student: ${student}. Guardian: ${guardian}.`,
    tutor: (tutor) => `Tutor: ${tutor}.`,
    room: (link) => `The online room opens 15 minutes before the start in your Tibeb area: ${link}`,
  },
  am: {
    name: (isTutor) => (isTutor ? 'Tibeb Tutoring፦ የማስተምራቸው ትምህርቶች' : 'Tibeb Tutoring፦ ትምህርቶች'),
    lesson: 'ትምህርት',
    cancelled: (summary) => `ተሰርዟል፦ ${summary}`,
    withTutor: (subject, tutor, student) => `${subject} ከ${tutor} ጋር (${student})`,
    student: (student, guardian) => `ተማሪ፦ ${student}። አሳዳጊ፦ ${guardian}።`,
    tutor: (tutor) => `አስጠኚ፦ ${tutor}።`,
    room: (link) => `የኦንላይን ክፍሉ ትምህርቱ ከመጀመሩ 15 ደቂቃ በፊት በTibeb ገጽዎ ላይ ይከፈታል፦ ${link}`,
  },
};

/**
 * The calendar of the token's owner: a tutor's sessions, or a family's; 404 for an unknown or revoked token.
 * Each session keeps its UID for life; SEQUENCE is the seconds between its creation and its last change, so
 * a move or a cancellation always carries a higher one (decision 181).
 */
export async function feed(db: DbOrTx, publicUrl: string, token: string, now = new Date()) {
  const user = token.length >= 32 ? await repo.userByToken(db, token) : undefined;
  if (!user || (user.role !== 'tutor' && user.role !== 'student'))
    throw notFound(calendarFeedMessages.notFound);
  const isTutor = user.role === 'tutor';
  const t = texts[toLocale(user.locale)];
  const rows = isTutor ? await repo.tutorFeed(db, user.id) : await repo.familyFeed(db, user.id);
  const area = isTutor ? 'tutor' : 'student';
  const events: FeedEvent[] = rows.map((r) => {
    const subject = r.subject || t.lesson;
    const summary = isTutor
      ? `${subject} · ${r.student_name}`
      : t.withTutor(subject, r.tutor_name, r.student_name);
    const cancelled = r.status === 'cancelled';
    return {
      uid: `${r.id}@tibeb-tutoring`,
      startsAt: new Date(r.starts_at),
      endsAt: new Date(r.ends_at),
      timeZone: r.time_zone,
      summary: cancelled ? t.cancelled(summary) : summary,
      description: [
        isTutor ? t.student(r.student_name, r.guardian_name) : t.tutor(r.tutor_name),
        t.room(`${publicUrl}/${area}/dashboard`),
      ].join('\n'),
      url: `${publicUrl}/${area}/${isTutor ? 'schedule' : 'dashboard'}`,
      cancelled,
      sequence: Math.max(0, Math.floor((ms(r.updated_at) - ms(r.created_at)) / 1000)),
      updatedAt: new Date(r.updated_at),
    };
  });
  return buildCalendar(t.name(isTutor), events, now);
}
