import { toCents } from '@tibeb/domain/shared/money';
import { weekdayOf } from '@tibeb/domain/bookings/slots';
import { trialColumnsOf } from '@tibeb/domain/bookings/trial';
import { instantToWallClock } from '@tibeb/domain/bookings/time';
import { publishGapErrors, publishGaps, publishingMessages } from '@tibeb/domain/tutors/publishing';
import {
  availabilityDays,
  type Availability,
  type TutorCreate,
  type TutorUpdate,
} from '@tibeb/domain/tutors/contract';
import {
  dateInTimeOff,
  sessionFitsAvailability,
  tutorProfileMessages as m,
  type StrandedSession,
  type TimeOff,
  type TimeOffCreate,
  type AdminTutorProfile,
  type TutorProfile,
  type TutorSelfUpdate,
} from '@tibeb/domain/tutors/profile';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError, badRequest, notFound } from '../../platform/http/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { emitEvent } from '../../platform/events.ts';
import { invalidateTutorsCache } from './directory.cache.ts';
import * as repo from './tutors.repository.ts';
import { adminTutor, TUTOR_NOT_FOUND } from './tutors.service.ts';
import { adminMessages } from '@tibeb/domain/admin/messages';

/**
 * One service for every edit of a tutor's profile, by an administrator or by the tutor: the public fields, the
 * weekly availability and time off (never stranding a session still to come), the photo, the meeting link.
 * Each write records an audit entry in its own transaction and clears the directory's and the booking engine's
 * caches, so the directory and the wizard show it at once.
 */

/** Who makes the change: the audit's actor. */
export type Actor = { userId: string | null };

/** PostgreSQL `serial` (int4): a larger id cannot exist. */
const MAX_ID = 2_147_483_647;

/** Extra fields an administrator sets beside the public profile. */
export type AdminProfileUpdate = TutorUpdate & { meeting_url?: string; user_id?: string | null };

export async function tutorProfile(db: DbOrTx, id: number): Promise<AdminTutorProfile> {
  const base = await adminTutor(db as Db, id);
  const extras = await repo.selectProfileExtras(db, id);
  // commission_percent: the admin's answers only (the tutor's own profile schema leaves it out); issue 27.
  const bps = extras?.commission_bps ?? null;
  return {
    ...base,
    meeting_url: extras?.meeting_url ?? '',
    user_id: extras?.user_id ?? null,
    commission_percent: bps === null ? null : bps / 100,
  };
}

/** The tutor area's own profile: 404 when the account has no tutor profile linked. */
export async function ownTutorId(db: Db, userId: string): Promise<number> {
  const id = await repo.tutorIdOfUser(db, userId);
  if (id === null) throw notFound(m.noProfile);
  return id;
}

/** The tutor's time lock first (the lifecycle's lock order), then the tutor row; 404 for an unknown tutor. */
async function lockTutor(tx: DbOrTx, id: number) {
  if (id > MAX_ID) throw notFound(TUTOR_NOT_FOUND);
  await repo.lockTutorTime(tx, id);
  if (!(await repo.tutorExists(tx, id))) throw notFound(TUTOR_NOT_FOUND);
}

function changed(db: Db, id: number) {
  invalidateTutorsCache(db);
  // The month availability is computed from windows and cached per tutor by the booking engine, which listens.
  emitEvent('tutor.schedule-changed', { tutorId: id });
}

/**
 * Refuses (409) an edit that would leave a session still to come outside the tutor's time: `fits` says, for the
 * session's wall-clock date, weekday, start and duration in the tutor's zone, whether it stays bookable.
 */
