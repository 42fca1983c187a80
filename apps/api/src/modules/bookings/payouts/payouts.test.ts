import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser as createAccount, loginAs, bearer } from '../../accounts/accounts.test-helpers.ts';
import { createTutor } from '../reservations/test-fixtures.repository.ts';
import { postTransaction, tutorBalances } from '../ledger/ledger.repository.ts';
import { startChapaTestApp, type ChapaTestApp } from '../payments/test/chapa-test-app.ts';
import type { Db } from '../../../platform/db/client.ts';
import { payoutsDeps } from './payouts-deps.service.ts';
import { adminPayouts } from './payouts.service.ts';

/** Issue 27 item 4: where a tutor is paid, payout runs in birr, Chapa Transfers, manual runs. */

const DAY = 86_400_000;

/** A tutor with an account (password known) and an available balance posted as earned lessons would be. */
async function tutorWithBalance(app: TestApp['app'], cents: number, currency = 'USD') {
  const account = await createAccount(app, 'tutor');
  const tutor = await createTutor(app.db, { hourlyRateCents: 2000 });
  await app.db.execute(sql`update tutors set user_id = ${account.id} where id = ${tutor.id}`);
  await earn(app.db, tutor.id, cents, currency);
  const headers = bearer((await loginAs(app, account)).access);
  return { id: tutor.id, account, headers };
}

async function earn(
  db: Db,
  tutorId: number,
  cents: number,
  currency = 'USD',
  availableAt = new Date(Date.now() - DAY),
) {
  await postTransaction(db, {
    kind: 'session_earned',
    idempotencyKey: `earn:test-${randomUUID()}`,
    tutorId,
    lines: [
      { account: 'family_prepaid', amountCents: cents, currency },
      { account: 'tutor_payable', amountCents: -cents, currency, tutorId, availableAt },
    ],
  });
}

const method = (over: Record<string, unknown> = {}) => ({
  kind: 'bank',
  bank_code: '946',
  account_name: 'Hanna Tesfaye',
  account_number: '1000123456789',
  current_password: 'secret-pass-1',
  ...over,
});

async function sumOf(db: Db, account: string, tutorId: number) {
  const [row] = await queryRows<{ s: string | null }>(
    db,
    sql`select sum(amount_cents) as s from ledger_entries where account = ${account} and tutor_id = ${tutorId}`,
  );
  return Number(row?.s ?? 0);
}

describe('payout method', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('needs the password and a valid account; is masked, audited and e-mailed', async () => {
    const tutor = await tutorWithBalance(t.app, 1000);
    const empty = await t.app.inject({ url: '/api/tutor/payout-method/', headers: tutor.headers });
    expect(empty.json().method).toBeNull();
    expect(empty.json().banks.some((b: { name: string }) => b.name === 'telebirr')).toBe(true);

    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/tutor/payout-method/',
      headers: tutor.headers,
      payload: method({ current_password: 'nope' }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toEqual(['Your current password is not correct.']);
    const badWallet = await t.app.inject({
      method: 'PUT',
      url: '/api/tutor/payout-method/',
      headers: tutor.headers,
      payload: method({ kind: 'telebirr', account_number: '12345' }),
    });
    expect(badWallet.json().errors.account_number).toEqual([
      'Enter the wallet’s phone number, like 0912345678.',
    ]);

    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/tutor/payout-method/',
      headers: tutor.headers,
      payload: method(),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().method).toMatchObject({
      kind: 'bank',
      bank_name: 'Commercial Bank of Ethiopia',
      account_number_masked: '••••6789',
    });
    expect(JSON.stringify(ok.json())).not.toContain('1000123456789');
    const mail = await queryRows<{ subject: string }>(
      t.app.db,
      sql`select subject from mail_outbox where lower("to") = ${tutor.account.email}`,
    );
    expect(mail.map((m) => m.subject)).toContain('Your payout method was changed');
    const audit = await queryRows(
      t.app.db,
      sql`select 1 from audit_log where action = 'payout_method.update' and entity_id = ${String(tutor.id)}`,
    );
    expect(audit).toHaveLength(1);
  });

  it('e-mails the change in the tutor’s language', async () => {
    const tutor = await tutorWithBalance(t.app, 1000);
    await t.app.db.execute(sql`update users set locale = 'am' where id = ${tutor.account.id}`);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/tutor/payout-method/',
      headers: tutor.headers,
      payload: method({ kind: 'cbebirr', bank_code: '', account_number: '0711223344' }),
    });
    expect(ok.json().method).toMatchObject({
      kind: 'cbebirr',
      bank_name: 'CBE Birr',
      account_number_masked: '••••3344',
    });
    const mail = await queryRows<{ subject: string; text: string }>(
      t.app.db,
      sql`select subject, text from mail_outbox where lower("to") = ${tutor.account.email}`,
    );
    expect(mail).toEqual([expect.objectContaining({ subject: 'የክፍያ መቀበያዎ ተቀይሯል' })]);
    expect(mail[0]!.text).toContain('••••3344');
    expect(mail[0]!.text).not.toContain('0711223344');
  });
});

