import { describe, expect, it } from 'vitest';
import {
  substitutePriceCents,
  substitutionBodySchema,
  substitutionExpiry,
  windowsHoldLessons,
} from './substitution.ts';

const week = () =>
  ({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }) as Record<
    'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun',
    { start: string; end: string }[]
  >;
// Monday 2026-12-07, 16:00–17:00 in Addis Ababa (UTC+3) is 13:00–14:00 UTC.
const monday = { startsAt: new Date('2026-12-07T13:00:00Z'), endsAt: new Date('2026-12-07T14:00:00Z') };

describe('windowsHoldLessons', () => {
  it('holds a lesson inside a window of its weekday in the tutor zone', () => {
    const w = week();
    w.mon = [{ start: '15:00', end: '18:00' }];
    expect(windowsHoldLessons(w, 'Africa/Addis_Ababa', [monday])).toBe(true);
  });
  it('refuses a lesson that runs past the window, or on another weekday', () => {
    const w = week();
    w.mon = [{ start: '15:00', end: '16:30' }];
    expect(windowsHoldLessons(w, 'Africa/Addis_Ababa', [monday])).toBe(false);
    const t = week();
    t.tue = [{ start: '00:00', end: '23:59' }];
    expect(windowsHoldLessons(t, 'Africa/Addis_Ababa', [monday])).toBe(false);
  });
  it('reads the lesson in the tutor zone, not in UTC', () => {
    const w = week();
    w.mon = [{ start: '13:00', end: '14:00' }];
    expect(windowsHoldLessons(w, 'Africa/Addis_Ababa', [monday])).toBe(false);
    expect(windowsHoldLessons(w, 'UTC', [monday])).toBe(true);
  });
  it('needs every lesson to fit', () => {
    const w = week();
    w.mon = [{ start: '15:00', end: '18:00' }];
    const later = { startsAt: new Date('2026-12-08T13:00:00Z'), endsAt: new Date('2026-12-08T14:00:00Z') };
    expect(windowsHoldLessons(w, 'Africa/Addis_Ababa', [monday, later])).toBe(false);
  });
});

describe('substitutePriceCents', () => {
  it('is the hourly rate times each lesson’s hours', () => {
    const ninety = { startsAt: monday.startsAt, endsAt: new Date(monday.startsAt.getTime() + 90 * 60_000) };
    expect(substitutePriceCents(2000, [monday, ninety])).toBe(2000 + 3000);
  });
});

describe('substitutionExpiry', () => {
  it('is 72 hours, or the first lesson if sooner', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    expect(substitutionExpiry(now, new Date('2026-12-10T00:00:00Z')).toISOString()).toBe(
      '2026-12-04T00:00:00.000Z',
    );
    expect(substitutionExpiry(now, new Date('2026-12-02T00:00:00Z')).toISOString()).toBe(
      '2026-12-02T00:00:00.000Z',
    );
  });
});

describe('substitutionBodySchema', () => {
  it('asks for a reason', () => {
    expect(substitutionBodySchema.safeParse({ tutor_id: 3, reason: '  ' }).success).toBe(false);
    expect(substitutionBodySchema.parse({ tutor_id: '3', reason: ' Moving abroad ' })).toEqual({
      tutor_id: 3,
      reason: 'Moving abroad',
    });
  });
});
