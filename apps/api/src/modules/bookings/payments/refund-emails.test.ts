import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../platform/db/schema/users.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, linkedFamilyBooking, mondayAhead } from '../lifecycle/test/fixtures.ts';
import { readMail, readPayments } from './test/fixtures.ts';

/**
 * Every change is told and explained (issue 31 item 2): a refund, full or partial, e-mails the family and the
 * tutor with the amount in money, the lessons it cancelled (EAT, and the family's own zone) and the reason typed;
 * cancellations and moves carry the reason given too. Each in its reader's language.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subjectOf = (mail: string) => /^Subject: (.*)$/m.exec(mail)?.[1] ?? '';
let week = 20;

async function booked(opts: { familyLocale?: 'en' | 'am'; tutorLocale?: 'en' | 'am' } = {}) {
  const date = mondayAhead((week += 1));
  const b = await linkedFamilyBooking(t.app, { date, timeZone: 'Europe/London' });
  if (opts.familyLocale)
    await t.app.db.update(users).set({ locale: opts.familyLocale }).where(eq(users.id, b.family.id));
  if (opts.tutorLocale)
    await t.app.db.update(users).set({ locale: opts.tutorLocale }).where(eq(users.id, b.tutor.account.id));
  const [payment] = await readPayments(t.app.db, b.summary.id);
  const admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
  const before = {
    family: (await readMail(t.app.mailer, b.family.email)).length,
    tutor: (await readMail(t.app.mailer, b.tutor.account.email)).length,
  };
  const newMail = async () => ({
    family: (await readMail(t.app.mailer, b.family.email)).slice(before.family),
    tutor: (await readMail(t.app.mailer, b.tutor.account.email)).slice(before.tutor),
  });
  return { ...b, payment: payment!, admin, newMail };
}

describe('refund e-mails', () => {
  it('a partial refund tells both sides the amount, the lesson it cancelled and the reason', async () => {
    const b = await booked();
    const lesson = b.summary.sessions[3]!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${b.payment.id}/refund/`,
      headers: b.admin.headers,
      payload: { amount: 20, reason: 'Tutor away on 4th week', session_ids: [lesson.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { family, tutor } = await b.newMail();
    expect(family).toHaveLength(1);
    expect(tutor).toHaveLength(1);
    const [toFamily, toTutor] = [family[0]!, tutor[0]!];
    expect(subjectOf(toFamily)).toBe('Partial refund: tutoring for Liya Tesfaye');
    expect(toFamily).toContain('We refunded $20.00 of your payment');
    expect(toFamily).toContain('Reason: Tutor away on 4th week');
    expect(toFamily).toContain('The refund cancelled 1 session(s)');
    // The lesson at 10:00 EAT, and 07:00 or 08:00 (summer) in London, its own zone, for the family.
    expect(toFamily).toMatch(/10:00–11:00 EAT \(.*0[78]:00–0[89]:00 Europe\/London, your time\)/);
    expect(toTutor).toContain('The office refunded $20.00 of the payment for Liya Tesfaye.');
    expect(toTutor).toContain('Reason: Tutor away on 4th week');
    expect(toTutor).toContain('10:00–11:00 EAT');
    expect(toTutor).not.toContain('your time');
  });

  it('the family’s payment history and receipt show each refund and cancelled lesson with its reason', async () => {
    const b = await booked();
    const lesson = b.summary.sessions[2]!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${b.payment.id}/refund/`,
      headers: b.admin.headers,
      payload: { amount: 20, reason: 'Public holiday', session_ids: [lesson.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/student/payments/',
      headers: b.family.headers,
    });
    expect(list.statusCode).toBe(200);
    const [payment] = list.json() as {
      refunds: { amount_cents: number; reason: string; status: string }[];
    }[];
    expect(payment!.refunds).toEqual([
      expect.objectContaining({ amount_cents: 2000, reason: 'Public holiday', status: 'succeeded' }),
    ]);
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/student/payments/${b.payment.id}/receipt/`,
      headers: b.family.headers,
    });
    expect(receipt.statusCode).toBe(200);
    const sessions = (receipt.json() as { sessions: { status: string; cancel_reason: string }[] }).sessions;
    expect(sessions.filter((s) => s.status === 'cancelled')).toEqual([
      expect.objectContaining({ cancel_reason: 'Public holiday' }),
    ]);
    expect(sessions.filter((s) => s.status !== 'cancelled').every((s) => s.cancel_reason === '')).toBe(true);

    // The payment's audit trail keeps the amount, currency, reason and the cancelled lesson's time.
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit/?entity_type=payment&entity_id=${b.payment.id}`,
      headers: b.admin.headers,
    });
    expect(audit.json()[0]).toMatchObject({
      action: 'payment.refund',
      after: {
        refund_cents: 2000,
        currency: 'USD',
        reason: 'Public holiday',
        cancelled_sessions: [{ id: lesson.id, starts_at: lesson.start }],
      },
    });
  });

  it('a full refund in Amharic: every lesson listed, the reason kept as typed', async () => {
    const b = await booked({ familyLocale: 'am', tutorLocale: 'am' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${b.payment.id}/refund/`,
      headers: b.admin.headers,
      payload: { reason: 'ቤተሰቡ ከከተማ ወጥቷል' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { family, tutor } = await b.newMail();
    expect(family).toHaveLength(1);
    expect(tutor).toHaveLength(1);
    expect(subjectOf(family[0]!)).toBe('ተመላሽ ክፍያ፦ የLiya Tesfaye ትምህርት');
    expect(family[0]).toContain('$80.00 (ሙሉውን ክፍያ)');
    expect(family[0]).toContain('ምክንያት፦ ቤተሰቡ ከከተማ ወጥቷል');
    expect(family[0]).toContain('ይህ ተመላሽ ክፍያ 4 ክፍለ ጊዜ(ዎች) ሰርዟል');
    expect(family[0]!.match(/10:00–11:00 EAT/g)).toHaveLength(4);
    expect(tutor[0]).toContain('ምክንያት፦ ቤተሰቡ ከከተማ ወጥቷል');
    expect(tutor[0]).toContain('ቢሮው ለLiya Tesfaye ከተከፈለው ክፍያ ውስጥ $80.00');
  });

  it('a refund with no reason typed says so, and cancels no lesson when none was chosen', async () => {
    const b = await booked();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${b.payment.id}/refund/`,
      headers: b.admin.headers,
      payload: { amount: 5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { family, tutor } = await b.newMail();
    expect(family[0]).toContain('Reason: none was given.');
    expect(family[0]).toContain('No sessions were cancelled by this refund.');
    expect(tutor[0]).toContain('$5.00');
  });
});

describe('cancel and move e-mails carry the reason', () => {
  it('an admin’s cancellation: both sides read the reason', async () => {
    const b = await booked();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${b.summary.sessions[1]!.id}/cancel/`,
      headers: b.admin.headers,
      payload: { scope: 'one', outcome: 'credit', reason: 'Exam week at school' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { family, tutor } = await b.newMail();
    expect(family).toHaveLength(1);
    expect(tutor).toHaveLength(1);
    expect(family[0]).toContain('Reason given: Exam week at school');
    expect(family[0]).toContain('$20.00 credited to your account');
    expect(tutor[0]).toContain('Reason given: Exam week at school');
    // The tutor's view of the lesson shows why it was cancelled; the family's receipt too.
    const lesson = b.summary.sessions[1]!;
    const week = await t.app.inject({
      method: 'GET',
      url: `/api/tutor/sessions/?from=${lesson.date}&days=1`,
      headers: b.tutor.account.headers,
    });
    expect(week.statusCode, week.body).toBe(200);
    const seen = (week.json() as { sessions: { id: string; status: string; cancel_reason: string }[] })
      .sessions;
    expect(seen.find((x) => x.id === lesson.id)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Exam week at school',
    });
  });

  it('a move in Amharic: both sides read the reason; none typed, no reason line', async () => {
    const b = await booked({ familyLocale: 'am', tutorLocale: 'am' });
    const date = b.summary.sessions[2]!.date;
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${b.summary.sessions[2]!.id}/reschedule/`,
      headers: b.admin.headers,
      payload: { date, time: '15:00', scope: 'one', reason: 'የአስጠኚው ስብሰባ' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const silent = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${b.summary.sessions[3]!.id}/reschedule/`,
      headers: b.admin.headers,
      payload: { date: b.summary.sessions[3]!.date, time: '16:00', scope: 'one' },
    });
    expect(silent.statusCode, silent.body).toBe(200);
    const { family, tutor } = await b.newMail();
    expect(family).toHaveLength(2);
    expect(tutor).toHaveLength(2);
    expect(family[0]).toContain('የተሰጠው ምክንያት፦ የአስጠኚው ስብሰባ');
    expect(tutor[0]).toContain('የተሰጠው ምክንያት፦ የአስጠኚው ስብሰባ');
    expect(family[1]).not.toContain('የተሰጠው ምክንያት');
  });

  it('refuses a move reason over 500 characters with a 400', async () => {
    const b = await booked();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${b.summary.sessions[1]!.id}/reschedule/`,
      headers: b.admin.headers,
      payload: { date: b.summary.sessions[1]!.date, time: '15:00', scope: 'one', reason: 'x'.repeat(501) },
    });
    expect(res.statusCode).toBe(400);
  });
});