describe('payout method: the current-password limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is the accounts module’s: after five wrong passwords even the right one waits (429)', async () => {
    const tutor = await tutorWithBalance(t.app, 1000);
    const put = (current_password: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/tutor/payout-method/',
        headers: tutor.headers,
        payload: method({ current_password }),
      });
    for (let i = 0; i < 5; i += 1) expect((await put('wrong-one')).statusCode).toBe(400);
    expect((await put('secret-pass-1')).statusCode).toBe(429);
    expect(await queryRows(t.app.db, sql`select 1 from payout_methods where tutor_id = ${tutor.id}`)).toEqual(
      [],
    );
  });
});

describe('manual payout runs (no Chapa keys)', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer((await loginAs(t.app, await createAccount(t.app, 'admin'))).access);
  });
  afterAll(() => t.close());

  it('pays each available balance above the minimum once, even when two runs start at once', async () => {
    const a = await tutorWithBalance(t.app, 5000);
    const small = await tutorWithBalance(t.app, 100); // $1 at 150 birr = 150 birr: under the 500 birr minimum
    const noMethod = await tutorWithBalance(t.app, 9000);
    for (const x of [a, small])
      await t.app.inject({
        method: 'PUT',
        url: '/api/tutor/payout-method/',
        headers: x.headers,
        payload: method(),
      });
    await earn(t.app.db, a.id, 700, 'USD', new Date(Date.now() + 2 * DAY)); // still pending: not paid

    const noRate = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/',
      headers: admin,
      payload: {},
    });
    expect(noRate.statusCode).toBe(400);
    const [one, two] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/admin/payouts/',
        headers: admin,
        payload: { etb_per_usd: 150 },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/admin/payouts/',
        headers: admin,
        payload: { etb_per_usd: 150 },
      }),
    ]);
    const made = [one, two]
      .filter((r) => r.statusCode === 201)
      .flatMap(
        (r) =>
          r.json().payouts as {
            tutor: { id: number };
            amount_cents: number;
            payout_amount_cents: number;
            status: string;
            fx_rate: string;
          }[],
      );
    const toA = made.filter((p) => p.tutor.id === a.id);
    expect(toA).toHaveLength(1);
    expect(toA[0]).toMatchObject({
      amount_cents: 5000,
      payout_amount_cents: 750_000,
      status: 'pending',
      fx_rate: '150.0000',
    });
    expect(made.some((p) => p.tutor.id === small.id || p.tutor.id === noMethod.id)).toBe(false);
    // The run that finds nothing left to pay answers 409 (never a 500) and leaves no empty run behind.
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    expect(await queryRows(t.app.db, sql`select 1 from payout_runs`)).toHaveLength(1);
    const payoutTransactions = await queryRows(
      t.app.db,
      sql`select 1 from ledger_transactions where kind = 'payout' and tutor_id = ${a.id}`,
    );
    expect(payoutTransactions).toHaveLength(1);
    expect(await tutorBalances(t.app.db, a.id)).toEqual([
      { currency: 'USD', pendingCents: 700, availableCents: 0, inTransitCents: 5000, paidCents: 0 },
    ]);

    const list = (await t.app.inject({ url: '/api/admin/payouts/', headers: admin })).json();
    expect(list.rail).toBe('manual');
    const runId = list.results.find((p: { tutor: { id: number } }) => p.tutor.id === a.id).run_id as string;
    const file = await t.app.inject({
      url: `/api/admin/payouts/runs/${runId}/bank-file.csv`,
      headers: admin,
    });
    expect(file.body).toContain('1000123456789');
    expect(file.body).toContain('7500.00');

    const payoutId = (toA[0] as unknown as { id: string }).id;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${payoutId}/mark-paid/`,
      headers: admin,
      payload: {},
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('paid');
    expect((await tutorBalances(t.app.db, a.id))[0]).toMatchObject({
      inTransitCents: 0,
      paidCents: 5000,
      availableCents: 0,
    });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${payoutId}/mark-paid/`,
      headers: admin,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    const earnings = (await t.app.inject({ url: '/api/tutor/earnings/', headers: a.headers })).json();
    expect(earnings.balances[0]).toMatchObject({ paid_cents: 5000 });
    expect(earnings.entries.find((e: { kind: string }) => e.kind === 'payout')).toMatchObject({
      amount_cents: -5000,
      state: 'paid_out',
    });
  });

  it('a payout marked failed returns its amount to the available balance, and can be sent again', async () => {
    const b = await tutorWithBalance(t.app, 8000);
    await t.app.inject({
      method: 'PUT',
      url: '/api/tutor/payout-method/',
      headers: b.headers,
      payload: method({ kind: 'telebirr', bank_code: '', account_number: '0912345678' }),
    });
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/',
      headers: admin,
      payload: { etb_per_usd: 150 },
    });
    const p = (run.json().payouts as { id: string; tutor: { id: number } }[]).find(
      (x) => x.tutor.id === b.id,
    )!;
    const failed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${p.id}/mark-failed/`,
      headers: admin,
      payload: { reason: 'Wallet closed' },
    });
    expect(failed.json()).toMatchObject({ status: 'failed', failure_reason: 'Wallet closed' });
    expect((await tutorBalances(t.app.db, b.id))[0]).toMatchObject({
      availableCents: 8000,
      inTransitCents: 0,
    });
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${p.id}/retry/`,
      headers: admin,
    });
    expect(retried.json()).toMatchObject({ status: 'pending', attempts: 2 });
    expect((await tutorBalances(t.app.db, b.id))[0]).toMatchObject({
      availableCents: 0,
      inTransitCents: 8000,
    });
    expect(await sumOf(t.app.db, 'tutor_payable', b.id)).toBe(0);
  });
});

