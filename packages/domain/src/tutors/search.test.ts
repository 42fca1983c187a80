import { describe, expect, it } from 'vitest';
import {
  queryOfSearchParams,
  searchParamsOfQuery,
  tutorIdFromParam,
  tutorPath,
  tutorSearchQuerySchema,
  tutorSlug,
} from './search.ts';

describe('tutor slugs and page addresses', () => {
  it('lowercases, strips diacritics and joins words with one dash', () => {
    expect(tutorSlug('Abebe Kebede')).toBe('abebe-kebede');
    expect(tutorSlug('  Hanna  T. Gebre-Medhin ')).toBe('hanna-t-gebre-medhin');
    expect(tutorSlug('José Ñúñez')).toBe('jose-nunez');
    expect(tutorSlug('Dr. Ayele (PhD), 2nd')).toBe('dr-ayele-phd-2nd');
  });

  it('falls back to "tutor" when nothing Latin is left, and keeps at most 60 characters', () => {
    expect(tutorSlug('አበበ ከበደ')).toBe('tutor');
    expect(tutorSlug('')).toBe('tutor');
    expect(tutorSlug('---')).toBe('tutor');
    const long = tutorSlug('a'.repeat(59) + ' bcd');
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('-')).toBe(false);
    expect(tutorSlug('x'.repeat(300))).toHaveLength(60);
  });

  it('builds /tutors/{id}-{slug}', () => {
    expect(tutorPath({ id: 12, full_name: 'Abebe Kebede' })).toBe('/tutors/12-abebe-kebede');
    expect(tutorPath({ id: 3, full_name: 'ሰላም' })).toBe('/tutors/3-tutor');
  });

  it('reads the id from "12-abebe-kebede" or "12", and nothing else', () => {
    expect(tutorIdFromParam('12-abebe-kebede')).toBe(12);
    expect(tutorIdFromParam('12')).toBe(12);
    expect(tutorIdFromParam('12-')).toBe(12);
    expect(tutorIdFromParam('7-Old-Name')).toBe(7);
    for (const bad of [
      '',
      'abc',
      '0',
      '012',
      '-12',
      '12abc',
      '12_x',
      '1.5',
      '99999999999',
      '2147483648',
      ' ',
      '12-a b',
    ])
      expect(tutorIdFromParam(bad), bad).toBeNull();
    expect(tutorIdFromParam('2147483647')).toBe(2147483647);
  });
});

describe('the search query', () => {
  it('defaults sort and limit, and refuses out-of-range values', () => {
    expect(tutorSearchQuerySchema.parse({})).toEqual({ sort: 'rating', limit: 12 });
    expect(tutorSearchQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
    expect(tutorSearchQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(tutorSearchQuerySchema.safeParse({ day: 'monday' }).success).toBe(false);
    expect(tutorSearchQuerySchema.safeParse({ grade: '13' }).success).toBe(false);
    expect(tutorSearchQuerySchema.safeParse({ sort: 'name' }).success).toBe(false);
    expect(tutorSearchQuerySchema.parse({ grade: '7', min_price: '10.5', day: 'tue' })).toMatchObject({
      grade: 7,
      min_price: 10.5,
      day: 'tue',
    });
  });

  it('writes only non-default values, in a stable order, and reads them back', () => {
    const query = {
      sort: 'price' as const,
      language: 'Amharic',
      q: 'abebe',
      grade: 7,
      min_price: 10,
      max_price: 30,
      day: 'sat' as const,
      time_of_day: 'morning' as const,
      subject: 'Mathematics',
    };
    const params = searchParamsOfQuery(query);
    expect(params.toString()).toBe(
      'q=abebe&subject=Mathematics&grade=7&language=Amharic&min_price=10&max_price=30&day=sat&time_of_day=morning&sort=price',
    );
    expect(queryOfSearchParams(params)).toEqual(query);
    // Defaults and empty values are left out.
    expect(searchParamsOfQuery({ sort: 'rating', limit: 12, q: '  ', grade: undefined }).toString()).toBe('');
    expect(searchParamsOfQuery({ limit: 24 }).toString()).toBe('limit=24');
  });

  it('reads leniently: invalid or empty values are dropped, valid ones kept', () => {
    const params = new URLSearchParams(
      'grade=abc&day=funday&sort=name&limit=500&q=&language=English&max_price=-1&min_price=5',
    );
    expect(queryOfSearchParams(params)).toEqual({ language: 'English', min_price: 5 });
    expect(queryOfSearchParams(new URLSearchParams('sort=next_free&grade=12'))).toEqual({
      sort: 'next_free',
      grade: 12,
    });
    expect(queryOfSearchParams(new URLSearchParams(''))).toEqual({});
  });

  it('reads the address by the same rules as the API\'s schema, field by field (its reader has no zod)', () => {
    const long = (n: number) => 'x'.repeat(n);
    const samples = [
      ...['0', '1', ' 7 ', '12', '13', '2.5', '-1', '1e1', '0x5', 'abc', 'Infinity', 'NaN', '5e-1', '00012'],
      ...['100000', '100000.5', '99999.99', '1e5', '1e6', '50', '51', '12.0'],
      ...['mon', 'Mon', ' mon', 'sun', 'funday', 'morning', 'evening', 'night', 'rating', 'price', 'next_free'],
      ...['English', '  Amharic  ', long(40), long(41), long(100), ` ${long(100)} `, long(101), long(300), long(301)],
      ...['ሒሳብ', 'math', 'a b', '%', '<script>'],
    ];
    const shape = tutorSearchQuerySchema.shape;
    for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
      for (const raw of samples) {
        const parsed = shape[key].safeParse(raw);
        const expected = parsed.success && parsed.data !== undefined ? { [key]: parsed.data } : {};
        expect({ key, raw, read: queryOfSearchParams(new URLSearchParams({ [key]: raw })) }).toEqual({
          key,
          raw,
          read: expected,
        });
      }
    }
  });
});
