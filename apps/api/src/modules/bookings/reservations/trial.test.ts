import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trialMessages } from '@tibeb/domain/bookings/trial';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { reservations, sessions as sessionsTable, tutors } from '../../../platform/db/schema/index.ts';
import { ledgerTransactions } from '../../../platform/db/schema/ledger.ts';
import { completeEndedSessions } from '../lifecycle/completion.service.ts';
import { createUser } from '../lifecycle/test/fixtures.ts';
import { readMail } from '../payments/test/fixtures.ts';
import { offers as renewalOffers } from '../renewals/renewal.service.ts';
import { createTutor, reservationRow, sessionsOf, uniq } from './test-fixtures.repository.ts';
import { followUpTrials } from './trial-followup.service.ts';

/** Trial lessons (issue 30 item 2, decision 273), on the engine the suite runs on. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Slots = {
  days: { date: string; times: string[] }[];
  trial: { minutes: number; price: number; free: boolean };
};

async function offerTrial(tutorId: number, minutes: 30 | 45, priceCents: number) {
  await t.app.db
    .update(tutors)
    .set({ trialMinutes: minutes, trialPriceCents: priceCents })
    .where(eq(tutors.id, tutorId));
}

async function slotsOf(tutorId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/reservations/trial/${tutorId}/` });
  return res;
}

/** A slot three days ahead (past any lead time), as the path offers it. */
async function aSlot(tutorId: number, index = 0) {
  const res = await slotsOf(tutorId);
  expect(res.statusCode).toBe(200);
  const days = (res.json() as Slots).days;
  const day = days.find((d) => d.date > new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10))!;
  return { date: day.date, time: day.times[index]! };
}

const payload = (
  tutor: number,
  slot: { date: string; time: string },
  extra: Record<string, unknown> = {},
) => ({
  tutor,
  ...slot,
  full_name: 'Almaz Tesfaye',
  email: `almaz.${uniq()}@example.com`,
  phone: '+251 911 000 000',
  student_full_name: 'Liya Tesfaye',
  student_grade: 'Grade 5',
  ...extra,
});

const bookTrial = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/reservations/trial/', payload: body });

