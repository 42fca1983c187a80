import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRefundMessages } from '@tibeb/domain/admin/refunds';
// Test fixtures write rows straight into the schema, as a repository would (tests are exempt from the rule).
import { payments, refunds } from '../../../platform/db/schema/payments.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { adminAuth, insertBooking, insertTutor } from '../../reporting/reports.fixtures.ts';
import { flakyRefundProvider } from '../payments/test/fixtures.ts';
import { retryRefund } from './admin-payments.service.ts';

describe('admin: refunds not yet with the family', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAuth>>;
  let tutorId: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAuth(t.app.db, t.config.jwtSecret);
    tutorId = (await insertTutor(t.app.db, 'Abebe Refunds')).id;
  });
  afterAll(() => t.close());

  /** A paid booking (its session two hours after the last one: one tutor's sessions never overlap) and a refund. */
  let slot = 0;
  async function refundOf(
    fullName: string,
    opts: {
      status: 'pending' | 'failed' | 'succeeded';
      cents?: number;
      provider?: 'demo' | 'stripe';
      currency?: string;
      at?: Date;
    },
  ) {
    const { payment } = await insertBooking(t.app.db, {
      tutorId,
      subject: 'Physics',
      fullName,
      email: `${fullName.split(' ')[0]!.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`,
      starts: [new Date(Date.now() + 5 * 86_400_000 + (slot += 1) * 2 * 3_600_000)],
      sessionStatus: 'scheduled',
      payment: {
        cents: 8000,
        paidAt: new Date(Date.now() - 86_400_000),
        provider: opts.provider ?? 'demo',
        currency: opts.currency ?? 'USD',
      },
    });
    const [refund] = await t.app.db
      .insert(refunds)
      .values({
        paymentId: payment!.id,
        amountCents: opts.cents ?? 2000,
        currency: opts.currency ?? 'USD',
        status: opts.status,
        idempotencyKey: `test-refund-${randomUUID()}`,
        reason: 'Session cancelled.',
        createdByUserId: admin.id,
        createdAt: opts.at ?? new Date(),
      })
      .returning();
    return { refund: refund!, payment: payment! };
  }

  const list = (query = '') =>
    t.app.inject({ method: 'GET', url: `/api/admin/payments/refunds/${query}`, headers: admin.headers });
  const retry = (id: string, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/admin/payments/refunds/${id}/retry/`, headers });

  it('lists pending and failed refunds, newest first, with amount, currency, payment, family and since when', async () => {
    const hour = 3_600_000;
    const old = await refundOf('Hana Pending', { status: 'pending', at: new Date(Date.now() - 5 * hour) });
    const failed = await refundOf('Dawit Failed', {
      status: 'failed',
      cents: 3500,
      at: new Date(Date.now() - 2 * hour),
    });
    const birr = await refundOf('Selam Birr', {
      status: 'pending',
      cents: 150000,
      currency: 'ETB',
      provider: 'stripe',
      at: new Date(Date.now() - hour),
    });
    await refundOf('Liya Done', { status: 'succeeded' });

    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results.map((r: { full_name: string }) => r.full_name)).toEqual([
      'Selam Birr',
      'Dawit Failed',
      'Hana Pending',
    ]);
    expect(body.count).toBe(3);
    expect(body.totals).toEqual([
      { currency: 'ETB', refunds: 1, amount_cents: 150000 },
      { currency: 'USD', refunds: 2, amount_cents: 5500 },
    ]);
    expect(body.results[2]).toMatchObject({
      id: old.refund.id,
      status: 'pending',
      amount_cents: 2000,
      currency: 'USD',
      payment_id: old.payment.id,
      payment_status: 'paid',
      payment_amount_cents: 8000,
      provider: 'demo',
      reservation_id: old.payment.reservationId,
      full_name: 'Hana Pending',
      created_by: admin.username,
      reason: 'Session cancelled.',
      // The test server runs the demo checkout: a demo payment's refund can be sent, a Stripe one cannot.
      provider_configured: true,
    });
    expect(Date.parse(body.results[2].created_at)).toBe(old.refund.createdAt.getTime());
    expect(body.results[0]).toMatchObject({ id: birr.refund.id, provider_configured: false });

    expect((await list('?status=failed')).json().results.map((r: { id: string }) => r.id)).toEqual([
      failed.refund.id,
    ]);
    const paged = (await list('?page_size=2&page=2')).json();
    expect(paged).toMatchObject({ count: 3, page: 2, page_size: 2 });
    expect(paged.results).toHaveLength(1);
  });

  it('refuses bad filters and non-admins', async () => {
    expect((await list('?status=succeeded')).statusCode).toBe(400);
    expect((await list('?page=0')).statusCode).toBe(400);
    expect((await list('?page_size=500')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/payments/refunds/' })).statusCode).toBe(401);
    const tutor = await adminAuth(t.app.db, t.config.jwtSecret, 'tutor');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/payments/refunds/', headers: tutor.headers }))
        .statusCode,
    ).toBe(403);
    const pending = await refundOf('Kebede Guard', { status: 'pending' });
    expect((await retry(pending.refund.id, tutor.headers)).statusCode).toBe(403);
    expect((await retry('not-a-uuid')).statusCode).toBe(400);
    expect((await retry(randomUUID())).statusCode).toBe(404);
  });

  it('a retry sends a pending refund: the payment counts it, it leaves the list, the audit trail has it', async () => {
    const { refund, payment } = await refundOf('Meron Retry', { status: 'pending', cents: 2500 });
    const res = await retry(refund.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: refund.id, status: 'succeeded', detail: openRefundMessages.sent });
    const [paid] = await t.app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(paid).toMatchObject({ refundedCents: 2500, status: 'partially_refunded' });
    const [sent] = await t.app.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(sent!.status).toBe('succeeded');
    expect(sent!.providerRefundId).toMatch(/^demo_re_/);
    expect((await list()).json().results.map((r: { id: string }) => r.id)).not.toContain(refund.id);

    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit/?entity_type=payment&entity_id=${payment.id}`,
      headers: admin.headers,
    });
    expect(trail.json()[0]).toMatchObject({
      action: 'refund_retry',
      actor_user_id: admin.id,
      before: { refund_id: refund.id, refund_status: 'pending' },
      after: { refund_id: refund.id, refund_status: 'succeeded', refund_cents: 2500 },
    });

    // Sent already: a second retry is refused and nothing is paid twice.
    const again = await retry(refund.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: openRefundMessages.notPending, code: 'refund_not_pending' });
    const [still] = await t.app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(still!.refundedCents).toBe(2500);
  });

  it('a failed refund is not retried; a refund through a provider this server does not run stays pending (409)', async () => {
    const failed = await refundOf('Tigist Failed', { status: 'failed' });
    expect((await retry(failed.refund.id)).statusCode).toBe(409);
    const stripe = await refundOf('Yonas Stripe', { status: 'pending', provider: 'stripe' });
    const res = await retry(stripe.refund.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      detail: openRefundMessages.providerMissing('stripe'),
      code: 'refund_provider_missing',
      params: { provider: 'stripe' },
    });
    const [row] = await t.app.db.select().from(refunds).where(eq(refunds.id, stripe.refund.id));
    expect(row!.status).toBe('pending');
  });

  it('when the provider does not confirm, the refund stays pending (503), the attempt is audited, and the same key is used next time', async () => {
    const { refund, payment } = await refundOf('Almaz Down', { status: 'pending' });
    const { provider, state } = flakyRefundProvider();
    const deps = {
      db: t.app.db,
      mailer: t.app.mailer,
      log: t.app.log,
      provider,
      publicUrl: t.config.publicUrl,
    };
    const down = await retryRefund(deps, admin.id, refund.id).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(AppError);
    expect(down).toMatchObject({ statusCode: 503, message: openRefundMessages.providerDown });
    expect(down).not.toHaveProperty('code', 'provider_unavailable');
    const [row] = await t.app.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(row!.status).toBe('pending');
    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit/?entity_type=payment&entity_id=${payment.id}`,
      headers: admin.headers,
    });
    expect(trail.json()[0]).toMatchObject({ action: 'refund_retry', after: { refund_status: 'pending' } });

    state.up = true;
    expect(await retryRefund(deps, admin.id, refund.id)).toMatchObject({ status: 'succeeded' });
    expect(state.keys).toEqual([refund.idempotencyKey, refund.idempotencyKey]);
  });
});
