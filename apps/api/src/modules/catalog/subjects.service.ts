import { fromCents, toCents } from '@tibeb/domain/shared/money';
import {
  subjectListSchema,
  subjectSchema,
  type Subject,
  type SubjectUpdate,
} from '@tibeb/domain/subjects/contract';
import { slugify } from '@tibeb/domain/subjects/slug';
import type { Db } from '../../platform/db/client.ts';
import { badRequest, conflict, notFound } from '../../platform/http/app-error.ts';
import { directoryCache, invalidateSubjectsCache } from './directory.cache.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './subjects.repository.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { adminMessages } from '@tibeb/domain/admin/messages';

export const SUBJECT_NOT_FOUND = 'Subject not found.';
const SLUG_TAKEN = adminMessages.subjectSlugTaken;
const MAX_ID = 2_147_483_647;

/** Spec §3: the slug is derived from the name (lowercase, dashes) when missing; money leaves in dollars. */
function toSubject(row: repo.SubjectRow): Subject {
  return subjectSchema.parse({
    id: row.id,
    name: row.name,
    slug: row.slug || slugify(row.name),
    category: row.category,
    price_per_hour: fromCents(row.pricePerHourCents),
    is_active: row.isActive,
    description: row.description,
    level: row.level,
  });
}

/** The admin's view adds the birr rate (issue 18, decision 170); the public list keeps the spec's shape. */
function toAdminSubject(row: repo.SubjectRow): Subject {
  return {
    ...toSubject(row),
    price_per_hour_etb: row.pricePerHourEtbCents === null ? null : fromCents(row.pricePerHourEtbCents),
  };
}

/** The public list as validated JSON, cached per filter (DESIGN §4). */
export async function publicSubjects(db: Db, isActive: boolean | undefined) {
  const key = `subjects:list:${isActive === undefined ? 'all' : isActive ? 'active' : 'inactive'}`;
  return directoryCache(db).get(key, async () => {
    const rows = await repo.selectSubjects(db, isActive);
    return JSON.stringify(subjectListSchema.parse(rows.map(toSubject)));
  });
}

export async function adminSubjects(db: Db): Promise<Subject[]> {
  return (await repo.selectSubjects(db)).map(toAdminSubject);
}

function slugFor(name: string, slug: string | undefined): string {
  const value = slug || slugify(name);
  if (!value) {
    throw badRequest('The name needs at least one letter or digit.', {
      name: ['The name needs at least one letter or digit.'],
    });
  }
  return value;
}

async function guardSlug<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    // Two admins saving the same slug at once: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(SLUG_TAKEN);
    throw err;
  }
}

/** An admin's change to a subject; audited in the same transaction (decision 201). */
export async function updateSubject(
  db: Db,
  id: number,
  input: SubjectUpdate,
  actorUserId: string | null = null,
): Promise<Subject> {
  const current = id > MAX_ID ? null : await repo.selectSubject(db, id);
  if (!current) throw notFound(SUBJECT_NOT_FOUND);
  const values: repo.SubjectValues = {};
  if (input.name !== undefined) values.name = input.name;
  // An empty slug asks for the derived one.
  if (input.slug !== undefined) values.slug = slugFor(input.name ?? current.name, input.slug);
  if (input.category !== undefined) values.category = input.category;
  if (input.price_per_hour !== undefined) values.pricePerHourCents = toCents(input.price_per_hour);
  // Birr per hour for families paying through Chapa; null stops offering birr (decision 170).
  if (input.price_per_hour_etb !== undefined)
    values.pricePerHourEtbCents =
      input.price_per_hour_etb === null ? null : toCents(input.price_per_hour_etb);
  if (input.is_active !== undefined) values.isActive = input.is_active;
  if (input.description !== undefined) values.description = input.description;
  if (input.level !== undefined) values.level = input.level;
  if (values.slug && (await repo.slugTaken(db, values.slug, id))) throw conflict(SLUG_TAKEN);
  const row = await guardSlug(() =>
    db.transaction(async (tx) => {
      const updated = await repo.updateSubject(tx, id, values);
      if (!updated) throw notFound(SUBJECT_NOT_FOUND);
      await recordAudit(tx, {
        actorUserId,
        action: 'update',
        entityType: 'subject',
        entityId: String(id),
        before: toAdminSubject(current),
        after: toAdminSubject(updated),
      });
      return updated;
    }),
  );
  invalidateSubjectsCache(db);
  return toAdminSubject(row);
}
