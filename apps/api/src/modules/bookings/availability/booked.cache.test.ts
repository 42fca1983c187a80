import { describe, expect, it } from 'vitest';
import { cacheBusStats } from '../../../platform/cache/cache-bus.ts';
import { bookedCacheSize, cachedForTutor, invalidateTutorBookings } from './booked.cache.ts';

describe('month-availability cache bounds (issue 16)', () => {
  it('keeps nothing for tutors that do not exist, however many are asked for', async () => {
    const scope = {};
    const before = bookedCacheSize();
    const sent = cacheBusStats().published;
    for (let id = 1_000_000; id < 1_020_000; id++) {
      const found = await cachedForTutor(scope, id, 'profile', async () => null);
      expect(found).toBeNull();
      invalidateTutorBookings(id); // what the service does on a miss: a no-op, told to no other instance
    }
    expect(bookedCacheSize()).toBe(before);
    expect(cacheBusStats().published).toBe(sent);
  });

  it('holds at most 5,000 entries, least recently used out first', async () => {
    const scope = {};
    for (let id = 1; id <= 6_000; id++) await cachedForTutor(scope, id, 'month:2030-3', async () => ({ id }));
    expect(bookedCacheSize()).toBe(5_000);
    let loads = 0;
    await cachedForTutor(scope, 6_000, 'month:2030-3', async () => ({ loads: ++loads }));
    expect(loads).toBe(0);
    await cachedForTutor(scope, 1, 'month:2030-3', async () => ({ loads: ++loads }));
    expect(loads).toBe(1);
  });

  it('forgets a tutor after a write, and a load the write overtook stores nothing', async () => {
    const scope = {};
    await cachedForTutor(scope, 42, 'month:2030-3', async () => 'before');
    let release!: () => void;
    const slow = cachedForTutor(
      scope,
      42,
      'month:2030-4',
      () => new Promise<string>((r) => (release = () => r('old'))),
    );
    invalidateTutorBookings(42);
    release();
    expect(await slow).toBe('old');
    expect(await cachedForTutor(scope, 42, 'month:2030-3', async () => 'after')).toBe('after');
    expect(await cachedForTutor(scope, 42, 'month:2030-4', async () => 'new')).toBe('new');
  });
});