describe('the trial offer', () => {
  it('is set by the tutor on its own profile, validated, and carried by the public answers', async () => {
    const tutor = await createTutor(t.app.db);
    const account = await createUser(t.app.db, t.config.jwtSecret, 'tutor');
    await t.app.db.update(tutors).set({ userId: account.id }).where(eq(tutors.id, tutor.id));

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/tutor/profile/',
      headers: account.headers,
      payload: { trial: { minutes: 60, price: -1 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(trialMessages.minutesInvalid);

    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/tutor/profile/',
      headers: account.headers,
      payload: { trial: { minutes: 45, price: 12.5, price_etb: 700 } },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().trial).toEqual({
      minutes: 45,
      price: 12.5,
      price_cents: 1250,
      price_etb: 700,
      free: false,
    });

    const detail = await t.app.inject({ method: 'GET', url: `/api/tutors/public/${tutor.id}/` });
    expect(detail.json().trial).toMatchObject({ minutes: 45, price: 12.5 });
    const list = await t.app.inject({ method: 'GET', url: '/api/tutors/public/' });
    const item = (list.json() as { id: number; trial: unknown }[]).find((x) => x.id === tutor.id);
    expect(item?.trial).toMatchObject({ minutes: 45, price_cents: 1250 });
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/tutors/search/?q=${encodeURIComponent(tutor.fullName)}`,
    });
    expect(search.statusCode).toBe(200);
    const found = (search.json().results as { id: number; trial: unknown }[]).find((x) => x.id === tutor.id);
    expect(found?.trial).toMatchObject({ minutes: 45, free: false });

    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/tutor/profile/',
      headers: account.headers,
      payload: { trial: null },
    });
    expect(off.json().trial).toBeNull();
    expect((await slotsOf(tutor.id)).statusCode).toBe(404);
  });

  it('is set by an admin for the tutor (free allowed)', async () => {
    const tutor = await createTutor(t.app.db);
    const admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tutors/${tutor.id}/`,
      headers: admin.headers,
      payload: { trial: { minutes: 30, price: 0 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().trial).toEqual({ minutes: 30, price: 0, price_cents: 0, price_etb: null, free: true });
    const slots = await slotsOf(tutor.id);
    expect(slots.statusCode).toBe(200);
    const body = slots.json() as Slots;
    expect(body.trial).toMatchObject({ minutes: 30, free: true });
    expect(body.days.length).toBeGreaterThan(5);
    expect(body.days.length).toBeLessThanOrEqual(14);
  });
});

describe('booking a trial', () => {
  it('a paid trial is one held session of the offer at its price, paid through the checkout', async () => {
    const tutor = await createTutor(t.app.db, { hourlyRateCents: 3000 });
    await offerTrial(tutor.id, 45, 1000);
    const slot = await aSlot(tutor.id);
    const res = await bookTrial(payload(tutor.id, slot));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending_payment', amount_cents: 1000, free: false });
    expect(res.json().next_url).toBe(`/payment?reservation_id=${res.json().id}`);
    const row = await reservationRow(t.app.db, res.json().id);
    expect(row).toMatchObject({ kind: 'trial', durationMinutes: 45, amountCents: 1000, date: slot.date });
    const held = await t.app.db
      .select()
      .from(sessionsTable)
      .where(eq(sessionsTable.reservationId, res.json().id));
    expect(held).toHaveLength(1);
    expect(held[0]!.status).toBe('held');
    expect(held[0]!.endsAt.getTime() - held[0]!.startsAt.getTime()).toBe(45 * 60_000);

    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session/',
      payload: { full_name: 'Almaz Tesfaye', email: row!.email, amount: 10, reservation_id: res.json().id },
    });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json().provider).toBe('demo');
    const paymentId = (checkout.json().checkout_url as string).match(/checkout\/([0-9a-f-]{36})\/$/)![1]!;
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/payments/demo/checkout/${paymentId}/pay/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect((await reservationRow(t.app.db, res.json().id))!.status).toBe('confirmed');

    // The lesson ends and completes: the tutor earns the trial's price, as for any lesson.
    const past = new Date(Date.now() - 2 * 3600_000);
    await t.app.db
      .update(sessionsTable)
      .set({ startsAt: new Date(past.getTime() - 45 * 60_000), endsAt: past })
      .where(eq(sessionsTable.reservationId, res.json().id));
    await completeEndedSessions(t.app.db);
    const earned = await t.app.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reservationId, res.json().id));
    expect(earned.map((x) => x.kind).sort()).toEqual(['payment', 'session_earned']);
  });

  it('a free trial is confirmed at once, without a provider', async () => {
    const tutor = await createTutor(t.app.db);
    await offerTrial(tutor.id, 30, 0);
    const slot = await aSlot(tutor.id);
    const res = await bookTrial(payload(tutor.id, slot));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'confirmed', amount_cents: 0, free: true });
    expect(res.json().next_url).toMatch(/^\/payment-success\?session_id=credit_/);
    const row = await reservationRow(t.app.db, res.json().id);
    expect(row).toMatchObject({ kind: 'trial', status: 'confirmed', amountCents: 0 });
    expect(row!.familyUserId).not.toBeNull();
    const [session] = await sessionsOf(t.app.db, res.json().id);
    expect(session!.status).toBe('scheduled');
    // The family is told in words of a trial, with no receipt: nothing was paid.
    const mails = await readMail(t.app.mailer, row!.email);
    expect(mails.some((m) => m.includes('Your trial lesson with') && m.includes('is confirmed'))).toBe(true);
    expect(mails.some((m) => m.includes('Payment receipt'))).toBe(false);
  });

  it('a weekly booking without a price still cannot be checked out (no_price)', async () => {
    const tutor = await createTutor(t.app.db);
    await offerTrial(tutor.id, 30, 500);
    const slot = await aSlot(tutor.id);
    const res = await bookTrial(payload(tutor.id, slot));
    await t.app.db
      .update(reservations)
      .set({ kind: 'weekly', amountCents: 0 })
      .where(eq(reservations.id, res.json().id));
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session/',
      payload: { full_name: 'A', email: 'a@example.com', amount: 1, reservation_id: res.json().id },
    });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().code).toBe('no_price');
  });

  it('refuses a tutor without a trial, a time outside the offer or past 14 days', async () => {
    const tutor = await createTutor(t.app.db);
    const none = await bookTrial(payload(tutor.id, { date: '2031-03-03', time: '10:00' }));
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('trial_not_offered');
    await offerTrial(tutor.id, 30, 0);
    const far = await bookTrial(payload(tutor.id, { date: '2031-03-03', time: '10:00' }));
    expect(far.statusCode).toBe(400);
    expect(far.json().code).toBe('trial_outside_window');
    const bad = await bookTrial({ tutor: tutor.id });
    expect(bad.statusCode).toBe(400);
  });

  it('one trial per family and tutor, whatever the case of the e-mail; a lapsed one frees it', async () => {
    const tutor = await createTutor(t.app.db);
    await offerTrial(tutor.id, 30, 800);
    const email = `Family.${uniq()}@Example.com`;
    const slot = await aSlot(tutor.id, 0);
    const first = await bookTrial(payload(tutor.id, slot, { email }));
    expect(first.statusCode).toBe(201);
    // The same request again (a double tap) gets its own hold back.
    const again = await bookTrial(payload(tutor.id, slot, { email }));
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);

    const second = await bookTrial(
      payload(tutor.id, await aSlot(tutor.id, 2), { email: email.toLowerCase(), student_full_name: 'Other' }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'trial_already_booked',
      detail: trialMessages.alreadyBooked,
    });

    // Another tutor is another trial.
    const other = await createTutor(t.app.db);
    await offerTrial(other.id, 30, 800);
    expect((await bookTrial(payload(other.id, await aSlot(other.id), { email }))).statusCode).toBe(201);

    // The first hold lapses: the family may book a trial with the tutor again.
    await t.app.db
      .update(reservations)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(reservations.id, first.json().id));
    await t.app.db
      .update(sessionsTable)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessionsTable.reservationId, first.json().id));
    const freed = await bookTrial(
      payload(tutor.id, await aSlot(tutor.id, 2), { email: email.toUpperCase() }),
    );
    expect(freed.statusCode).toBe(201);
    expect((await reservationRow(t.app.db, first.json().id))!.status).toBe('expired');
  });

  it('the unique index decides two trials of one family at once', async () => {
    const tutor = await createTutor(t.app.db);
    await offerTrial(tutor.id, 30, 0);
    const email = `twice.${uniq()}@example.com`;
    const [a, b] = await Promise.all([
      bookTrial(payload(tutor.id, await aSlot(tutor.id, 0), { email })),
      bookTrial(payload(tutor.id, await aSlot(tutor.id, 3), { email, student_full_name: 'Second' })),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().code).toBe('trial_already_booked');
  });
});

