import { describe, expect, it } from 'vitest';
import { withoutPast } from './future-times.ts';

describe('withoutPast', () => {
  it('drops past dates and times already gone today (EAT), and empty dates', () => {
    const now = new Date('2026-12-15T09:30:00+03:00');
    const answer = {
      available: {
        '2026-12-14': ['10:00'],
        '2026-12-15': ['09:00', '10:00'],
        '2026-12-16': ['08:00'],
        '2026-12-17': [],
      },
    };
    expect(withoutPast(answer, now).available).toEqual({ '2026-12-15': ['10:00'], '2026-12-16': ['08:00'] });
  });
});