async function refuseStranding(
  tx: DbOrTx,
  tutorId: number,
  timeZone: string,
  fits: (s: {
    date: string;
    weekday: (typeof availabilityDays)[number];
    time: string;
    minutes: number;
  }) => boolean,
) {
  const stranded: StrandedSession[] = [];
  // Their ids too (decision 260): the tutor's screen offers move, cancel, sick day or the office for exactly these.
  const strandedIds: string[] = [];
  for (const s of await repo.selectUpcomingSessions(tx, tutorId, new Date())) {
    const wall = instantToWallClock(s.starts_at, timeZone);
    const minutes = Math.round((s.ends_at.getTime() - s.starts_at.getTime()) / 60_000);
    if (!fits({ date: wall.date, weekday: weekdayOf(wall.date), time: wall.time, minutes })) {
      stranded.push({ date: wall.date, time: wall.time, student: s.student });
      strandedIds.push(s.id);
    }
  }
  if (stranded.length > 0) {
    throw new AppError(409, m.stranded(stranded.length), {
      // One text per count ('A scheduled session …' for one): the code and count say which.
      code: 'stranded_sessions',
      params: { count: stranded.length },
      fieldErrors: { sessions: stranded.map(m.strandedLine), session_ids: strandedIds },
    });
  }
}

async function refuseStrandingByAvailability(
  tx: DbOrTx,
  tutorId: number,
  timeZone: string,
  availability: Availability,
) {
  await refuseStranding(tx, tutorId, timeZone, (s) =>
    sessionFitsAvailability(availability, s.weekday, s.time, s.minutes),
  );
}

function windowsOf(availability: Availability) {
  return availabilityDays.flatMap((weekday) => availability[weekday].map((w) => ({ weekday, ...w })));
}

function validTimeZone(zone: string | undefined) {
  if (zone === undefined) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw badRequest('Unknown time zone.', { time_zone: ['Unknown time zone.'] });
  }
}

async function checkSubject(tx: DbOrTx, subjectId: number | null | undefined) {
  if (subjectId === undefined || subjectId === null) return;
  if (!(await repo.subjectExists(tx, subjectId))) {
    throw badRequest('No such subject.', { subject_id: ['No such subject.'] });
  }
}

/** A linked account must exist, have the tutor role, and not already be linked to another profile. */
async function checkUserLink(tx: DbOrTx, tutorId: number | null, userId: string | null | undefined) {
  if (userId === undefined || userId === null) return;
  const role = await repo.userRole(tx, userId);
  if (role === null) throw badRequest('No such account.', { user_id: ['No such account.'] });
  if (role !== 'tutor') {
    throw badRequest('The account must have the tutor role.', {
      user_id: ['The account must have the tutor role.'],
    });
  }
  const linked = await repo.tutorIdOfUser(tx, userId);
  if (linked !== null && linked !== tutorId) {
    throw new AppError(409, adminMessages.tutorProfileExists, {
      fieldErrors: { user_id: [adminMessages.tutorProfileExists] },
    });
  }
}

function profileValues(input: AdminProfileUpdate): repo.TutorValues {
  const values: repo.TutorValues = {};
  if (input.full_name !== undefined) values.fullName = input.full_name;
  if (input.subject !== undefined) values.subject = input.subject;
  if (input.subject_id !== undefined) values.subjectId = input.subject_id;
  if (input.grade_from !== undefined) values.gradeFrom = input.grade_from;
  if (input.grade_to !== undefined) values.gradeTo = input.grade_to;
  if (input.bio !== undefined) values.bio = input.bio;
  if (input.education !== undefined) values.education = input.education;
  if (input.years_of_experience !== undefined) values.yearsOfExperience = input.years_of_experience;
  if (input.teaching_style !== undefined) values.teachingStyle = input.teaching_style;
  if (input.hourly_rate !== undefined) values.hourlyRateCents = toCents(input.hourly_rate);
  if (input.profile_image !== undefined) values.profileImage = input.profile_image;
  if (input.time_zone !== undefined) values.timeZone = input.time_zone;
  if (input.is_published !== undefined) values.isPublished = input.is_published;
  if (input.is_active !== undefined) values.isActive = input.is_active;
  if (input.meeting_url !== undefined) values.meetingUrl = input.meeting_url;
  if (input.user_id !== undefined) values.userId = input.user_id;
  if (input.trial !== undefined) Object.assign(values, trialColumnsOf(input.trial));
  if (input.commission_percent !== undefined)
    values.commissionBps =
      input.commission_percent === null ? null : Math.round(input.commission_percent * 100);
  return values;
}

/**
 * A profile is published complete and stays so (decision 265): a write (the admin's or the tutor's own) that would
 * publish an incomplete profile, or take from a published one what it had (its rate, bio, photo or last weekly
 * time), is refused with a field error per gap, and its transaction rolls back. A profile published before the rule
 * keeps the gaps it had until they are filled.
 */
