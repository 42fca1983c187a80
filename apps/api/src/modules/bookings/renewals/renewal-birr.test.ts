import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FamilyCredit, FamilyOverview, RenewalOffer } from '@tibeb/domain/family/contracts';
import { renewalMessages } from '@tibeb/domain/family/contracts';
import { buildApp } from '../../../app.ts';
import type { AppInstance } from '../../../platform/http/app-instance.ts';
import { openDatabase } from '../../../platform/db/client.ts';
import { testEngine, type TestApp } from '../../../test/harness.ts';
import { createUser, linkFamily, paidBooking, setSessionStart } from '../lifecycle/test/fixtures.ts';
import { startChapaTestApp } from '../payments/test/chapa-test-app.ts';
import type { FakeChapaServer } from '../payments/test/fake-chapa-server.ts';
import { futureMonday, readPayments } from '../payments/test/fixtures.ts';
import { createSubject, createTutor } from '../reservations/test-fixtures.repository.ts';

const secretKey = 'CHASECK_TEST-tibeb-renewal-key';
const webhookSecret = 'chapa-webhook-secret-renewal-1234';
const HOUR = 3_600_000;

/**
 * A birr family's renewal (issue 18 §3, decision 173): in birr, priced from the subject's birr rate and paid
 * through Chapa, birr credit spent first; in dollars, saying why, once birr is no longer offered (the subject's
 * rate removed, or Chapa switched off), and never booked at a price the family did not see. The family's
 * credit shown per currency.
 */
