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
  type PublicTutorListItem,
} from '@tibeb/domain/tutors/contract';
import { orderChecks } from '@tibeb/domain/tutoring/contracts';
import { trialOfferOf } from '@tibeb/domain/bookings/trial';
import { publicTutorPageSchema, tutorSlug } from '@tibeb/domain/tutors/search';
import { ADMIN_TUTOR_LIST_MAX, type AdminTutorPage } from '@tibeb/domain/tutors/admin-list';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/app-error.ts';
import { snapshotCached } from '../reporting/index.ts';
import { directoryCache } from './directory.cache.ts';
import { nextFreeTimesOf } from './next-free.service.ts';
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

/** A public tutor's fields as every public read answers them (the list, the detail, the search's items). */
export function publicTutorFields(
  row: repo.TutorCardRow,
  rating: { average: number | string; total: number | string },
): PublicTutorListItem {
  return {
    id: Number(row.id),
    full_name: row.full_name,
    subject: row.subject,
    subject_id: row.subject_id === null ? null : Number(row.subject_id),
    category: row.category,
    grade_from: row.grade_from,
    grade_to: row.grade_to,
    bio: row.bio,
    education: row.education,
    years_of_experience: row.years_of_experience,
    teaching_style: row.teaching_style,
    hourly_rate: fromCents(row.hourly_rate_cents),
    average_rating: Number(rating.average),
    total_reviews: Number(rating.total),
    profile_image: row.profile_image,
    checks: orderChecks(row.checks ?? []),
    time_zone: row.time_zone,
    trial: trialOfferOf({
      trialMinutes: row.trial_minutes,
      trialPriceCents: row.trial_price_cents,
      trialPriceEtbCents: row.trial_price_etb_cents,
    }),
  };
}

function toPublic(row: repo.TutorRow, availability: Availability | undefined): PublicTutor {
  return {
    ...publicTutorFields(row, { average: row.average_rating, total: row.total_reviews }),
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

/**
 * One published tutor: the spec's detail plus the tutor page's fields (decision 239): its slug, languages and
 * next free 1-hour starts this week (kept until the tutor's schedule or sessions change, or a minute passes).
 */
export async function publicTutor(db: Db, id: number) {
  if (id > MAX_ID) throw notFound(TUTOR_NOT_FOUND);
  return directoryCache(db).get(`tutors:detail:${id}`, async () => {
    const row = await repo.selectTutor(db, id, { publicOnly: true });
    if (!row) throw notFound(TUTOR_NOT_FOUND);
    const maps = availabilityMaps(await repo.selectAvailability(db, [id]));
    const detail = publicTutorSchema.parse(toPublic(row, maps.get(id)));
    return JSON.stringify(
      publicTutorPageSchema.parse({
        ...detail,
        slug: tutorSlug(row.full_name),
        languages: row.languages ?? [],
        next_free_times: await nextFreeTimesOf(db, id),
      }),
    );
  });
}

async function adminTutorRows(
  db: Db,
  filter: repo.AdminTutorFilter,
  limit: number,
  offset: number,
): Promise<AdminTutor[]> {
  const rows = await repo.selectTutorsFiltered(db, { ...filter, limit, offset });
  const maps = availabilityMaps(
    await repo.selectAvailability(
      db,
      rows.map((r) => r.id),
    ),
  );
  return rows.map((r) => adminTutorSchema.parse(toAdmin(r, maps.get(r.id))));
}

/**
 * The tutors, published or not, optionally filtered by a name or subject search and the published flag: the
 * first `ADMIN_TUTOR_LIST_MAX` in the list's order (the unpaged answer, bounded: decision 241).
 */
export async function adminTutorList(db: Db, filter: repo.AdminTutorFilter = {}): Promise<AdminTutor[]> {
  return adminTutorRows(db, filter, ADMIN_TUTOR_LIST_MAX, 0);
}

/**
 * One page of the admin tutor list (decision 241) with the filter's count, both kept while the database shows the
 * same data (exact, on any instance: decision 243); a page past the end is answered from the count alone.
 */
export async function adminTutorPage(
  db: Db,
  filter: repo.AdminTutorFilter,
  page: number,
  pageSize: number,
): Promise<AdminTutorPage> {
  const key = JSON.stringify([filter.q, filter.published]);
  const count = await snapshotCached(db, `tutors:admin:count:${key}`, () =>
    repo.countTutorsFiltered(db, filter),
  );
  const offset = (page - 1) * pageSize;
  const results =
    offset >= count
      ? []
      : await snapshotCached(db, `tutors:admin:page:${key}:${offset}:${pageSize}`, () =>
          adminTutorRows(db, filter, pageSize, offset),
        );
  return { count, page, page_size: pageSize, results };
}

export async function adminTutor(db: DbOrTx, id: number): Promise<AdminTutor> {
  const row = id > MAX_ID ? null : await repo.selectTutor(db, id, { publicOnly: false });
  if (!row) throw notFound(TUTOR_NOT_FOUND);
  const maps = availabilityMaps(await repo.selectAvailability(db, [id]));
  return toAdmin(row, maps.get(id));
}