describe('the minimum and the rate', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer((await loginAs(t.app, await createAccount(t.app, 'admin'))).access);
  });
  afterAll(() => t.close());

  it('pays birr balances 1:1 without a rate, from the minimum in the earnings settings', async () => {
    await t.app.db.execute(
      sql`insert into site_settings (key, value) values ('earnings_policy', ${JSON.stringify({ payout_minimum_etb: 1000 })}::jsonb)
          on conflict (key) do update set value = excluded.value`,
    );
    const under = await tutorWithBalance(t.app, 99_999, 'ETB');
    const over = await tutorWithBalance(t.app, 100_000, 'ETB');
    for (const x of [under, over])
      await t.app.inject({
        method: 'PUT',
        url: '/api/tutor/payout-method/',
        headers: x.headers,
        payload: method(),
      });
    const list = (await t.app.inject({ url: '/api/admin/payouts/', headers: admin })).json();
    expect(list.minimum_etb_cents).toBe(100_000);
    expect(list.eligible).toHaveLength(2);
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/',
      headers: admin,
      payload: {},
    });
    expect(run.statusCode, run.body).toBe(201);
    expect(run.json().run).toMatchObject({ etb_per_usd: null, minimum_etb_cents: 100_000, count: 1 });
    expect(run.json().payouts).toEqual([
      expect.objectContaining({
        tutor: expect.objectContaining({ id: over.id }),
        currency: 'ETB',
        amount_cents: 100_000,
        payout_amount_cents: 100_000,
        fx_rate: null,
      }),
    ]);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/',
      headers: admin,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    const audit = await queryRows(t.app.db, sql`select 1 from audit_log where action = 'payout_run.create'`);
    expect(audit).toHaveLength(1);
  });
});

