import { fromCents } from '@tibeb/domain/shared/money';
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
} from '@tibeb/domain/tutors/contract';
import { orderChecks } from '@tibeb/domain/tutoring/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/app-error.ts';
import { directoryCache } from './directory.cache.ts';
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
    checks: orderChecks(row.checks ?? []),
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

/** Every tutor, published or not, optionally filtered by a name or subject search and the published flag. */
export async function adminTutorList(
  db: Db,
  filter: { q?: string; published?: boolean } = {},
): Promise<AdminTutor[]> {
  const rows = await repo.selectTutorsFiltered(db, filter);
  const maps = availabilityMaps(
    await repo.selectAvailability(
      db,
      rows.map((r) => r.id),
    ),
  );
  return rows.map((r) => adminTutorSchema.parse(toAdmin(r, maps.get(r.id))));
}

export async function adminTutor(db: DbOrTx, id: number): Promise<AdminTutor> {
  const row = id > MAX_ID ? null : await repo.selectTutor(db, id, { publicOnly: false });
  if (!row) throw notFound(TUTOR_NOT_FOUND);
  const maps = availabilityMaps(await repo.selectAvailability(db, [id]));
  return toAdmin(row, maps.get(id));
}
