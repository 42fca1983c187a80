import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tutors } from '../schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { paidBooking } from '../../../modules/bookings/lifecycle/test/fixtures.ts';
import { readMail } from '../../../modules/bookings/payments/test/fixtures.ts';
import { DEMO_PASSWORD, demoTutorUsername, nextWeekdayAt, seedDemoData } from './demo.ts';
import { demoTutors, type Weekday } from './tutors.data.ts';

/**
 * Every demo tutor has an account (issue 32 item 10): the demo family that books any of them can write to it,
 * the tutor signs in with its own username and reads the message, and the booking e-mail reached it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoData(t.app.db, t.config)).toBe(true);
}, 180_000);
afterAll(() => t.close());

let address = 0;
async function signIn(username: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: { username, password: DEMO_PASSWORD },
    // One address per sign-in: the sign-in rate limit is not what this test is about.
    remoteAddress: `10.47.0.${(address += 1)}`,
  });
  expect(res.statusCode, `${username}: ${res.body}`).toBe(200);
  return { authorization: `Bearer ${(res.json() as { access: string }).access}` };
}

describe('a family that books any demo tutor', () => {
  it('can message it, and the tutor reads the message and got the booking e-mail', async () => {
    const family = await signIn('student');
    const rows = await t.app.db.select({ id: tutors.id, fullName: tutors.fullName }).from(tutors);
    const published = demoTutors.filter((d) => d.published);
    for (const [i, demo] of published.entries()) {
      const tutorId = rows.find((r) => r.fullName === demo.fullName)?.id;
      expect(tutorId, demo.fullName).toBeDefined();
      // The tutor's first window on its first day, weeks apart for each tutor so the family's lessons never clash.
      const [weekday, windows] = Object.entries(demo.availability)[0] as [Weekday, { start: string }[]];
      const first = nextWeekdayAt(new Date(), weekday, windows[0]!.start);
      const date = new Date(Date.parse(first) + (2 + 4 * i) * 7 * 86_400_000).toISOString().slice(0, 10);
      const booking = await paidBooking(t.app, {
        tutorId: tutorId!,
        familyEmail: 'student@tibeb.example',
        date,
        time: windows[0]!.start,
      });
      expect(booking.status, demo.fullName).toBe('confirmed');

      const started = await t.app.inject({
        method: 'POST',
        url: '/api/student/messages/',
        headers: family,
        payload: { tutor_id: tutorId },
      });
      expect(started.statusCode, `${demo.fullName}: ${started.body}`).toBe(200);
      const { id } = started.json() as { id: string };
      const body = `Hello ${demo.fullName}, a question about the first lesson.`;
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/student/messages/${id}/`,
        headers: family,
        payload: { body },
      });
      expect(sent.statusCode, sent.body).toBeLessThan(300);

      const username = demoTutorUsername(demo.slug);
      const inbox = await t.app.inject({
        method: 'GET',
        url: '/api/tutor/messages/',
        headers: await signIn(username),
      });
      expect(inbox.json(), demo.fullName).toContainEqual(
        expect.objectContaining({ id, last_message: body, unread: 1 }),
      );
      const mails = await readMail(t.app.mailer, `${username}@tibeb.example`);
      expect(
        mails.some((m) => m.includes('Subject: New booking: Liya Tesfaye')),
        demo.fullName,
      ).toBe(true);
    }
  }, 120_000);
});
