import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readMail } from '../bookings/payments/test/fixtures.ts';
import { account, booking, setUser, tutorAccount } from '../areas/test/fixtures.repository.ts';
import { NOTICE_AFTER_MS, sendDueNotices } from './messages.service.ts';

/** The unread-message notice in the reader's language (issue 18). */
describe('message notices in the reader’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (url: string, auth: { authorization: string }, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: auth, payload });

  it('an Amharic family reads the tutor’s message notice in Amharic; an English tutor in English', async () => {
    const tutor = await tutorAccount(t.app.db, t.config.jwtSecret, 'Selam Girma');
    const family = await account(t.app.db, t.config.jwtSecret, 'student', 'Almaz Kebede');
    await setUser(t.app.db, family.id, { locale: 'am' });
    await booking(t.app.db, tutor.tutorId, family, [new Date(Date.now() + 2 * 86_400_000)]);
    const { id } = (await send('/api/student/messages/', family.auth, { tutor_id: tutor.tutorId })).json();
    expect(
      (await send(`/api/student/messages/${id}/`, family.auth, { body: 'ሰላም፣ አርብ ይመችዎታል?' })).statusCode,
    ).toBe(201);
    expect(
      (await send(`/api/tutor/messages/${id}/`, tutor.auth, { body: 'Yes, Friday at 17:00.' })).statusCode,
    ).toBe(201);
    const later = new Date(Date.now() + NOTICE_AFTER_MS + 1000);
    expect(await sendDueNotices(t.app.db, t.app.mailer, t.config.publicUrl, later)).toBe(2);

    const [toFamily] = await readMail(t.app.mailer, family.email);
    expect(toFamily).toMatch(/^Subject: ከSelam Girma አዲስ መልዕክት$/m);
    expect(toFamily).toContain('Selam Girma በTibeb Tutoring መልዕክት ጽፈውልዎታል፦');
    expect(toFamily).toContain('Yes, Friday at 17:00.');
    expect(toFamily).toContain(`ለማንበብና መልስ ለመስጠት፦ ${t.config.publicUrl}/student/messages`);

    const [toTutor] = await readMail(t.app.mailer, tutor.email);
    expect(toTutor).toMatch(/^Subject: New message from Almaz Kebede$/m);
    expect(toTutor).toContain('Almaz Kebede wrote to you on Tibeb Tutoring:');
    expect(toTutor).toContain('ሰላም፣ አርብ ይመችዎታል?');
  });
});
