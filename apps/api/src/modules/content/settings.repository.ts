import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { siteSettings } from '../../platform/db/schema/content.ts';

export async function readSettings(db: DbOrTx, keys: string[]): Promise<Record<string, unknown>> {
  const rows = await db.select().from(siteSettings).where(inArray(siteSettings.key, keys));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()` } });
}