describe('after a trial', () => {
  it('gets no renewal offer, and "Continue weekly" once its lesson has ended', async () => {
    const tutor = await createTutor(t.app.db);
    await offerTrial(tutor.id, 30, 0);
    const family = await createUser(t.app.db, t.config.jwtSecret, 'student');
    const res = await bookTrial(payload(tutor.id, await aSlot(tutor.id), { email: family.email }));
    expect(res.statusCode).toBe(201);
    await t.app.db
      .update(reservations)
      .set({ familyUserId: family.id })
      .where(eq(reservations.id, res.json().id));

    const before = await t.app.inject({
      method: 'GET',
      url: '/api/student/continue-weekly/',
      headers: family.headers,
    });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual([]);
    expect(await renewalOffers(t.app.db, family.id)).toEqual([]);
    // The family's overview and the admin's list label it a trial.
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/student/overview/',
      headers: family.headers,
    });
    expect(overview.json().upcoming).toEqual([
      expect.objectContaining({ reservation_id: res.json().id, kind: 'trial', duration_minutes: 30 }),
    ]);
    const admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reservations/?q=${encodeURIComponent(family.email)}`,
      headers: admin.headers,
    });
    expect(listed.json().results).toEqual([expect.objectContaining({ id: res.json().id, kind: 'trial' })]);

    // The lesson has ended.
    const past = new Date(Date.now() - 3 * 3600_000);
    await t.app.db
      .update(sessionsTable)
      .set({ startsAt: new Date(past.getTime() - 30 * 60_000), endsAt: past })
      .where(eq(sessionsTable.reservationId, res.json().id));
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/student/continue-weekly/',
      headers: family.headers,
    });
    expect(after.json()).toEqual([
      expect.objectContaining({
        reservation_id: res.json().id,
        tutor_id: tutor.id,
        tutor_name: tutor.fullName,
        student_name: 'Liya Tesfaye',
        student_grade: 'Grade 5',
        email: family.email,
        phone: '+251 911 000 000',
      }),
    ]);
    expect(await renewalOffers(t.app.db, family.id)).toEqual([]);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/student/continue-weekly/' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the follow-up e-mail after a trial', () => {
  it('goes once, an hour after the lesson, unless the family booked the tutor weekly since', async () => {
    const tutor = await createTutor(t.app.db);
    await offerTrial(tutor.id, 30, 0);
    const email = `followup.${uniq()}@example.com`;
    const res = await bookTrial(payload(tutor.id, await aSlot(tutor.id), { email }));
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    const endAt = async (msAgo: number) => {
      const end = new Date(Date.now() - msAgo);
      await t.app.db
        .update(sessionsTable)
        .set({ startsAt: new Date(end.getTime() - 30 * 60_000), endsAt: end })
        .where(eq(sessionsTable.reservationId, id));
    };
    const followUps = async () =>
      (await readMail(t.app.mailer, email)).filter((m) =>
        m.includes(`How was the trial lesson with ${tutor.fullName}?`),
      ).length;

    // Ended eight days ago (the job was not running, say): too late for a follow-up.
    await endAt(8 * 86_400_000);
    await followUpTrials(t.app.db, t.app.mailer, t.config.publicUrl);
    expect(await followUps()).toBe(0);
    // Ended half an hour ago: not yet.
    await endAt(30 * 60_000);
    await followUpTrials(t.app.db, t.app.mailer, t.config.publicUrl);
    expect(await followUps()).toBe(0);
    // Ended two hours ago: once, however often the job runs.
    await endAt(2 * 3_600_000);
    expect(await followUpTrials(t.app.db, t.app.mailer, t.config.publicUrl)).toBeGreaterThanOrEqual(1);
    await followUpTrials(t.app.db, t.app.mailer, t.config.publicUrl);
    expect(await followUps()).toBe(1);
    const mail = (await readMail(t.app.mailer, email)).join('\n');
    expect(mail).toContain(`Continue weekly with ${tutor.fullName}`);
    expect(mail).toContain('/student/dashboard');

    // Another family's trial, followed by a weekly booking of that tutor before the job: no e-mail.
    const other = `booked.${uniq()}@example.com`;
    const second = await bookTrial(payload(tutor.id, await aSlot(tutor.id, 1), { email: other }));
    expect(second.statusCode).toBe(201);
    await t.app.db
      .update(sessionsTable)
      .set({ startsAt: new Date(Date.now() - 6 * 3_600_000), endsAt: new Date(Date.now() - 5.5 * 3_600_000) })
      .where(eq(sessionsTable.reservationId, second.json().id));
    const [trialRow] = await t.app.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, second.json().id));
    const { id: _id, createdAt: _c, ...copy } = trialRow!;
    await t.app.db.insert(reservations).values({ ...copy, kind: 'weekly', status: 'confirmed' });
    await followUpTrials(t.app.db, t.app.mailer, t.config.publicUrl);
    expect(
      (await readMail(t.app.mailer, other)).filter((m) => m.includes('How was the trial lesson')).length,
    ).toBe(0);
  });
});