function refuseIncompletePublished(before: TutorProfile | null, after: TutorProfile) {
  if (!after.is_published) return;
  const had = new Set(before?.is_published ? publishGaps(before) : []);
  const gaps = publishGaps(after).filter((gap) => !had.has(gap));
  if (gaps.length > 0) throw badRequest(publishingMessages.notReady, publishGapErrors(gaps));
}

/** Records a change of tutor `id` in the audit trail, inside the change's transaction. */
async function auditTutor(
  tx: DbOrTx,
  actor: Actor,
  action: string,
  id: number,
  change: { before?: unknown; after?: unknown },
) {
  await recordAudit(tx, {
    actorUserId: await repo.existingUserId(tx, actor.userId),
    action,
    entityType: 'tutor',
    entityId: String(id),
    ...change,
  });
}

/** The audit's snapshot: the profile without the derived review figures. */
function snapshot(p: TutorProfile) {
  const { average_rating: _a, total_reviews: _t, category: _c, ...rest } = p;
  return rest;
}

export async function createTutorProfile(
  db: Db,
  input: TutorCreate & { meeting_url?: string; user_id?: string | null },
  actor: Actor,
): Promise<AdminTutorProfile> {
  validTimeZone(input.time_zone);
  const { id, after } = await repo.transaction(db, async (tx) => {
    await checkSubject(tx, input.subject_id);
    await checkUserLink(tx, null, input.user_id);
    const newId = await repo.insertTutor(tx, {
      ...profileValues(input),
      fullName: input.full_name,
      subject: input.subject,
      hourlyRateCents: toCents(input.hourly_rate),
      // A new profile is a draft unless the admin publishes it at once, complete (decision 265).
      isPublished: input.is_published ?? false,
    });
    if (input.availability) await repo.replaceAvailability(tx, newId, windowsOf(input.availability));
    const created = await tutorProfile(tx, newId);
    refuseIncompletePublished(null, created);
    await auditTutor(tx, actor, 'tutor.create', newId, { after: snapshot(created) });
    return { id: newId, after: created };
  });
  changed(db, id);
  return after;
}

export async function updateTutorProfile(
  db: Db,
  id: number,
  input: AdminProfileUpdate | TutorSelfUpdate,
  actor: Actor,
): Promise<AdminTutorProfile> {
  const update = input as AdminProfileUpdate;
  validTimeZone(update.time_zone);
  const after = await repo.transaction(db, async (tx) => {
    await lockTutor(tx, id);
    const before = await tutorProfile(tx, id);
    await checkSubject(tx, update.subject_id);
    await checkUserLink(tx, id, update.user_id);
    // A one-sided grade change must still leave a valid range.
    const from = update.grade_from ?? before.grade_from;
    const to = update.grade_to ?? before.grade_to;
    if (from > to) {
      throw badRequest('The first grade must not be above the last.', {
        grade_to: ['The first grade must not be above the last.'],
      });
    }
    const timeZone = update.time_zone ?? before.time_zone;
    if (update.availability || timeZone !== before.time_zone) {
      await refuseStrandingByAvailability(tx, id, timeZone, update.availability ?? before.availability);
    }
    const values = profileValues(update);
    if (Object.keys(values).length > 0) await repo.updateTutor(tx, id, values);
    if (update.availability) await repo.replaceAvailability(tx, id, windowsOf(update.availability));
    const next = await tutorProfile(tx, id);
    refuseIncompletePublished(before, next);
    await auditTutor(tx, actor, 'tutor.update', id, { before: snapshot(before), after: snapshot(next) });
    return next;
  });
  changed(db, id);
  return after;
}

export async function replaceAvailability(
  db: Db,
  id: number,
  availability: Availability,
  actor: Actor,
): Promise<TutorProfile> {
  const after = await repo.transaction(db, async (tx) => {
    await lockTutor(tx, id);
    const before = await tutorProfile(tx, id);
    await refuseStrandingByAvailability(tx, id, before.time_zone, availability);
    await repo.replaceAvailability(tx, id, windowsOf(availability));
    const next = await tutorProfile(tx, id);
    refuseIncompletePublished(before, next);
    await auditTutor(tx, actor, 'tutor.availability', id, {
      before: { availability: before.availability },
      after: { availability: next.availability },
    });
    return next;
  });
  changed(db, id);
  return after;
}

