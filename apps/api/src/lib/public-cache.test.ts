import { describe, expect, it } from 'vitest';
import { PublicCache } from './public-cache.ts';

describe('PublicCache', () => {
  it('loads once for concurrent readers and again after invalidation', async () => {
    const cache = new PublicCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { n: loads };
    };
    const [a, b] = await Promise.all([cache.get('tutors:list', load), cache.get('tutors:list', load)]);
    expect(loads).toBe(1);
    expect(a.etag).toBe(b.etag);
    cache.invalidate('tutors:');
    const c = await cache.get('tutors:list', load);
    expect(loads).toBe(2);
    expect(c.value).toEqual({ n: 2 });
    expect(c.etag).not.toBe(a.etag);
  });
});