describe('the payouts screen at any size (decision 244)', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer((await loginAs(t.app, await createAccount(t.app, 'admin'))).access);
  });
  afterAll(() => t.close());
  const get = async (url: string) => {
    const res = await t.app.inject({ url, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  type Balance = { tutor: { id: number; name: string }; currency: string; available_cents: number };

  it('pages the balances by name, with every currency’s totals; a run still pays them all', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 52; i += 1) {
      const tutor = await createTutor(t.app.db);
      ids.push(tutor.id);
      await earn(t.app.db, tutor.id, 1_000 + i, i % 4 === 0 ? 'ETB' : 'USD');
    }
    // One tutor has a method: the totals say how much of each currency a run could pay.
    await t.app.db.execute(
      sql`insert into payout_methods (tutor_id, kind, bank_code, bank_name, account_name, account_number)
          values (${ids[1]!}, 'bank', '946', 'Commercial Bank of Ethiopia', 'A Tutor', '1000123456789')`,
    );
    await earn(t.app.db, ids[1]!, 50_000, 'USD', new Date(Date.now() + 2 * DAY)); // pending: not counted yet

    const first = await get('/api/admin/payouts/');
    expect(first.eligible_page).toBe(1);
    expect(first.eligible_count).toBe(52);
    expect(first.eligible).toHaveLength(50);
    const second = await get('/api/admin/payouts/?eligible_page=2');
    expect(second.eligible).toHaveLength(2);
    const all = [...first.eligible, ...second.eligible] as Balance[];
    expect(new Set(all.map((b) => b.tutor.id))).toEqual(new Set(ids));
    const byName = [...all].sort(
      (a, b) => a.tutor.name.localeCompare(b.tutor.name) || a.tutor.id - b.tutor.id,
    );
    expect(all.map((b) => b.tutor.id)).toEqual(byName.map((b) => b.tutor.id));
    const etb = (n: number) => (n % 4 === 0 ? 1_000 + n : 0);
    const usd = (n: number) => (n % 4 === 0 ? 0 : 1_000 + n);
    const sum = (f: (n: number) => number) => ids.reduce((acc, _, n) => acc + f(n), 0);
    expect(first.eligible_totals).toEqual([
      { currency: 'ETB', count: 13, available_cents: sum(etb), with_method_count: 0, with_method_cents: 0 },
      {
        currency: 'USD',
        count: 39,
        available_cents: sum(usd),
        with_method_count: 1,
        with_method_cents: 1_001,
      },
    ]);
    // A page past the end: nothing, with the same totals.
    const past = await get('/api/admin/payouts/?eligible_page=3');
    expect(past).toMatchObject({ eligible: [], eligible_count: 52, eligible_page: 3 });
    expect(
      (await t.app.inject({ url: '/api/admin/payouts/?eligible_page=0', headers: admin })).statusCode,
    ).toBe(400);

    // A write changes the totals at once (they are kept per database snapshot).
    await earn(t.app.db, ids[1]!, 2_000, 'USD');
    expect((await get('/api/admin/payouts/')).eligible_totals[1]).toMatchObject({
      count: 39,
      with_method_cents: 3_001,
    });
    // So does the clock: once the pending earning is available, it counts (the same data, a later time).
    const later = await adminPayouts(payoutsDeps(t.app), {}, new Date(Date.now() + 3 * DAY));
    expect(later.eligible_totals[1]).toMatchObject({ with_method_cents: 53_001 });
    expect((await get('/api/admin/payouts/')).eligible_totals[1]).toMatchObject({ with_method_cents: 3_001 });

    // The preview and the run cover every balance, not a page: here the one tutor with a method.
    const noRate = await get('/api/admin/payouts/preview/');
    expect(noRate).toMatchObject({ needs_rate: true, count: 0, total_etb_cents: 0, payouts: [] });
    const preview = await get('/api/admin/payouts/preview/?etb_per_usd=150');
    expect(preview).toMatchObject({
      needs_rate: false,
      count: 1,
      total_etb_cents: 450_150,
      payouts: [{ tutor: { id: ids[1] }, currency: 'USD', available_cents: 3_001, etb_cents: 450_150 }],
    });
    for (const bad of ['abc', '-1', '1.23456'])
      expect(
        (await t.app.inject({ url: `/api/admin/payouts/preview/?etb_per_usd=${bad}`, headers: admin }))
          .statusCode,
      ).toBe(400);
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/',
      headers: admin,
      payload: { etb_per_usd: 150 },
    });
    expect(run.statusCode, run.body).toBe(201);
    expect(run.json().run).toMatchObject({ count: 1, total_etb_cents: 450_150 });
    expect((await get('/api/admin/payouts/')).eligible_totals[1]).toMatchObject({
      count: 38,
      with_method_count: 0,
      with_method_cents: 0,
    });
  });
});