export async function availabilityOf(db: Db, id: number): Promise<Availability> {
  return (await tutorProfile(db, id)).availability;
}

export async function listTimeOff(db: Db, id: number): Promise<TimeOff[]> {
  if (id > MAX_ID) throw notFound(TUTOR_NOT_FOUND);
  if (!(await repo.selectProfileExtras(db, id))) throw notFound(TUTOR_NOT_FOUND);
  return repo.selectTimeOff(db, id);
}

export async function addTimeOff(db: Db, id: number, input: TimeOffCreate, actor: Actor): Promise<TimeOff> {
  const off = { starts_on: input.starts_on, ends_on: input.ends_on ?? input.starts_on };
  const row = await repo.transaction(db, async (tx) => {
    await lockTutor(tx, id);
    const profile = await tutorProfile(tx, id);
    await refuseStranding(tx, id, profile.time_zone, (s) => !dateInTimeOff(s.date, off));
    const inserted = await repo.insertTimeOff(tx, {
      tutorId: id,
      startsOn: off.starts_on,
      endsOn: off.ends_on,
      reason: input.reason ?? '',
    });
    await auditTutor(tx, actor, 'tutor.time_off.add', id, { after: inserted });
    return inserted;
  });
  changed(db, id);
  return row;
}

export async function removeTimeOff(db: Db, id: number, timeOffId: number, actor: Actor): Promise<void> {
  await repo.transaction(db, async (tx) => {
    await lockTutor(tx, id);
    const removed = timeOffId > MAX_ID ? null : await repo.deleteTimeOff(tx, id, timeOffId);
    if (!removed) throw notFound(m.timeOffNotFound);
    await auditTutor(tx, actor, 'tutor.time_off.remove', id, { before: removed });
  });
  changed(db, id);
}

/**
 * Stores an uploaded photo's address on the profile. `onReplaced` gets the previous address once the new one is
 * saved (read under the tutor's lock), so its file can go: it is shown nowhere any more (decision 200).
 */
export async function setPhoto(
  db: Db,
  id: number,
  url: string,
  actor: Actor,
  onReplaced?: (previousUrl: string) => Promise<void>,
): Promise<TutorProfile> {
  let previous = '';
  const after = await repo.transaction(db, async (tx) => {
    await lockTutor(tx, id);
    const before = await tutorProfile(tx, id);
    previous = before.profile_image;
    await repo.updateTutor(tx, id, { profileImage: url });
    await auditTutor(tx, actor, 'tutor.photo', id, {
      before: { profile_image: before.profile_image },
      after: { profile_image: url },
    });
    // Another profile given the same address keeps its file.
    if (previous && (previous === url || (await repo.profileImageInUse(tx, previous)))) previous = '';
    return tutorProfile(tx, id);
  });
  changed(db, id);
  if (previous) await onReplaced?.(previous);
  return after;
}

/** Throws 404 before an upload is read when the tutor does not exist. */
export async function assertTutor(db: Db, id: number): Promise<void> {
  if (id > MAX_ID || !(await repo.selectProfileExtras(db, id))) throw notFound(TUTOR_NOT_FOUND);
}

/**
 * For the booking engine: each tutor's days off between two dates (YYYY-MM-DD, both included), as a predicate
 * on a wall-clock date. A date that answers true offers no slot; time off writes already tell the engine
 * (the `tutor.schedule-changed` event), which drops its per-tutor cache.
 */
export async function daysOffOf(
  db: DbOrTx,
  tutorIds: number[],
  from: string,
  to: string,
): Promise<Map<number, (date: string) => boolean>> {
  const rows = await repo.selectTimeOffOverlapping(db, tutorIds, from, to);
  const out = new Map<number, (date: string) => boolean>();
  for (const id of tutorIds) {
    const mine = rows.filter((r) => r.tutor_id === id);
    out.set(id, (date) => mine.some((off) => dateInTimeOff(date, off)));
  }
  return out;
}
