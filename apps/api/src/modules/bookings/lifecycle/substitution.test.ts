import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Test reads and writes go straight to the schema (tests are exempt from the repository rule).
import { eq, inArray } from 'drizzle-orm';
import { reservations, substitutionOffers } from '../../../platform/db/schema/bookings.ts';
import { tutors } from '../../../platform/db/schema/catalog.ts';
import { ledgerEntries, ledgerTransactions } from '../../../platform/db/schema/ledger.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { readMail } from '../payments/test/fixtures.ts';
import { createSubject, createTutor } from '../reservations/test-fixtures.repository.ts';
import {
  createTutorWithAccount,
  createUser,
  linkFamily,
  mondayAhead,
  paidBooking,
  readCredit,
  readSessions,
} from './test/fixtures.ts';

/** A substitute tutor for the rest of a series (issue 30 item 4, decision 274), over HTTP. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
});
afterAll(() => t.close());

const post = (url: string, payload: object | undefined, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

let week = 40;
/** A paid 4-week booking (Mondays 10:00 EAT, $20/h) of a subject, and a family account linked to it. */
async function booking() {
  const subject = await createSubject(t.app.db);
  const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
  await t.app.db.update(tutors).set({ subjectId: subject.id }).where(eq(tutors.id, tutor.id));
  const family = await createUser(t.app.db, t.config.jwtSecret, 'student', {
    email: `family-${randomUUID().slice(0, 8)}@example.com`,
  });
  const date = mondayAhead((week += 1));
  const summary = await paidBooking(t.app, { tutorId: tutor.id, familyEmail: family.email, date });
  await linkFamily(t.app.db, summary.id, family.id);
  return { subject, tutor, family, summary };
}

/** The link's token from the offer e-mail. */
async function tokenFrom(email: string) {
  const mail = (await readMail(t.app.mailer, email)).join('\n');
  const m = /\/substitution\/([A-Za-z0-9_-]{20,})/.exec(mail);
  expect(m).not.toBeNull();
  return m![1]!;
}

async function offer(reservationId: string, tutorId: number, reason = 'Abebe is moving abroad') {
  return post(
    `/api/admin/reservations/${reservationId}/substitution/`,
    { tutor_id: tutorId, reason },
    admin.headers,
  );
}

describe('finding a substitute', () => {
  it('lists only the subject’s tutors free at every lesson to come, with the price difference', async () => {
    const { subject, summary } = await booking();
    const cheaper = await createTutor(t.app.db, { subjectId: subject.id, hourlyRateCents: 1500 });
    // Teaches the subject, but not on Monday mornings.
    await createTutor(t.app.db, {
      subjectId: subject.id,
      windows: { mon: [{ start: '14:00', end: '18:00' }] },
    });
    // Free, but another subject.
    await createTutor(t.app.db, { subjectId: (await createSubject(t.app.db)).id });
    // Teaches the subject and is free on Mondays, but already busy at the third lesson.
    const busy = await createTutor(t.app.db, { subjectId: subject.id });
    const family2 = `other-${randomUUID().slice(0, 8)}@example.com`;
    const third = summary.sessions[2]!.date;
    await paidBooking(t.app, { tutorId: busy.id, familyEmail: family2, date: third });

    const res = await get(`/api/admin/reservations/${summary.id}/substitutes/`, admin.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lessons).toHaveLength(4);
    expect(body.current_value_cents).toBe(8000);
    expect(body.tutors).toEqual([
      { id: cheaper.id, full_name: cheaper.fullName, hourly_rate_cents: 1500, price_difference_cents: -2000 },
    ]);
  });

  it('has nothing to move for a trial lesson', async () => {
    const { subject, summary } = await booking();
    await createTutor(t.app.db, { subjectId: subject.id });
    await t.app.db.update(reservations).set({ kind: 'trial' }).where(eq(reservations.id, summary.id));
    const res = await get(`/api/admin/reservations/${summary.id}/substitutes/`, admin.headers);
    expect(res.json()).toMatchObject({ lessons: [], tutors: [] });
    expect((await offer(summary.id, 1)).json().code).toBe('substitution_nothing_to_move');
  });

  it('is for admins only', async () => {
    const { family, summary } = await booking();
    expect((await get(`/api/admin/reservations/${summary.id}/substitutes/`)).statusCode).toBe(401);
    expect((await get(`/api/admin/reservations/${summary.id}/substitutes/`, family.headers)).statusCode).toBe(
      403,
    );
    expect(
      (await get(`/api/admin/reservations/${randomUUID()}/substitutes/`, admin.headers)).statusCode,
    ).toBe(404);
  });
});

