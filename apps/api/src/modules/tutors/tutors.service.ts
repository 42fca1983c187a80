import { fromCents, toCents } from '@tibeb/domain/shared/money';
import {
  adminTutorSchema,
  availabilityDays,
  emptyAvailability,
  publicTutorListSchema,
  publicTutorSchema,
  type AdminTutor,
  type Availability,
  type AvailabilityDay,
  type PublicTutor,
  type TutorCreate,
  type TutorUpdate,
} from '@tibeb/domain/tutors/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { directoryCache, invalidateTutorsCache } from './directory-cache.ts';
import { invalidateTutorBookings } from '../reservations/booked-cache.ts';
import * as repo from './tutors.repository.ts';

/** The answer for an unknown or unpublished tutor id: the same, so a hidden profile is not revealed. */
export const TUTOR_NOT_FOUND = 'Tutor not found.';
/** Tutor ids are PostgreSQL `serial` (int4): a larger number cannot exist. */
const MAX_ID = 2_147_483_647;

function availabilityMaps(rows: repo.AvailabilityRow[]): Map<number, Availability> {
  const byTutor = new Map<number, Availability>();
  for (const row of rows) {
    if (!(availabilityDays as readonly string[]).includes(row.weekday)) continue;
    let map = byTutor.get(row.tutor_id);
    if (!map) {
      map = emptyAvailability();
      byTutor.set(row.tutor_id, map);
    }
    map[row.weekday as AvailabilityDay].push({ start: row.start_time, end: row.end_time });
  }
  return byTutor;
}

function toPublic(row: repo.TutorRow, availability: Availability | undefined): PublicTutor {
  return {
    id: row.id,
    full_name: row.full_name,
    subject: row.subject,
    subject_id: row.subject_id,
    category: row.category,
    grade_from: row.grade_from,
    grade_to: row.grade_to,
    bio: row.bio,
    education: row.education,
    years_of_experience: row.years_of_experience,
    teaching_style: row.teaching_style,
    hourly_rate: fromCents(row.hourly_rate_cents),
    average_rating: Number(row.average_rating),
    total_reviews: Number(row.total_reviews),
    profile_image: row.profile_image,
    time_zone: row.time_zone,
    availability: availability ?? emptyAvailability(),
  };
}

const toAdmin = (row: repo.TutorRow, availability: Availability | undefined): AdminTutor => ({
  ...toPublic(row, availability),
  is_published: row.is_published,
  is_active: row.is_active,
});

/**
 * The published tutors as a JSON string, validated against the contract once when the cache fills, so that
 * every request after that costs a lookup and a write (DESIGN §4).
 */
export async function publicTutorList(db: Db) {
  return directoryCache(db).get('tutors:list', async () => {
    const rows = await repo.selectPublicTutors(db);
    return JSON.stringify(
      publicTutorListSchema.parse(
        rows.map((r) => {
          const { availability: _omitted, ...item } = toPublic(r, undefined);
          return item;
        }),
      ),
    );
  });
}

export async function publicTutor(db: Db, id: number) {
  if (id > MAX_ID) throw notFound(TUTOR_NOT_FOUND);
  return directoryCache(db).get(`tutors:detail:${id}`, async () => {
    const row = await repo.selectTutor(db, id, { publicOnly: true });
    if (!row) throw notFound(TUTOR_NOT_FOUND);
    const maps = availabilityMaps(await repo.selectAvailability(db, [id]));
    return JSON.stringify(publicTutorSchema.parse(toPublic(row, maps.get(id))));
  });
}

export async function adminTutorList(db: Db): Promise<AdminTutor[]> {
  const rows = await repo.selectAllTutors(db);
  const maps = availabilityMaps(
    await repo.selectAvailability(
      db,
      rows.map((r) => r.id),
    ),
  );
  return rows.map((r) => adminTutorSchema.parse(toAdmin(r, maps.get(r.id))));
}

export async function adminTutor(db: Db, id: number): Promise<AdminTutor> {
  const row = id > MAX_ID ? null : await repo.selectTutor(db, id, { publicOnly: false });
  if (!row) throw notFound(TUTOR_NOT_FOUND);
  const maps = availabilityMaps(await repo.selectAvailability(db, [id]));
  return toAdmin(row, maps.get(id));
}

function windowsOf(availability: Availability) {
  return availabilityDays.flatMap((weekday) => availability[weekday].map((w) => ({ weekday, ...w })));
}

function tutorValues(input: TutorUpdate): repo.TutorValues {
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
  return values;
}

function validTimeZone(zone: string | undefined) {
  if (zone === undefined) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw badRequest(`time_zone: Unknown time zone.`, { time_zone: ['Unknown time zone.'] });
  }
}

async function checkSubject(tx: DbOrTx, subjectId: number | null | undefined) {
  if (subjectId === undefined || subjectId === null) return;
  if (!(await repo.subjectExists(tx, subjectId))) {
    throw badRequest('subject_id: No such subject.', { subject_id: ['No such subject.'] });
  }
}

export async function createTutor(db: Db, input: TutorCreate): Promise<AdminTutor> {
  validTimeZone(input.time_zone);
  const id = await repo.transaction(db, async (tx) => {
    await checkSubject(tx, input.subject_id);
    const newId = await repo.insertTutor(tx, {
      ...tutorValues(input),
      fullName: input.full_name,
      subject: input.subject,
      hourlyRateCents: toCents(input.hourly_rate),
    });
    if (input.availability) await repo.replaceAvailability(tx, newId, windowsOf(input.availability));
    return newId;
  });
  invalidateTutorsCache(db);
  return adminTutor(db, id);
}

export async function updateTutor(db: Db, id: number, input: TutorUpdate): Promise<AdminTutor> {
  if (id > MAX_ID) throw notFound(TUTOR_NOT_FOUND);
  validTimeZone(input.time_zone);
  await repo.transaction(db, async (tx) => {
    if (!(await repo.tutorExists(tx, id))) throw notFound(TUTOR_NOT_FOUND);
    await checkSubject(tx, input.subject_id);
    // A one-sided grade change must still leave a valid range.
    if ((input.grade_from === undefined) !== (input.grade_to === undefined)) {
      const current = await repo.selectTutor(tx, id, { publicOnly: false });
      const from = input.grade_from ?? current!.grade_from;
      const to = input.grade_to ?? current!.grade_to;
      if (from > to) {
        throw badRequest('grade_to: The first grade must not be above the last.', {
          grade_to: ['The first grade must not be above the last.'],
        });
      }
    }
    const values = tutorValues(input);
    if (Object.keys(values).length > 0) await repo.updateTutor(tx, id, values);
    if (input.availability) await repo.replaceAvailability(tx, id, windowsOf(input.availability));
  });
  invalidateTutorsCache(db);
  // The month availability is computed from the windows and cached per tutor by the booking engine.
  invalidateTutorBookings(id);
  return adminTutor(db, id);
}

export async function replaceTutorAvailability(
  db: Db,
  id: number,
  availability: Availability,
): Promise<AdminTutor> {
  if (id > MAX_ID) throw notFound(TUTOR_NOT_FOUND);
  await repo.transaction(db, async (tx) => {
    if (!(await repo.tutorExists(tx, id))) throw notFound(TUTOR_NOT_FOUND);
    await repo.replaceAvailability(tx, id, windowsOf(availability));
  });
  invalidateTutorsCache(db);
  invalidateTutorBookings(id);
  return adminTutor(db, id);
}