describe('renewing a booking paid in birr', () => {
  let t: TestApp;
  let fake: FakeChapaServer;
  let admin: { authorization: string };
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, fake, admin, close } = await startChapaTestApp({ secretKey, webhookSecret }));
  });
  afterAll(() => close());

  const inject = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
    app: AppInstance = t.app,
  ) => app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

  const setBirrRate = async (subjectId: number, etbPerHour: number | null) => {
    const res = await inject('PATCH', `/api/admin/subjects/${subjectId}/`, admin, {
      price_per_hour_etb: etbPerHour,
    });
    expect(res.statusCode).toBe(200);
  };

  /** Pays a reservation's checkout (Chapa's hosted page for birr, the demo card for dollars). */
  async function pay(reservationId: string, email: string, amount: number) {
    const res = await inject(
      'POST',
      '/api/payments/create-checkout-session/',
      {},
      {
        reservation_id: reservationId,
        full_name: 'Hana Tesfaye',
        email,
        amount,
      },
    );
    expect(res.statusCode).toBe(200);
    const checkout = res.json() as { checkout_url: string; session_id: string; provider: string };
    if (checkout.provider === 'chapa') {
      fake.pay(checkout.session_id);
      await inject('GET', `/api/payments/status/?session_id=${checkout.session_id}`);
    } else {
      const paymentId = /checkout\/([0-9a-f-]{36})\/$/.exec(checkout.checkout_url)?.[1];
      expect(paymentId).toBeTruthy();
      await inject('POST', `/api/payments/demo/checkout/${paymentId}/pay/`);
    }
    return checkout.provider;
  }

  const summaryOf = async (id: string) =>
    (await inject('GET', `/api/reservations/reservations/${id}/`)).json() as {
      status: string;
      currency: string;
      amount_cents: number;
      credit_applied_cents: number;
      amount_charged_cents: number;
      sessions: { id: string }[];
    };

  let weeks = 2;
  /**
   * A family that booked 1.5 h on Mondays in birr (ETB 750 an hour: ETB 4,500.00 for 4 weeks) and paid it
   * through Chapa, then cancelled the last three weeks in time for birr credit (ETB 3,375.00), so that its paid
   * weeks end within the week: its renewal is offered.
   */
  async function birrFamilyDueRenewal() {
    const subject = await createSubject(t.app.db, { pricePerHourCents: 2000 });
    await setBirrRate(subject.id, 750);
    const tutor = await createTutor(t.app.db, { subjectId: subject.id, hourlyRateCents: 2500 });
    const family = await createUser(t.app.db, t.config.jwtSecret, 'student', {
      email: `birr-${randomUUID().slice(0, 8)}@example.com`,
    });
    const booked = await inject(
      'POST',
      '/api/reservations/reservations/',
      {},
      {
        tutor: tutor.id,
        date: futureMonday((weeks += 5))
          .toISOString()
          .slice(0, 10),
        time: '16:00',
        duration_hours: 1.5,
        full_name: 'Hana Tesfaye',
        email: family.email,
        phone: '+251 911 000 000',
        student_full_name: 'Liya Tesfaye',
        student_grade: 'Grade 7',
        currency: 'ETB',
      },
    );
    expect(booked.statusCode).toBe(201);
    const created = booked.json() as { id: string; amount: number };
    expect(await pay(created.id, family.email, created.amount)).toBe('chapa');
    await linkFamily(t.app.db, created.id, family.id);
    const summary = await summaryOf(created.id);
    expect(summary).toMatchObject({ status: 'confirmed', currency: 'ETB', amount_cents: 450000 });
    const cancel = await inject(
      'POST',
      `/api/bookings/sessions/${summary.sessions[1]!.id}/cancel/`,
      family.headers,
      {
        scope: 'series',
        outcome: 'credit',
      },
    );
    expect(cancel.statusCode).toBe(200);
    await setSessionStart(t.app.db, summary.sessions[0]!.id, new Date(Date.now() + 3 * 24 * HOUR), 90);
    return { family, subject, tutor, reservationId: created.id, summary };
  }

  const renewals = async (headers: Record<string, string>, app: AppInstance = t.app) => {
    const res = await inject('GET', '/api/student/renewals/', headers, undefined, app);
    expect(res.statusCode).toBe(200);
    return res.json() as RenewalOffer[];
  };
  const overview = async (headers: Record<string, string>) =>
    (await inject('GET', '/api/student/overview/', headers)).json() as FamilyOverview;

  it('offers and makes the renewal in birr through Chapa, birr credit spent first; credit shown per currency', async () => {
    const { family, reservationId, summary } = await birrFamilyDueRenewal();
    // Dollar credit too: a dollar booking of the same family, one session cancelled in time ($20).
    const dollarTutor = await createTutor(t.app.db, { hourlyRateCents: 2000 });
    const dollars = await paidBooking(t.app, {
      tutorId: dollarTutor.id,
      familyEmail: family.email,
      date: futureMonday((weeks += 5))
        .toISOString()
        .slice(0, 10),
    });
    await linkFamily(t.app.db, dollars.id, family.id);
    await inject('POST', `/api/bookings/sessions/${dollars.sessions[3]!.id}/cancel/`, family.headers, {
      scope: 'one',
      outcome: 'credit',
    });

    const before = await overview(family.headers);
    expect(before.credit).toEqual([
      { currency: 'USD', amount_cents: 2000 },
      { currency: 'ETB', amount_cents: 337500 },
    ]);
    expect(before.upcoming.find((s) => s.id === summary.sessions[0]!.id)?.currency).toBe('ETB');
    expect(before.upcoming.find((s) => s.id === dollars.sessions[0]!.id)?.currency).toBe('USD');
    const credit = (await inject('GET', '/api/student/credit/', family.headers)).json() as FamilyCredit;
    expect(credit.balances).toEqual(before.credit);
    expect(credit.entries.map((e) => [e.currency, e.amount_cents]).sort()).toEqual([
      ['ETB', 112500],
      ['ETB', 112500],
      ['ETB', 112500],
      ['USD', 2000],
    ]);

    const [offer] = await renewals(family.headers);
    // ETB 750 × 1.5 h × 4 weeks; the birr credit (ETB 3,375.00) first, the dollar credit untouched.
    expect(offer).toMatchObject({
      reservation_id: reservationId,
      currency: 'ETB',
      currency_notice: null,
      amount_cents: 450000,
      credit_cents: 337500,
      charge_cents: 112500,
      problem: null,
    });
    expect(offer!.sessions.map((s) => s.status)).toEqual(Array(4).fill('planned'));

    const res = await inject('POST', `/api/student/renewals/${reservationId}/`, family.headers, {
      currency: 'ETB',
    });
    expect(res.statusCode).toBe(201);
    const renewal = res.json() as { id: string; amount: number; amount_cents: number; currency: string };
    expect(renewal).toMatchObject({ currency: 'ETB', amount: 4500, amount_cents: 450000 });
    expect(await pay(renewal.id, family.email, renewal.amount)).toBe('chapa');
    expect(await readPayments(t.app.db, renewal.id)).toEqual([
      expect.objectContaining({ provider: 'chapa', currency: 'ETB', amountCents: 112500, status: 'paid' }),
    ]);
    expect(await summaryOf(renewal.id)).toMatchObject({
      status: 'confirmed',
      currency: 'ETB',
      credit_applied_cents: 337500,
      amount_charged_cents: 112500,
    });
    // The birr credit is spent; the dollar credit is still there.
    expect((await overview(family.headers)).credit).toEqual([{ currency: 'USD', amount_cents: 2000 }]);
    expect(await renewals(family.headers)).toEqual([]);
  });

  it("offers dollars, saying why, once the subject's birr rate is removed; the birr price seen before is refused", async () => {
    const { family, subject, reservationId } = await birrFamilyDueRenewal();
    expect((await renewals(family.headers))[0]).toMatchObject({ currency: 'ETB', amount_cents: 450000 });

    await setBirrRate(subject.id, null);
    const [offer] = await renewals(family.headers);
    // The tutor's $25 × 1.5 h × 4 weeks; the birr credit is not spent on dollars.
    expect(offer).toMatchObject({
      currency: 'USD',
      currency_notice: renewalMessages.birrNotOffered,
      amount_cents: 15000,
      credit_cents: 0,
      charge_cents: 15000,
    });

    // Renewing at the birr price the family saw earlier: refused, nothing booked.
    const stale = await inject('POST', `/api/student/renewals/${reservationId}/`, family.headers, {
      currency: 'ETB',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: renewalMessages.currencyChanged });
    expect(await renewals(family.headers)).toHaveLength(1);

    const res = await inject('POST', `/api/student/renewals/${reservationId}/`, family.headers, {
      currency: 'USD',
    });
    expect(res.statusCode).toBe(201);
    const renewal = res.json() as { id: string; amount: number; currency: string; amount_cents: number };
    expect(renewal).toMatchObject({ currency: 'USD', amount_cents: 15000 });
    expect(await pay(renewal.id, family.email, renewal.amount)).toBe('demo');
    expect(await summaryOf(renewal.id)).toMatchObject({
      status: 'confirmed',
      currency: 'USD',
      credit_applied_cents: 0,
      amount_charged_cents: 15000,
    });
    expect((await overview(family.headers)).credit).toEqual([{ currency: 'ETB', amount_cents: 337500 }]);
  });

  it('offers dollars, saying why, on an instance without Chapa; bad input is a 400', async () => {
    const { family, reservationId } = await birrFamilyDueRenewal();
    // The same database served by an instance started without CHAPA_* (Chapa switched off).
    const database =
      testEngine === 'postgres'
        ? await openDatabase({ engine: 'postgres', url: t.database.url! })
        : t.database;
    const off = await buildApp({ config: { ...t.config, chapa: undefined }, database });
    await off.ready();
    try {
      const [offer] = await renewals(family.headers, off);
      expect(offer).toMatchObject({
        currency: 'USD',
        currency_notice: renewalMessages.birrUnavailable,
        amount_cents: 15000,
        credit_cents: 0,
      });
      const url = `/api/student/renewals/${reservationId}/`;
      expect((await inject('POST', url, family.headers, { currency: 'ETB' }, off)).statusCode).toBe(409);
      expect((await inject('POST', url, family.headers, { currency: 'EUR' }, off)).statusCode).toBe(400);
      // Without a currency (an older client), the renewal is made in what is offered: dollars.
      const res = await inject('POST', url, family.headers, undefined, off);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ currency: 'USD', amount_cents: 15000 });
    } finally {
      await off.close();
      if (database !== t.database) await database.close();
    }
  });
});
