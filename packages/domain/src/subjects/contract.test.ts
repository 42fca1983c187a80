import { describe, expect, it } from 'vitest';
import { isActiveFilterSchema, subjectCreateSchema, subjectUpdateSchema } from './contract.ts';
import { slugify } from './slug.ts';

describe('subject slug (spec §3: derived from the name in lowercase with dashes)', () => {
  it('lowercases and joins words with dashes', () => {
    expect(slugify('Mathematics')).toBe('mathematics');
    expect(slugify('Afaan Oromoo')).toBe('afaan-oromoo');
    expect(slugify('  Computer   Science & Coding! ')).toBe('computer-science-coding');
  });
  it('drops accents and keeps digits', () => {
    expect(slugify('Français 101')).toBe('francais-101');
  });
});

describe('is_active filter', () => {
  it('reads 1/0/true/false in any case', () => {
    expect(isActiveFilterSchema.parse('1')).toBe(true);
    expect(isActiveFilterSchema.parse('TRUE')).toBe(true);
    expect(isActiveFilterSchema.parse('0')).toBe(false);
    expect(isActiveFilterSchema.parse('false')).toBe(false);
  });
  it('refuses anything else', () => {
    expect(isActiveFilterSchema.safeParse('yes').success).toBe(false);
    expect(isActiveFilterSchema.safeParse('').success).toBe(false);
  });
});

describe('subject admin input', () => {
  it('needs a name, a category and a price', () => {
    expect(
      subjectCreateSchema.safeParse({ name: 'Physics', category: 'Sciences', price_per_hour: 20 }).success,
    ).toBe(true);
    expect(
      subjectCreateSchema.safeParse({ name: ' ', category: 'Sciences', price_per_hour: 20 }).success,
    ).toBe(false);
    expect(subjectCreateSchema.safeParse({ name: 'Art', category: 'Arts', price_per_hour: 20 }).success).toBe(
      false,
    );
    expect(
      subjectCreateSchema.safeParse({ name: 'Art', category: 'Coding', price_per_hour: -1 }).success,
    ).toBe(false);
  });
  it('accepts only slug-shaped slugs', () => {
    const base = { name: 'Physics', category: 'Sciences', price_per_hour: 20 };
    expect(subjectCreateSchema.parse({ ...base, slug: 'Physics-1' }).slug).toBe('physics-1');
    expect(subjectCreateSchema.safeParse({ ...base, slug: 'no spaces' }).success).toBe(false);
  });
  it('refuses an empty update', () => {
    expect(subjectUpdateSchema.safeParse({}).success).toBe(false);
    expect(subjectUpdateSchema.safeParse({ is_active: false }).success).toBe(true);
  });
});
