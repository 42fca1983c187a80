import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { uniq } from '../test-fixtures.repository.ts';

/** A Monday far enough ahead that "only future" never trims it. */
export const MON = '2031-03-03';

/** A family's booking of `tutor` (null: by subject) on MON at 10:00, one hour a week. */
export const bookingPayload = (tutor: number | null, extra: Record<string, unknown> = {}) => ({
  tutor,
  date: MON,
  time: '10:00',
  duration_hours: 1,
  full_name: 'Almaz Tesfaye',
  email: `almaz.${uniq()}@example.com`,
  phone: '+251 911 000 000',
  guardian_relationship: 'Mother',
  subject: 'Mathematics',
  student_full_name: 'Liya Tesfaye',
  student_grade: 'Grade 5',
  ...extra,
});

/**
 * One app for a booking test file (call it at the file's top level): made before its tests, closed after them;
 * `t` is filled in by then. With the booking and the plain GET the tests send.
 */
export function bookingTestApp() {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp());
  });
  afterAll(() => t.close());
  const book = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/reservations/reservations/', payload: body as object });
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  return { t, book, get };
}
