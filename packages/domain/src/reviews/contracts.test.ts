import { describe, expect, it } from 'vitest';
import { averageRating, reviewBodySchema } from './contracts.ts';

describe('reviews', () => {
  it('the mean the directory shows: two decimals, 0 without reviews', () => {
    expect(averageRating([])).toBe(0);
    expect(averageRating([5, 4])).toBe(4.5);
    expect(averageRating([5, 4, 4])).toBe(4.33);
  });

  it('takes 1 to 5 whole stars and trims the text', () => {
    expect(reviewBodySchema.parse({ rating: '4', comment: '  Good.  ' })).toEqual({
      rating: 4,
      comment: 'Good.',
    });
    for (const rating of [0, 6, 2.5, 'x'])
      expect(reviewBodySchema.safeParse({ rating }).error?.issues[0]?.message).toBe('Choose 1 to 5 stars.');
  });
});
