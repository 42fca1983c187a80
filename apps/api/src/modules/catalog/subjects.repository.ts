import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { subjects } from '../../platform/db/schema/index.ts';

export type SubjectRow = typeof subjects.$inferSelect;
export type SubjectValues = Partial<Omit<typeof subjects.$inferInsert, 'id' | 'createdAt'>>;

export async function selectSubjects(db: DbOrTx, isActive?: boolean): Promise<SubjectRow[]> {
  const query = db.select().from(subjects);
  const filtered = isActive === undefined ? query : query.where(eq(subjects.isActive, isActive));
  return filtered.orderBy(asc(subjects.id));
}

export async function selectSubject(db: DbOrTx, id: number): Promise<SubjectRow | null> {
  const [row] = await db.select().from(subjects).where(eq(subjects.id, id));
  return row ?? null;
}

export async function slugTaken(db: DbOrTx, slug: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.slug, slug));
  return rows.some((r) => r.id !== exceptId);
}

export async function updateSubject(
  db: DbOrTx,
  id: number,
  values: SubjectValues,
): Promise<SubjectRow | null> {
  const [row] = await db.update(subjects).set(values).where(eq(subjects.id, id)).returning();
  return row ?? null;
}
