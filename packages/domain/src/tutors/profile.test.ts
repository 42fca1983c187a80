import { describe, expect, it } from 'vitest';
import { emptyAvailability } from './contract.ts';
import {
  dateInTimeOff,
  sessionFitsAvailability,
  timeOffCreateSchema,
  tutorProfileMessages as m,
  tutorSelfUpdateSchema,
} from './profile.ts';

describe('tutor profile rules', () => {
  const week = {
    ...emptyAvailability(),
    tue: [
      { start: '14:00', end: '16:00' },
      { start: '17:00', end: '19:00' },
    ],
  };

  it('a session fits when it lies whole inside one window of its weekday', () => {
    expect(sessionFitsAvailability(week, 'tue', '14:00', 120)).toBe(true);
    expect(sessionFitsAvailability(week, 'tue', '15:00', 60)).toBe(true);
    expect(sessionFitsAvailability(week, 'tue', '15:30', 60)).toBe(false); // runs past 16:00
    expect(sessionFitsAvailability(week, 'tue', '15:00', 180)).toBe(false); // spans the gap
    expect(sessionFitsAvailability(week, 'wed', '15:00', 60)).toBe(false);
  });

  it('time off includes both ends', () => {
    const off = { starts_on: '2030-03-01', ends_on: '2030-03-05' };
    expect(
      ['2030-02-28', '2030-03-01', '2030-03-05', '2030-03-06'].map((d) => dateInTimeOff(d, off)),
    ).toEqual([false, true, true, false]);
  });

  it('time off input: real dates, in order, at most a year, no unknown fields', () => {
    expect(timeOffCreateSchema.safeParse({ starts_on: '2030-03-01' }).success).toBe(true);
    expect(timeOffCreateSchema.safeParse({ starts_on: '2030-02-30' }).success).toBe(false);
    expect(timeOffCreateSchema.safeParse({ starts_on: '2030-03-02', ends_on: '2030-03-01' }).success).toBe(
      false,
    );
    expect(timeOffCreateSchema.safeParse({ starts_on: '2030-03-01', ends_on: '2031-06-01' }).success).toBe(
      false,
    );
    expect(timeOffCreateSchema.safeParse({ starts_on: '2030-03-01', x: 1 }).success).toBe(false);
  });

  it("a tutor's own update: texts and an https meeting link only", () => {
    expect(tutorSelfUpdateSchema.safeParse({ bio: 'Hi', meeting_url: 'https://meet.jit.si/x' }).success).toBe(
      true,
    );
    expect(tutorSelfUpdateSchema.safeParse({ meeting_url: '' }).success).toBe(true);
    expect(tutorSelfUpdateSchema.safeParse({ meeting_url: 'http://x.example' }).success).toBe(false);
    expect(tutorSelfUpdateSchema.safeParse({ hourly_rate: 10 }).success).toBe(false);
    expect(tutorSelfUpdateSchema.safeParse({}).success).toBe(false);
  });

  it('names one or several stranded sessions', () => {
    expect(m.stranded(1)).toBe(
      "A scheduled session would fall outside the tutor's time. Move or cancel it first.",
    );
    expect(m.stranded(3)).toBe(
      "3 scheduled sessions would fall outside the tutor's time. Move or cancel them first.",
    );
    expect(m.strandedLine({ date: '2030-03-05', time: '16:00', student: 'Abel' })).toBe(
      '2030-03-05 16:00 (Abel)',
    );
  });
});
