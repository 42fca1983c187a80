import { describe, expect, it } from 'vitest';
import { carouselRotates, stepStart, windowAt } from './carousel.ts';

describe('carousel arithmetic', () => {
  const five = ['a', 'b', 'c', 'd', 'e'];
  it('shows a window of the given size, wrapping around the end', () => {
    expect(windowAt(five, 0, 2)).toEqual(['a', 'b']);
    expect(windowAt(five, 4, 2)).toEqual(['e', 'a']);
    expect(windowAt(five, 3, 3)).toEqual(['d', 'e', 'a']);
  });
  it('never shows more items than exist, and nothing for an empty list', () => {
    expect(windowAt(['a'], 0, 2)).toEqual(['a']);
    expect(windowAt([], 0, 2)).toEqual([]);
  });
  it('advances by 2 with wraparound (offers)', () => {
    let start = 0;
    const seen: string[][] = [];
    for (let i = 0; i < 4; i += 1) {
      seen.push(windowAt(five, start, 2));
      start = stepStart(start, five.length, 2);
    }
    expect(seen).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'a'],
      ['b', 'c'],
    ]);
  });
  it('moves back by 3 from the first page to the last (testimonials)', () => {
    expect(stepStart(0, 9, -3)).toBe(6);
    expect(stepStart(6, 9, 3)).toBe(0);
    expect(stepStart(0, 0, 3)).toBe(0);
  });
  it('rotates only with more items than fit in one view', () => {
    expect(carouselRotates(3, 2)).toBe(true);
    expect(carouselRotates(2, 2)).toBe(false);
    expect(carouselRotates(0, 2)).toBe(false);
  });
});
