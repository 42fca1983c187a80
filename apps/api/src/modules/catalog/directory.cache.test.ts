import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client.ts';
import { PackedJson } from '../../platform/cache/public-cache.ts';
import { directoryCache, searchCache } from './directory.cache.ts';

/** The directory's caches do not grow with the data (DESIGN §4 "Growth", decision 246). */
describe('the directory caches, bounded by bytes', () => {
  const tutors = (n: number) =>
    JSON.stringify(
      Array.from({ length: n }, (_, i) => ({
        id: i,
        full_name: `Tutor ${i}`,
        bio: `Patient mathematics tutor number ${i}, ten years of teaching in Addis Ababa. `.repeat(6),
      })),
    );

  it('keeps the spec full list as its gzip once it passes 1 MB (20,000 tutors send 9.8 MB)', async () => {
    const cache = directoryCache({} as Db);
    const small = await cache.get('tutors:list', async () => tutors(100));
    expect(small).not.toBeInstanceOf(PackedJson);
    cache.drop('tutors:');
    const list = tutors(3_000);
    expect(list.length).toBeGreaterThan(1024 * 1024);
    const large = await cache.get('tutors:list', async () => list);
    expect(large).toBeInstanceOf(PackedJson);
    expect(cache.bytes).toBeLessThan(list.length / 10);
  });

  it("holds the tutors' details and the searches within their budgets, however many tutors there are", async () => {
    const db = {} as Db;
    for (let i = 0; i < 2_000; i++) {
      await directoryCache(db).get(`tutors:detail:${i}`, async () => tutors(1));
      await searchCache(db).get(`tutors:search:page:${i}`, async () => tutors(12));
    }
    expect(directoryCache(db).bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(searchCache(db).bytes).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(searchCache(db).size).toBeLessThan(1_000);
  });
});