describe('offering a substitute', () => {
  it('e-mails the family a link with the reason; needs a reason and a suitable tutor; one offer at a time', async () => {
    const { subject, family, summary } = await booking();
    const other = await createTutor(t.app.db, { subjectId: subject.id, hourlyRateCents: 2000 });
    const unsuitable = await createTutor(t.app.db, { hourlyRateCents: 2000 });

    expect((await offer(summary.id, other.id, '  ')).statusCode).toBe(400);
    const refused = await offer(summary.id, unsuitable.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('substitution_tutor_not_suitable');

    const res = await offer(summary.id, other.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'pending',
      price_difference_cents: 0,
      reason: 'Abebe is moving abroad',
    });
    const mail = (await readMail(t.app.mailer, family.email)).join('\n');
    expect(mail).toContain(`A new tutor for Liya Tesfaye's lessons`);
    expect(mail).toContain('Reason given: Abebe is moving abroad');
    expect(mail).toContain('The price stays the same.');

    const again = await offer(summary.id, other.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('substitution_already_offered');
    const latest = await get(`/api/admin/reservations/${summary.id}/substitution/`, admin.headers);
    expect(latest.json().offer).toMatchObject({ status: 'pending', to_tutor: { id: other.id } });
  });
});

describe("the family's answer", () => {
  it('accepting a cheaper tutor moves the lessons, pays them from their value and leaves the rest as credit', async () => {
    const { subject, tutor, family, summary } = await booking();
    const other = await createTutor(t.app.db, { subjectId: subject.id, hourlyRateCents: 1500 });
    expect((await offer(summary.id, other.id)).statusCode).toBe(201);
    const token = await tokenFrom(family.email);

    const view = await get(`/api/bookings/substitutions/${token}/`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      status: 'pending',
      current_value_cents: 8000,
      new_price_cents: 6000,
      price_difference_cents: -2000,
      from_tutor: { id: tutor.id },
      to_tutor: { id: other.id },
    });
    // The answer repeats the difference it was shown.
    const stale = await post(`/api/bookings/substitutions/${token}/accept/`, { price_difference_cents: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('substitution_price_changed');

    const res = await post(`/api/bookings/substitutions/${token}/accept/`, { price_difference_cents: -2000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'accepted', amount_due_cents: 0, payment_path: null });
    const newId = res.json().reservation_id as string;

    const old = await readSessions(t.app.db, summary.id);
    expect(old.map((s) => [s.status, s.cancelOutcome])).toEqual(Array(4).fill(['cancelled', 'credit']));
    const [oldRow] = await t.app.db.select().from(reservations).where(eq(reservations.id, summary.id));
    expect(oldRow!.status).toBe('cancelled');
    const [newRow] = await t.app.db.select().from(reservations).where(eq(reservations.id, newId));
    expect(newRow).toMatchObject({
      status: 'confirmed',
      tutorId: other.id,
      amountCents: 6000,
      creditAppliedCents: 6000,
    });
    const moved = await readSessions(t.app.db, newId);
    expect(moved.map((s) => s.status)).toEqual(Array(4).fill('scheduled'));
    expect(moved.map((s) => s.startsAt.toISOString())).toEqual(old.map((s) => s.startsAt.toISOString()));
    expect(moved.every((s) => s.tutorId === other.id)).toBe(true);

    // $80 of credit granted, $60 spent: $20 left.
    const credit = await readCredit(t.app.db, family.email);
    expect(credit.reduce((sum, c) => sum + c.amountCents, 0)).toBe(2000);
    // The ledger: each old lesson's value to credit, then the credit spent on the new booking; all balanced.
    const txs = await t.app.db
      .select()
      .from(ledgerTransactions)
      .where(inArray(ledgerTransactions.reservationId, [summary.id, newId]));
    expect(txs.filter((x) => x.kind === 'session_cancelled_credit')).toHaveLength(4);
    const paid = txs.filter((x) => x.kind === 'payment' && x.reservationId === newId);
    expect(paid).toHaveLength(1);
    const entries = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.transactionId,
          txs.map((x) => x.id),
        ),
      );
    expect(entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    // The new booking is prepaid $60, all of it from the family's credit.
    const paidLines = entries.filter((e) => e.transactionId === paid[0]!.id);
    expect(paidLines.find((e) => e.account === 'family_credit')?.amountCents).toBe(6000);
    expect(paidLines.find((e) => e.account === 'family_prepaid')?.amountCents).toBe(-6000);

    const familyMail = (await readMail(t.app.mailer, family.email)).join('\n');
    expect(familyMail).toContain(`Liya Tesfaye's lessons are moving to a new tutor`);
    expect(familyMail).toContain('$20.00 is left over and stays as your credit.');
    const tutorMail = (await readMail(t.app.mailer, tutor.account.email)).join('\n');
    expect(tutorMail).toContain('Reason given: Abebe is moving abroad');

    // Answered once.
    expect(
      (await post(`/api/bookings/substitutions/${token}/accept/`, { price_difference_cents: -2000 }))
        .statusCode,
    ).toBe(409);
    expect((await get(`/api/bookings/substitutions/${token}/`)).json().status).toBe('accepted');
  });

  it('accepting a dearer tutor holds the times and sends the family to pay the rest', async () => {
    const { subject, family, summary } = await booking();
    const other = await createTutor(t.app.db, { subjectId: subject.id, hourlyRateCents: 3000 });
    expect((await offer(summary.id, other.id)).statusCode).toBe(201);
    const token = await tokenFrom(family.email);
    const res = await post(`/api/bookings/substitutions/${token}/accept/`, { price_difference_cents: 4000 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'accepted', amount_due_cents: 4000 });
    expect(body.payment_path).toBe(`/payment?reservation_id=${body.reservation_id}`);
    const [row] = await t.app.db.select().from(reservations).where(eq(reservations.id, body.reservation_id));
    expect(row).toMatchObject({ status: 'pending_payment', amountCents: 12000 });
    expect((await readSessions(t.app.db, body.reservation_id)).map((s) => s.status)).toEqual(
      Array(4).fill('held'),
    );
    const mail = (await readMail(t.app.mailer, family.email)).join('\n');
    expect(mail).toContain('$40.00 is left to pay.');
  });

  it('declining changes nothing and tells the office', async () => {
    const { subject, family, summary } = await booking();
    const other = await createTutor(t.app.db, { subjectId: subject.id });
    await offer(summary.id, other.id);
    const token = await tokenFrom(family.email);
    const res = await post(`/api/bookings/substitutions/${token}/decline/`, undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('declined');
    expect((await readSessions(t.app.db, summary.id)).map((s) => s.status)).toEqual(
      Array(4).fill('scheduled'),
    );
    const adminMail = (await readMail(t.app.mailer, admin.email)).join('\n');
    expect(adminMail).toContain('A family declined a substitute tutor: Liya Tesfaye');
    expect((await post(`/api/bookings/substitutions/${token}/decline/`, undefined)).statusCode).toBe(409);
  });

  it('a withdrawn or expired offer can no longer be accepted; an unknown link is 404', async () => {
    const { subject, family, summary } = await booking();
    const other = await createTutor(t.app.db, { subjectId: subject.id, hourlyRateCents: 2000 });
    const created = (await offer(summary.id, other.id)).json();
    const token = await tokenFrom(family.email);
    const withdrawn = await post(
      `/api/admin/substitutions/${created.id}/withdraw/`,
      undefined,
      admin.headers,
    );
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().status).toBe('withdrawn');
    expect((await readMail(t.app.mailer, family.email)).join('\n')).toContain(
      'The office withdrew its offer',
    );
    expect(
      (await post(`/api/bookings/substitutions/${token}/accept/`, { price_difference_cents: 0 })).statusCode,
    ).toBe(409);

    // A new offer, left past its time.
    const second = (await offer(summary.id, other.id)).json();
    await t.app.db
      .update(substitutionOffers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(substitutionOffers.id, second.id));
    const tokens = (await readMail(t.app.mailer, family.email))
      .join('\n')
      .match(/\/substitution\/([A-Za-z0-9_-]{20,})/g)!;
    const latest = tokens.at(-1)!.split('/').at(-1)!;
    expect((await get(`/api/bookings/substitutions/${latest}/`)).json().status).toBe('expired');
    expect(
      (await post(`/api/bookings/substitutions/${latest}/accept/`, { price_difference_cents: 0 })).statusCode,
    ).toBe(409);
    expect((await get(`/api/bookings/substitutions/${'x'.repeat(43)}/`)).statusCode).toBe(404);
    expect((await readSessions(t.app.db, summary.id)).map((s) => s.status)).toEqual(
      Array(4).fill('scheduled'),
    );
  });
});
