import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyOverview, FamilyPayment, FamilyProgress, Receipt } from '@tibeb/domain/family/contracts';
import { sendRenewalReminders } from '../renewals/renewal-reminder.job.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { readMail } from '../payments/test/fixtures.ts';
import {
  createUser,
  linkFamily,
  linkedFamilyBooking,
  mondayAhead,
  paidBooking,
  readRefunds,
  setSessionStart,
} from '../lifecycle/test/fixtures.ts';

/** The family area over HTTP (issue 15): overview, change terms, credit, payments, settings, progress. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let week = 3;
const familyBooking = () =>
  linkedFamilyBooking(t.app, { date: mondayAhead((week += 1)), timeZone: 'America/New_York' });

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const overview = async (headers: Record<string, string>) => {
  const res = await get('/api/student/overview/', headers);
  expect(res.statusCode).toBe(200);
  return res.json() as FamilyOverview;
};

const HOUR = 3_600_000;

describe('overview', () => {
  it('lists the family’s upcoming sessions with each one’s value, notice and room, and its credit', async () => {
    const { family, summary, tutor } = await familyBooking();
    const body = await overview(family.headers);
    expect(body.family.email).toBe(family.email);
    expect(body.credit).toEqual([]);
    expect(body.upcoming.map((s) => s.id)).toEqual(summary.sessions.map((s) => s.id));
    const first = body.upcoming[0]!;
    // $80 for 4 sessions: each is worth $20; the series from the first is all four.
    expect(first.terms).toMatchObject({
      in_time: true,
      notice_hours: 12,
      value_cents: 2000,
      series_count: 4,
      series_value_cents: 8000,
    });
    expect(body.upcoming[2]!.terms).toMatchObject({ series_count: 2, series_value_cents: 4000 });
    expect(first.tutor_id).toBe(tutor.id);
    expect(first.currency).toBe('USD');
    expect(first.student_name).toBe('Liya Tesfaye');
    // The room is not open days ahead: no address, only when it opens (15 minutes before).
    expect(first.room.url).toBeNull();
    expect(new Date(first.room.opens_at).getTime()).toBe(new Date(first.starts_at).getTime() - 15 * 60_000);
  });

  it('gives the room address from 15 minutes before the start', async () => {
    const { family, summary } = await familyBooking();
    await setSessionStart(t.app.db, summary.sessions[0]!.id, new Date(Date.now() + 10 * 60_000));
    const body = await overview(family.headers);
    const s = body.upcoming.find((x) => x.id === summary.sessions[0]!.id)!;
    // No Jitsi here and no own link: no link that cannot start (decision 267; signed rooms: areas/rooms.test.ts).
    expect(s.room).toMatchObject({ url: null, provider: 'none' });
    expect(s.terms.in_time).toBe(false);
    // The tutor's own meeting link is sent while the room is open.
    await t.app.db.execute(
      sql`update tutors set meeting_url = 'https://zoom.us/j/555'
           where id = (select tutor_id from reservations where id = ${summary.id})`,
    );
    const own = (await overview(family.headers)).upcoming.find((x) => x.id === summary.sessions[0]!.id)!;
    expect(own.room).toMatchObject({ url: 'https://zoom.us/j/555', provider: 'own' });
  });
});

describe('cancelling at the notice window’s edges, through the lifecycle', () => {
  it('just outside the window: free, the value comes back as credit and shows as the balance', async () => {
    const { family, summary } = await familyBooking();
    const id = summary.sessions[0]!.id;
    await setSessionStart(t.app.db, id, new Date(Date.now() + 12 * HOUR + 2 * 60_000));
    const before = await overview(family.headers);
    expect(before.upcoming.find((s) => s.id === id)!.terms.in_time).toBe(true);

    const res = await post(
      `/api/bookings/sessions/${id}/cancel/`,
      { scope: 'one', outcome: 'credit' },
      family.headers,
    );
    expect(res.statusCode).toBe(200);
    const after = await overview(family.headers);
    expect(after.credit).toEqual([{ currency: 'USD', amount_cents: 2000 }]);
    expect(after.upcoming.map((s) => s.id)).not.toContain(id);
    const credit = await get('/api/student/credit/', family.headers);
    expect(credit.json()).toMatchObject({
      balances: [{ currency: 'USD', amount_cents: 2000 }],
      entries: [expect.objectContaining({ amount_cents: 2000, currency: 'USD', kind: 'cancellation' })],
    });
  });

  it('just inside the window: the screen says it is not free, and cancelling gives nothing back', async () => {
    const { family, summary } = await familyBooking();
    const id = summary.sessions[0]!.id;
    await setSessionStart(t.app.db, id, new Date(Date.now() + 12 * HOUR - 2 * 60_000));
    const before = await overview(family.headers);
    expect(before.upcoming.find((s) => s.id === id)!.terms.in_time).toBe(false);

    const res = await post(
      `/api/bookings/sessions/${id}/cancel/`,
      { scope: 'one', outcome: 'credit' },
      family.headers,
    );
    expect(res.statusCode).toBe(200);
    expect((await overview(family.headers)).credit).toEqual([]);
  });

  it('the rest of the series for a refund: three sessions’ value goes back to the card, no credit', async () => {
    const { family, summary } = await familyBooking();
    const res = await post(
      `/api/bookings/sessions/${summary.sessions[1]!.id}/cancel/`,
      { scope: 'series', outcome: 'refund' },
      family.headers,
    );
    expect(res.statusCode).toBe(200);
    const refunds = await readRefunds(t.app.db, summary.id);
    expect(refunds.reduce((sum, r) => sum + r.refund.amountCents, 0)).toBe(6000);
    const body = await overview(family.headers);
    expect(body.credit).toEqual([]);
    expect(body.upcoming.map((s) => s.id)).toEqual([summary.sessions[0]!.id]);
  });
});

describe('payments and receipts', () => {
  it('lists the family’s payment and shows its receipt; another family gets 404, a tutor 403', async () => {
    const { family, summary, tutor } = await familyBooking();
    const list = await get('/api/student/payments/', family.headers);
    expect(list.statusCode).toBe(200);
    const payments = list.json() as FamilyPayment[];
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ reservation_id: summary.id, amount_cents: 8000, status: 'paid' });
    expect(payments[0]!.receipt_number).toMatch(/^TT-[0-9A-F]{10}$/);

    const receipt = await get(`/api/student/payments/${payments[0]!.id}/receipt/`, family.headers);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json() as Receipt).toMatchObject({
      family: { name: 'Almaz Tesfaye', email: family.email },
      total_cents: 8000,
      student_name: 'Liya Tesfaye',
    });
    expect((receipt.json() as Receipt).sessions).toHaveLength(4);

    const other = await familyBooking();
    const foreign = await get(`/api/student/payments/${payments[0]!.id}/receipt/`, other.family.headers);
    expect(foreign.statusCode).toBe(404);
    expect((await get('/api/student/payments/', other.family.headers)).json()).toHaveLength(1);
    expect((await overview(other.family.headers)).upcoming.map((s) => s.reservation_id)).not.toContain(
      summary.id,
    );
    expect((await get('/api/student/payments/', tutor.account.headers)).statusCode).toBe(403);
    expect((await get('/api/student/payments/not-a-uuid/receipt/', family.headers)).statusCode).toBe(400);
  });

  it('another family cannot cancel this family’s session (403) and nothing changes', async () => {
    const { family, summary } = await familyBooking();
    const other = await familyBooking();
    const res = await post(
      `/api/bookings/sessions/${summary.sessions[0]!.id}/cancel/`,
      { scope: 'one', outcome: 'credit' },
      other.family.headers,
    );
    expect(res.statusCode).toBe(403);
    expect((await overview(family.headers)).upcoming).toHaveLength(4);
  });
});

describe('settings', () => {
  it('saves the name, time zone and preference; the overview greets the family by that name', async () => {
    const { family } = await familyBooking();
    expect((await overview(family.headers)).family.name).toBe('Almaz Tesfaye');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/student/settings/',
      headers: family.headers,
      payload: {
        first_name: 'Almaz',
        last_name: 'Bekele',
        time_zone: 'Europe/Berlin',
        communication_preference: 'whatsapp',
        reminders_enabled: false,
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ time_zone: 'Europe/Berlin', communication_preference: 'whatsapp' });
    const body = await overview(family.headers);
    expect(body.family).toMatchObject({ name: 'Almaz Bekele', time_zone: 'Europe/Berlin' });
  });

  it('refuses an unknown time zone with a field message', async () => {
    const { family } = await familyBooking();
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/student/settings/',
      headers: family.headers,
      payload: {
        first_name: '',
        last_name: '',
        time_zone: 'Mars/Olympus',
        communication_preference: 'email',
        reminders_enabled: true,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Choose a time zone from the list.');
  });
});

describe('progress', () => {
  it('counts attendance and hours per student, with the tutor’s notes', async () => {
    const { family, summary, tutor } = await familyBooking();
    const [a, b] = summary.sessions;
    await setSessionStart(t.app.db, a!.id, new Date(Date.now() - 10 * 24 * HOUR));
    await setSessionStart(t.app.db, b!.id, new Date(Date.now() - 3 * 24 * HOUR));
    const mark = (id: string, status: string, note?: string) =>
      post(`/api/bookings/sessions/${id}/attendance/`, { status, note }, tutor.account.headers);
    expect((await mark(a!.id, 'attended', 'Fractions: well done.')).statusCode).toBe(200);
    expect((await mark(b!.id, 'no_show')).statusCode).toBe(200);
    const res = await get('/api/student/progress-by-student/', family.headers);
    expect(res.statusCode).toBe(200);
    const [liya] = res.json() as FamilyProgress;
    expect(liya).toMatchObject({
      student_name: 'Liya Tesfaye',
      attended: 1,
      no_show: 1,
      upcoming: 2,
      hours: 1,
    });
    expect(liya!.months.reduce((s, m) => s + m.hours, 0)).toBe(1);
    expect(liya!.notes.map((n) => n.note)).toEqual(['Fractions: well done.']);
  });
});

describe('booking again', () => {
  it('prefills the wizard with the family’s contact and each student it booked for', async () => {
    const { family } = await familyBooking();
    const res = await get('/api/student/booking-details/', family.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      contact: { full_name: 'Almaz Tesfaye', email: family.email, phone: '+251 911 000 000' },
      students: [{ student_name: 'Liya Tesfaye', grade_level: 'Grade 5' }],
    });
    const stranger = await createUser(t.app.db, t.config.jwtSecret, 'student');
    expect((await get('/api/student/booking-details/', stranger.headers)).json()).toMatchObject({
      students: [],
    });
  });
});

describe('renewal', () => {
  it('offers the next weeks a week before the paid weeks end, skips and names a clash, spends credit first', async () => {
    const { family, summary, tutor } = await familyBooking();
    // No offer while the paid weeks run for a month.
    expect((await get('/api/student/renewals/', family.headers)).json()).toEqual([]);
    // Cancel the last three in time for credit ($60), and bring the first within the week.
    expect(
      (
        await post(
          `/api/bookings/sessions/${summary.sessions[1]!.id}/cancel/`,
          { scope: 'series', outcome: 'credit' },
          family.headers,
        )
      ).statusCode,
    ).toBe(200);
    await setSessionStart(t.app.db, summary.sessions[0]!.id, new Date(Date.now() + 3 * 24 * HOUR));
    type Offer = {
      reservation_id: string;
      sessions: { date: string; time: string; status: string; reason?: string }[];
      amount_cents: number;
      credit_cents: number;
      charge_cents: number;
    };
    const first = (await get('/api/student/renewals/', family.headers)).json() as Offer[];
    expect(first).toHaveLength(1);
    expect(first[0]!.reservation_id).toBe(summary.id);
    expect(first[0]!.sessions.map((s) => s.status)).toEqual(Array(4).fill('planned'));
    expect(first[0]).toMatchObject({
      currency: 'USD',
      currency_notice: null,
      amount_cents: 8000,
      credit_cents: 6000,
      charge_cents: 2000,
    });

    // Another family takes the renewal's second week at the same time.
    const other = await createUser(t.app.db, t.config.jwtSecret, 'student', {
      email: `other-${randomUUID().slice(0, 8)}@example.com`,
    });
    const taken = await paidBooking(t.app, {
      tutorId: tutor.id,
      familyEmail: other.email,
      date: first[0]!.sessions[1]!.date,
    });
    await linkFamily(t.app.db, taken.id, other.id);
    await post(`/api/bookings/sessions/${taken.sessions[1]!.id}/cancel/`, { scope: 'series' }, other.headers);

    const offer = ((await get('/api/student/renewals/', family.headers)).json() as Offer[])[0]!;
    expect(offer.sessions.map((s) => s.status)).toEqual(['planned', 'skipped', 'planned', 'planned']);
    expect(offer.sessions[1]!.reason).toBe('Clashes with an existing booking.');
    // Three sessions at $20; the $60 credit covers them all.
    expect(offer).toMatchObject({ amount_cents: 6000, credit_cents: 6000, charge_cents: 0 });

    // Another family cannot renew it (404); the family can, once.
    expect((await post(`/api/student/renewals/${summary.id}/`, {}, other.headers)).statusCode).toBe(404);
    const res = await post(`/api/student/renewals/${summary.id}/`, {}, family.headers);
    expect(res.statusCode).toBe(201);
    const created = res.json() as { id: string; amount: number; amount_cents: number; currency: string };
    expect(created).toMatchObject({ amount_cents: 6000, currency: 'USD' });
    const checkout = await post(
      '/api/payments/create-checkout-session/',
      { reservation_id: created.id, full_name: 'Almaz Tesfaye', email: family.email, amount: created.amount },
      {},
    );
    expect(checkout.statusCode).toBe(200);
    const url = (checkout.json() as { checkout_url: string }).checkout_url;
    const paymentId = /checkout\/([0-9a-f-]{36})\/$/.exec(url)?.[1];
    if (paymentId) await post(`/api/payments/demo/checkout/${paymentId}/pay/`, {}, {});
    const renewed = (await get(`/api/reservations/reservations/${created.id}/`, {})).json() as {
      status: string;
      credit_applied_cents: number;
      amount_charged_cents: number;
    };
    expect(renewed).toMatchObject({
      status: 'confirmed',
      credit_applied_cents: 6000,
      amount_charged_cents: 0,
    });
    expect((await overview(family.headers)).credit).toEqual([]);
    // Renewed: no longer offered, and a second renewal is refused.
    expect((await get('/api/student/renewals/', family.headers)).json()).toEqual([]);
    expect((await post(`/api/student/renewals/${summary.id}/`, {}, family.headers)).statusCode).toBe(404);
  });

  it('reminds each family once by e-mail, however often the job runs', async () => {
    const { family, summary } = await familyBooking();
    await post(
      `/api/bookings/sessions/${summary.sessions[1]!.id}/cancel/`,
      { scope: 'series', outcome: 'credit' },
      family.headers,
    );
    await setSessionStart(t.app.db, summary.sessions[0]!.id, new Date(Date.now() + 2 * 24 * HOUR));
    const deps = { db: t.app.db, mailer: t.app.mailer, publicUrl: 'http://localhost:3000' };
    await Promise.all([sendRenewalReminders(deps), sendRenewalReminders(deps)]);
    await sendRenewalReminders(deps);
    const mails = (await readMail(t.app.mailer, family.email)).filter((m) => m.includes('Subject: Renew'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Renew Liya Tesfaye's lessons with");
    expect(mails[0]).toContain('http://localhost:3000/student/dashboard');
  });
});