describe('Chapa Transfers', () => {
  let c: ChapaTestApp;
  let admin: { authorization: string };
  const keys = { secretKey: 'CHASECK_TEST-payouts', webhookSecret: 'payout-webhook-secret' };
  beforeAll(async () => {
    c = await startChapaTestApp(keys);
    admin = c.admin;
  });
  afterAll(() => c.close());

  const webhook = (body: string, signature: string) =>
    c.t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/chapa/',
      headers: { 'content-type': 'application/json', 'x-chapa-signature': signature },
      payload: body,
    });

  it('sends the transfer after the commit, confirms it by verify on the signed webhook, once', async () => {
    const a = await tutorWithBalance(c.t.app, 3000);
    await c.t.app.inject({
      method: 'PUT',
      url: '/api/tutor/payout-method/',
      headers: a.headers,
      payload: method(),
    });
    c.fake.transferOutcome = 'success';
    // What Chapa's side sees when the transfer arrives: the payout and its ledger transaction already committed
    // (PGlite would block this read while the run's transaction were open; PostgreSQL would not see the row).
    let seen: unknown = null;
    c.fake.beforeTransfer = async (sent) => {
      const look = queryRows(
        c.t.app.db,
        sql`select p.status, (select count(*)::int from ledger_transactions x
                                where x.payout_id = p.id and x.kind = 'payout') as posted
              from payouts p where p.provider_reference = ${String(sent.reference)}`,
      );
      seen = await Promise.race([look, new Promise((r) => setTimeout(() => r('blocked'), 3000))]);
    };
    const run = await c.t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/',
      headers: admin,
      payload: { etb_per_usd: 155.5 },
    });
    c.fake.beforeTransfer = null;
    expect(run.statusCode, run.body).toBe(201);
    expect(seen).toEqual([{ status: 'pending', posted: 1 }]);
    const p = (
      run.json().payouts as {
        id: string;
        tutor: { id: number };
        status: string;
        payout_amount_cents: number;
      }[]
    ).find((x) => x.tutor.id === a.id)!;
    expect(p).toMatchObject({ status: 'processing', payout_amount_cents: 466_500 });
    const sent = c.fake.requests.find((r) => r.path === '/v1/transfers')!;
    expect(sent.body).toMatchObject({
      amount: '4665.00',
      currency: 'ETB',
      account_number: '1000123456789',
      bank_code: '946',
    });
    const reference = String(sent.body.reference);

    const body = JSON.stringify({ event: 'payout.success', reference, status: 'success' });
    expect((await webhook(body, 'f'.repeat(64))).statusCode).toBe(400);
    expect((await webhook(body, c.fake.sign(body))).statusCode).toBe(200);
    expect((await webhook(body, c.fake.sign(body))).statusCode).toBe(200);
    expect((await tutorBalances(c.t.app.db, a.id))[0]).toMatchObject({
      paidCents: 3000,
      inTransitCents: 0,
      availableCents: 0,
    });
    const paid = await queryRows(
      c.t.app.db,
      sql`select 1 from ledger_transactions where kind = 'payout_paid' and tutor_id = ${a.id}`,
    );
    expect(paid).toHaveLength(1);
  });

  it('a transfer Chapa refuses fails at once; retried with a new reference it goes through', async () => {
    const b = await tutorWithBalance(c.t.app, 4000);
    await c.t.app.inject({
      method: 'PUT',
      url: '/api/tutor/payout-method/',
      headers: b.headers,
      payload: method({ account_number: '2000999888777' }),
    });
    c.fake.refuseAccounts.add('2000999888777');
    const run = await c.t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/',
      headers: admin,
      payload: { etb_per_usd: 150 },
    });
    const p = (
      run.json().payouts as { id: string; tutor: { id: number }; status: string; failure_reason: string }[]
    ).find((x) => x.tutor.id === b.id)!;
    expect(p.status).toBe('failed');
    expect(p.failure_reason).toContain('not valid');
    expect((await tutorBalances(c.t.app.db, b.id))[0]).toMatchObject({
      availableCents: 4000,
      inTransitCents: 0,
    });

    c.fake.refuseAccounts.delete('2000999888777');
    c.fake.transferOutcome = 'pending';
    const retried = await c.t.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${p.id}/retry/`,
      headers: admin,
    });
    expect(retried.json()).toMatchObject({ status: 'processing', attempts: 2 });
    const refs = c.fake.requests
      .filter((r) => r.path === '/v1/transfers' && r.body.account_number === '2000999888777')
      .map((r) => r.body.reference);
    expect(new Set(refs).size).toBe(2);
    // Chapa settles it as failed later: the webhook's cue, verify's answer.
    const reference = String(refs[1]);
    c.fake.transfers.get(reference)!.status = 'failed';
    const body = JSON.stringify({ event: 'payout.failed', reference });
    expect((await webhook(body, c.fake.sign(body))).statusCode).toBe(200);
    expect((await tutorBalances(c.t.app.db, b.id))[0]).toMatchObject({
      availableCents: 4000,
      inTransitCents: 0,
    });
    const mails = await queryRows<{ subject: string }>(
      c.t.app.db,
      sql`select subject from mail_outbox where lower("to") = ${b.account.email}`,
    );
    expect(mails.filter((m) => m.subject === 'Your payout did not go through')).toHaveLength(2);
    expect(await sumOf(c.t.app.db, 'payouts_in_transit', b.id)).toBe(0);
  });
  it('a webhook whose verify fails answers 503 and counts when Chapa sends it again; a lost one is polled', async () => {
    const d = await tutorWithBalance(c.t.app, 2000);
    const e = await tutorWithBalance(c.t.app, 2500);
    for (const [x, number] of [
      [d, '3000111222333'],
      [e, '3000444555666'],
    ] as const)
      await c.t.app.inject({
        method: 'PUT',
        url: '/api/tutor/payout-method/',
        headers: x.headers,
        payload: method({ account_number: number }),
      });
    c.fake.transferOutcome = 'pending';
    const run = await c.t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/',
      headers: admin,
      payload: { etb_per_usd: 150 },
    });
    expect(run.statusCode, run.body).toBe(201);
    const refOf = (number: string) =>
      String(
        c.fake.requests.find((r) => r.path === '/v1/transfers' && r.body.account_number === number)!.body
          .reference,
      );
    const dRef = refOf('3000111222333');
    const eRef = refOf('3000444555666');
    c.fake.transfers.get(dRef)!.status = 'success';
    c.fake.transfers.get(eRef)!.status = 'success';

    const body = JSON.stringify({ event: 'payout.success', reference: dRef });
    c.fake.outage = 1;
    expect((await webhook(body, c.fake.sign(body))).statusCode).toBe(503);
    expect((await tutorBalances(c.t.app.db, d.id))[0]).toMatchObject({ inTransitCents: 2000, paidCents: 0 });
    expect((await webhook(body, c.fake.sign(body))).statusCode).toBe(200);
    expect((await tutorBalances(c.t.app.db, d.id))[0]).toMatchObject({ inTransitCents: 0, paidCents: 2000 });

    // No webhook for e: the admin's list asks verify once the payout has waited more than a few minutes.
    const fresh = (await c.t.app.inject({ url: '/api/admin/payouts/', headers: admin })).json();
    expect(fresh.results.find((p: { tutor: { id: number } }) => p.tutor.id === e.id).status).toBe(
      'processing',
    );
    await c.t.app.db.execute(
      sql`update payouts set updated_at = now() - interval '10 minutes' where provider_reference = ${eRef}`,
    );
    const later = (await c.t.app.inject({ url: '/api/admin/payouts/', headers: admin })).json();
    expect(later.results.find((p: { tutor: { id: number } }) => p.tutor.id === e.id).status).toBe('paid');
    const paid = await queryRows(
      c.t.app.db,
      sql`select 1 from ledger_transactions where kind = 'payout_paid' and tutor_id in (${d.id}, ${e.id})`,
    );
    expect(paid).toHaveLength(2);
  });

  it('a Chapa payout committed but never sent (the process stopped) is sent by the next look', async () => {
    const f = await tutorWithBalance(c.t.app, 1800);
    await c.t.app.inject({
      method: 'PUT',
      url: '/api/tutor/payout-method/',
      headers: f.headers,
      payload: method({ account_number: '4000123123123' }),
    });
    c.fake.transferOutcome = 'pending';
    c.fake.outage = 1; // the transfer call fails: we make it look as if it never happened
    const run = await c.t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/',
      headers: admin,
      payload: { etb_per_usd: 150 },
    });
    const p = (run.json().payouts as { id: string; tutor: { id: number } }[]).find(
      (x) => x.tutor.id === f.id,
    )!;
    await c.t.app.db.execute(
      sql`update payouts set status = 'pending', updated_at = now() - interval '10 minutes' where id = ${p.id}`,
    );
    const sentBefore = c.fake.requests.filter((r) => r.path === '/v1/transfers').length;
    const list = (await c.t.app.inject({ url: '/api/admin/payouts/', headers: admin })).json();
    expect(list.results.find((x: { id: string }) => x.id === p.id).status).toBe('processing');
    const sent = c.fake.requests.filter((r) => r.path === '/v1/transfers');
    expect(sent).toHaveLength(sentBefore + 1);
    expect(sent.at(-1)!.body).toMatchObject({ account_number: '4000123123123', amount: '2700.00' });
    expect((await tutorBalances(c.t.app.db, f.id))[0]).toMatchObject({
      inTransitCents: 1800,
      availableCents: 0,
    });
  });
});
