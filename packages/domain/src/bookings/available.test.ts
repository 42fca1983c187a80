import { describe, expect, it } from 'vitest';
import {
  availableAnswerSchema,
  availableBySubjectAnswerSchema,
  availableBySubjectPlanQuery,
  availableBySubjectPlanQuerySchema,
  availableBySubjectQuery,
  availableQuery,
  daysTimesParam,
  parseDaysTimesParam,
  planChoiceOf,
  freeTimesOn,
  monthOfDate,
} from './available.ts';
import { monthAvailability } from './availability.ts';
import { availableBySubjectQuerySchema, availableQuerySchema, availableResponseSchema } from './payload.ts';

/** The query strings a client sends: every value as text, as URLSearchParams carries it. */
const asQueryString = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));

describe('availableQuery', () => {
  it("is what the server's /available/ route reads, always for future times only", () => {
    const query = availableQuery({ tutorId: 7, year: 2031, month: 3, durationMinutes: 90 });
    expect(availableQuerySchema.parse(asQueryString(query))).toEqual({
      tutor_id: 7,
      year: 2031,
      month: 3,
      duration_minutes: 90,
      only_future: true,
    });
  });

  it("is what the server's /available-by-subject/ route reads, also future times only", () => {
    const query = availableBySubjectQuery({
      subject: 'mathematics',
      year: 2031,
      month: 3,
      durationMinutes: 60,
    });
    expect(availableBySubjectQuerySchema.parse(asQueryString(query))).toEqual({
      subject: 'mathematics',
      year: 2031,
      month: 3,
      duration_minutes: 60,
      only_future: true,
    });
  });

  it('asks for the month of a date', () => {
    expect(monthOfDate('2031-03-07')).toEqual({ year: 2031, month: 3 });
    expect(monthOfDate('2031-12-31')).toEqual({ year: 2031, month: 12 });
  });
});

describe('availableAnswerSchema', () => {
  // What the server computes (the same domain rule), with one Monday window.
  const answer = {
    available: monthAvailability({
      year: 2031,
      month: 3,
      durationMinutes: 60,
      windows: (d) => (d === 'mon' ? [{ start: '09:00', end: '11:00' }] : []),
      booked: () => [],
      onlyFuture: true,
      now: new Date('2031-03-01T00:00:00Z'),
      timeZone: 'Africa/Addis_Ababa',
    }),
  };

  it("accepts the server's answer, and the route's own schema accepts what it accepts", () => {
    const parsed = availableAnswerSchema.parse(answer);
    expect(freeTimesOn(parsed, '2031-03-03')).toEqual(['09:00', '09:30', '10:00']);
    expect(freeTimesOn(parsed, '2031-03-04')).toEqual([]);
    expect(freeTimesOn(parsed, '2031-04-01')).toEqual([]);
    expect(availableResponseSchema.parse(parsed)).toEqual(parsed);
  });

  it.each([
    ['the bare date map, without `available`', answer.available],
    ['no answer at all', null],
    ['a list instead of the date map', { available: [['2031-03-03', ['09:00']]] }],
    ['the booked shape ({ start, duration_minutes })', { available: { '2031-03-03': [{ start: '09:00' }] } }],
    ['a time off the HH:MM form', { available: { '2031-03-03': ['9:00'] } }],
    ['an instant instead of a wall-clock time', { available: { '2031-03-03': ['2031-03-03T06:00:00Z'] } }],
    ['a date key off the YYYY-MM-DD form', { available: { '3/3/2031': ['09:00'] } }],
    ['a day of times as one string', { available: { '2031-03-03': '09:00' } }],
  ])('rejects a drifted answer: %s', (_label, drifted) => {
    expect(availableAnswerSchema.safeParse(drifted).success).toBe(false);
  });
});

describe('the plan chosen so far (decision 249)', () => {
  const month = { subject: 'coding', year: '2031', month: '3', duration_minutes: '60', only_future: '1' };

  it('is sent as days_times=sat:08:00,tue:16:00 and read back the same', () => {
    const query = availableBySubjectPlanQuery(
      { subject: 'coding', year: 2031, month: 3, durationMinutes: 60 },
      { date: '2031-03-08', daysTimes: { tue: '16:00', sat: '08:00' } },
    );
    expect(query.days_times).toBe('tue:16:00,sat:08:00');
    const parsed = availableBySubjectPlanQuerySchema.parse(asQueryString(query));
    expect(planChoiceOf(parsed)).toEqual({ date: '2031-03-08', daysTimes: { sat: '08:00', tue: '16:00' } });
    expect(daysTimesParam({ sat: '08:00', tue: '' })).toBe('sat:08:00');
  });

  it('is optional: without it the query is the month alone', () => {
    expect(planChoiceOf(availableBySubjectPlanQuerySchema.parse(month))).toBeNull();
  });

  it.each([
    ['a date without times', { date: '2031-03-08' }],
    ['times without a date', { days_times: 'sat:08:00' }],
    ["no time for the first date's day", { date: '2031-03-08', days_times: 'tue:16:00' }],
    ['a time off the grid', { date: '2031-03-08', days_times: 'sat:08:10' }],
    ['an unknown day', { date: '2031-03-08', days_times: 'sat:08:00,xyz:09:00' }],
    ['a day twice', { date: '2031-03-08', days_times: 'sat:08:00,sat:09:00' }],
    ['an impossible date', { date: '2031-02-30', days_times: 'sun:08:00' }],
  ])('refuses %s', (_label, extra) => {
    expect(availableBySubjectPlanQuerySchema.safeParse({ ...month, ...extra }).success).toBe(false);
  });

  it('reads the answer with its plan, and the month alone', () => {
    const plan = {
      date: '2031-03-08',
      tutor: null,
      times: { tue: [{ time: '10:00', tutor: { id: 1, full_name: 'A' } }] },
    };
    expect(availableBySubjectAnswerSchema.parse({ available: {}, plan }).plan).toEqual(plan);
    expect(availableBySubjectAnswerSchema.parse({ available: {} }).plan).toBeUndefined();
    expect(parseDaysTimesParam('mon:09:00,')).toEqual({ mon: '09:00' });
  });
});
