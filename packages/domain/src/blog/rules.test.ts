import { describe, expect, it } from 'vitest';
import {
  countLinks,
  excerptOf,
  formatPostDate,
  paginationWindow,
  paragraphsOf,
  readingTimeMinutes,
  slugify,
  totalPagesOf,
} from './rules.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('reading time (spec §9: words ÷ 220, rounded, at least 1 minute)', () => {
  it('rounds to the nearest minute', () => {
    expect(readingTimeMinutes(words(440))).toBe(2);
    expect(readingTimeMinutes(words(549))).toBe(2);
    expect(readingTimeMinutes(words(550))).toBe(3);
  });
  it('is at least one minute, even for an empty body', () => {
    expect(readingTimeMinutes('')).toBe(1);
    expect(readingTimeMinutes(null)).toBe(1);
    expect(readingTimeMinutes(words(50))).toBe(1);
  });
  it('counts words across line breaks and runs of spaces', () => {
    expect(readingTimeMinutes(`${words(220)}\n\n   ${words(220)}`)).toBe(2);
  });
});

describe('excerpt (spec §2: the excerpt, or the first 160 characters of the body)', () => {
  it('prefers the excerpt', () => {
    expect(excerptOf({ excerpt: ' Short. ', body: 'x'.repeat(500) })).toBe('Short.');
  });
  it('falls back to the first 160 characters of the body, marking the cut', () => {
    const body = 'a'.repeat(200);
    expect(excerptOf({ excerpt: '', body })).toBe(`${'a'.repeat(160)}…`);
    expect(excerptOf({ excerpt: null, body: 'Whole body.' })).toBe('Whole body.');
  });
  it('joins the lines of the body', () => {
    expect(excerptOf({ body: 'One.\n\nTwo.' })).toBe('One. Two.');
  });
});

describe('paragraphs (spec §2: split at blank lines)', () => {
  it('splits at blank lines only and drops empty ones', () => {
    expect(paragraphsOf('First line\nstill first.\n\nSecond.\r\n\r\n  \n\nThird.')).toEqual([
      'First line\nstill first.',
      'Second.',
      'Third.',
    ]);
    expect(paragraphsOf('')).toEqual([]);
  });
});

describe('pagination window (spec §9: ±2 pages, first and last, ellipses)', () => {
  it('shows every page when they fit', () => {
    expect(paginationWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(3, 3)).toEqual([1, 2, 3]);
  });
  it('puts ellipses around the window in the middle', () => {
    expect(paginationWindow(6, 12)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7, 8, 'ellipsis-end', 12]);
  });
  it('has one ellipsis near either end', () => {
    expect(paginationWindow(1, 10)).toEqual([1, 2, 3, 'ellipsis-end', 10]);
    expect(paginationWindow(10, 10)).toEqual([1, 'ellipsis-start', 8, 9, 10]);
    expect(paginationWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end', 10]);
  });
  it('never hides a single page behind an ellipsis', () => {
    expect(paginationWindow(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 'ellipsis-end', 10]);
    expect(paginationWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('is empty for a single page and clamps a page out of range', () => {
    expect(paginationWindow(1, 1)).toEqual([]);
    expect(paginationWindow(99, 3)).toEqual([1, 2, 3]);
  });
  it('counts pages of 10', () => {
    expect(totalPagesOf(0)).toBe(1);
    expect(totalPagesOf(10)).toBe(1);
    expect(totalPagesOf(11)).toBe(2);
  });
});

describe('comment links, slugs and dates', () => {
  it('counts links', () => {
    expect(countLinks('no links here')).toBe(0);
    expect(countLinks('see https://a.example and http://b.example or www.c.example')).toBe(3);
    expect(countLinks('one address: https://www.moe.gov.et/syllabus')).toBe(1);
  });
  it('makes slugs', () => {
    expect(slugify('  Learning Amharic: Fidel & Beyond! ')).toBe('learning-amharic-fidel-beyond');
    expect(slugify('Café Math')).toBe('cafe-math');
  });
  it('formats a date for people', () => {
    expect(formatPostDate('2026-03-03T10:00:00Z', 'UTC')).toBe('March 3, 2026');
    expect(formatPostDate(null)).toBe('');
    expect(formatPostDate('not a date')).toBe('');
  });
});
