import { csvCell } from '@tibeb/domain/reports/csv';
import {
  builtInBanks,
  ELIGIBLE_PAGE_SIZE,
  maskAccount,
  PAYOUT_PREVIEW_MAX,
  PAYOUTS_PAGE_SIZE,
  payoutMessages as m,
  toBirrCents,
  type AdminPayouts,
  type Payout,
  type PayoutMethodBody,
  type PayoutMethodResponse,
  type PayoutRunBody,
  type PayoutRunPreview,
} from '@tibeb/domain/ledger/payouts';
import type { PayoutStatus } from '@tibeb/domain/ledger/accounts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../platform/config.ts';
import type { Db, DbOrTx } from '../../../platform/db/client.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/app-error.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import { checkCurrentPassword, type CurrentPasswordThrottle } from '../../accounts/index.ts';
import { recordAudit } from '../../audit/index.ts';
import { snapshotCached } from '../../reporting/index.ts';
import { lockTutorPayouts, postTransaction, tutorBalances } from '../ledger/ledger.repository.ts';
import { earningsPolicy } from '../ledger/postings.service.ts';
import type { ChapaTransfers } from './chapa-transfers.provider.ts';
import { methodChangedEmail, payoutFailedEmail, payoutPaidEmail } from './payouts.emails.ts';
import * as repo from './payouts.repository.ts';
import { ledgerMemos } from '@tibeb/domain/ledger/memos';

/**
 * Payouts in birr (DESIGN §1.15, decisions 229–231). The bookkeeping (the payout row and its `payout` ledger
 * transaction) is written under the tutor's payout lock; Chapa is called after the commit with the payout's
 * reference as the idempotency key, and Chapa's verify decides the outcome.
 */
export type PayoutsDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Chapa Transfers when CHAPA_SECRET_KEY is set; null: manual runs. */
  transfers: ChapaTransfers | null;
  /** The accounts module's per-account limit on current-password checks. */
  currentPassword: CurrentPasswordThrottle;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const referenceOf = (id: string, attempt: number) => `tbp-${id.replaceAll('-', '')}-${attempt}`;

// ---- The tutor's payout method ----

let chapaBanks: { at: number; banks: PayoutMethodResponse['banks'] } | null = null;
async function banksOf(deps: PayoutsDeps): Promise<PayoutMethodResponse['banks']> {
  if (!deps.transfers) return builtInBanks;
  if (chapaBanks && Date.now() - chapaBanks.at < 3_600_000) return chapaBanks.banks;
  try {
    const found = await deps.transfers.banks();
    const banks = found.map((b) => ({
      code: b.code,
      name: b.name,
      kind: /telebirr/i.test(b.name)
        ? ('telebirr' as const)
        : /cbe ?birr/i.test(b.name)
          ? ('cbebirr' as const)
          : ('bank' as const),
    }));
    chapaBanks = { at: Date.now(), banks: banks.length ? banks : builtInBanks };
  } catch (err) {
    deps.log.warn({ err }, 'Chapa bank list unavailable; the built-in list is shown');
    return builtInBanks;
  }
  return chapaBanks.banks;
}

async function ownTutor(db: DbOrTx, userId: string) {
  const tutor = await repo.tutorOfUser(db, userId);
  if (!tutor) throw notFound('You have no tutor profile yet.');
  return tutor;
}

export async function getPayoutMethod(deps: PayoutsDeps, userId: string): Promise<PayoutMethodResponse> {
  const tutor = await ownTutor(deps.db, userId);
  const method = await repo.methodOf(deps.db, tutor.id);
  return {
    method: method
      ? {
          kind: method.kind,
          bank_code: method.bankCode,
          bank_name: method.bankName,
          account_name: method.accountName,
          account_number_masked: maskAccount(method.accountNumber),
          updated_at: method.updatedAt.toISOString(),
        }
      : null,
    banks: await banksOf(deps),
  };
}

/** Changing where a tutor is paid needs the password, is audited and e-mailed to the tutor. */
export async function setPayoutMethod(
  deps: PayoutsDeps,
  userId: string,
  body: PayoutMethodBody,
): Promise<PayoutMethodResponse> {
  const tutor = await ownTutor(deps.db, userId);
  await checkCurrentPassword(deps.db, deps.currentPassword, userId, body.current_password);
  const banks = await banksOf(deps);
  const bank = banks.find(
    (b) => b.code === body.bank_code && (body.kind === 'bank' ? b.kind === 'bank' : true),
  );
  const wallet = banks.find((b) => b.kind === body.kind);
  const chosen = body.kind === 'bank' ? bank : wallet;
  if (!chosen) throw badRequest(m.bankRequired, { bank_code: [m.bankRequired] });
  const accountNumber = body.account_number.replace(/[\s-]/g, '');
  await deps.db.transaction(async (tx) => {
    const before = await repo.methodOf(tx, tutor.id);
    await repo.upsertMethod(tx, {
      tutorId: tutor.id,
      kind: body.kind,
      bankCode: chosen.code,
      bankName: chosen.name,
      accountName: body.account_name,
      accountNumber,
      updatedByUserId: userId,
    });
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'payout_method.update',
      entityType: 'tutor',
      entityId: String(tutor.id),
      before: before
        ? { kind: before.kind, bank: before.bankName, account: maskAccount(before.accountNumber) }
        : null,
      after: { kind: body.kind, bank: chosen.name, account: maskAccount(accountNumber) },
    });
    await deps.mailer.send(
      methodChangedEmail(
        { email: tutor.email, name: tutor.fullName, locale: tutor.locale },
        maskAccount(accountNumber),
        deps.config.publicUrl,
      ),
      { tx },
    );
  });
  return getPayoutMethod(deps, userId);
}

// ---- Admin: runs and payouts ----

function payoutOut(p: repo.PayoutRow, tutorName: string): Payout {
  const method = p.method;
  return {
    id: p.id,
    run_id: p.runId,
    tutor: { id: p.tutorId, name: tutorName },
    currency: p.currency,
    amount_cents: p.amountCents,
    payout_currency: p.payoutCurrency,
    payout_amount_cents: p.payoutAmountCents,
    fx_rate: p.fxRate,
    status: p.status,
    rail: p.rail,
    method: {
      kind: method.kind ?? '',
      bank_name: method.bankName ?? '',
      account_name: method.accountName ?? '',
      account_number_masked: maskAccount(method.accountNumber ?? ''),
    },
    failure_reason: p.failureReason,
    attempts: p.attempts,
    created_at: p.createdAt.toISOString(),
    paid_at: iso(p.paidAt),
  };
}

const balanceOut = (b: repo.BalanceRow): AdminPayouts['eligible'][number] => ({
  tutor: { id: Number(b.tutor_id), name: b.full_name },
  currency: b.currency,
  available_cents: Number(b.available),
  has_method: b.has_method,
});

/** Every available balance (a run's candidates): one grouped read of the payable entries. */
async function eligible(deps: PayoutsDeps, now: Date): Promise<AdminPayouts['eligible']> {
  return (await repo.availableBalances(deps.db, now)).map(balanceOut);
}

/**
 * The available balances' totals per currency (decision 244): they add up every tutor's payable entries, so they
 * are kept while the database shows the same data and no dated entry has become available since (the key holds
 * the latest one that has): exactly what a new computation would give.
 */
async function eligibleTotals(deps: PayoutsDeps, now: Date): Promise<AdminPayouts['eligible_totals']> {
  // Without a dated entry available yet, the balances are the undated entries alone: as at the epoch.
  const since = (await repo.availableSince(deps.db, now)) ?? new Date(0).toISOString();
  const rows = await snapshotCached(deps.db, `payouts:totals:${since}`, () =>
    repo.availableTotals(deps.db, since),
  );
  return rows.map((r) => ({
    currency: r.currency,
    count: r.count,
    available_cents: Number(r.available),
    with_method_count: r.with_method_count,
    with_method_cents: Number(r.with_method),
  }));
}

const runOut = (r: Awaited<ReturnType<typeof repo.listRuns>>[number]) => ({
  id: r.id,
  rail: r.rail,
  etb_per_usd: r.etb_per_usd,
  minimum_etb_cents: r.minimum_etb_cents,
  created_at: new Date(r.created_at).toISOString(),
  created_by: r.created_by,
  count: r.count,
  total_etb_cents: Number(r.total ?? 0),
});

/**
 * The payouts screen: the rail, one page of the available balances with every currency's totals (decision 244),
 * the latest runs and a page of payouts.
 */
export async function adminPayouts(
  deps: PayoutsDeps,
  query: { status?: PayoutStatus; page?: number; eligible_page?: number },
  now = new Date(),
): Promise<AdminPayouts> {
  const page = query.page ?? 1;
  const eligiblePage = query.eligible_page ?? 1;
  await pollStaleTransfers(deps, now);
  const { total, rows } = await repo.listPayouts(deps.db, {
    status: query.status,
    limit: PAYOUTS_PAGE_SIZE,
    offset: (page - 1) * PAYOUTS_PAGE_SIZE,
  });
  const policy = await earningsPolicy(deps.db);
  const totals = await eligibleTotals(deps, now);
  const eligibleCount = totals.reduce((n, c) => n + c.count, 0);
  const offset = (eligiblePage - 1) * ELIGIBLE_PAGE_SIZE;
  // A page past the end is answered from the totals alone.
  const balances =
    offset >= eligibleCount ? [] : await repo.availableBalancesPage(deps.db, now, ELIGIBLE_PAGE_SIZE, offset);
  return {
    rail: deps.transfers ? 'chapa' : 'manual',
    minimum_etb_cents: policy.payout_minimum_etb * 100,
    eligible: balances.map(balanceOut),
    eligible_page: eligiblePage,
    eligible_count: eligibleCount,
    eligible_totals: totals,
    runs: (await repo.listRuns(deps.db)).map(runOut),
    count: total,
    results: rows.map((r) => payoutOut(r.payout, r.tutorName)),
  };
}

/**
 * What a run at `rate` pays (decisions 230, 244): each available balance of a tutor with a payout method whose
 * birr is at least the minimum; a dollar balance without a rate is not payable (`needsRate`).
 */
async function runPlan(deps: PayoutsDeps, rate: number | null, now: Date) {
  const policy = await earningsPolicy(deps.db);
  const minimum = policy.payout_minimum_etb * 100;
  const candidates = (await eligible(deps, now)).filter((e) => e.has_method);
  const payable = candidates
    .map((c) => ({ ...c, etb_cents: toBirrCents(c.available_cents, c.currency, rate) ?? 0 }))
    .filter((c) => c.etb_cents >= Math.max(minimum, 1));
  const needsRate = rate === null && candidates.some((c) => c.currency === 'USD');
  return { minimum, payable, needsRate };
}

/** A run's preview at this rate (the confirmation dialog): who, how many and how much, paying nothing. */
export async function previewRun(
  deps: PayoutsDeps,
  rate: number | null,
  now = new Date(),
): Promise<PayoutRunPreview> {
  const { payable, needsRate } = await runPlan(deps, rate, now);
  return {
    needs_rate: needsRate,
    count: payable.length,
    total_etb_cents: payable.reduce((sum, p) => sum + p.etb_cents, 0),
    payouts: payable.slice(0, PAYOUT_PREVIEW_MAX).map(({ has_method: _, ...p }) => p),
  };
}

/** Moves a payout's amount into transit: the `payout` transaction of one attempt. */
async function postPayoutSent(
  tx: DbOrTx,
  p: { id: string; tutorId: number; currency: string; amountCents: number },
  attempt: number,
  now: Date,
) {
  await postTransaction(tx, {
    kind: 'payout',
    idempotencyKey: `payout:${p.id}:${attempt}`,
    tutorId: p.tutorId,
    payoutId: p.id,
    memo: ledgerMemos.payout,
    occurredAt: now,
    lines: [
      { account: 'tutor_payable', amountCents: p.amountCents, currency: p.currency, tutorId: p.tutorId },
      {
        account: 'payouts_in_transit',
        amountCents: -p.amountCents,
        currency: p.currency,
        tutorId: p.tutorId,
      },
    ],
  });
}

/**
 * A payout run (decisions 230, 231): for each tutor with a payout method, under that tutor's lock, each
 * currency's available balance at least the minimum in birr becomes one payout (at most one in flight per tutor
 * and currency: the database's unique index), converted at the run's rate. Chapa is called after the commits.
 */
export async function createRun(
  deps: PayoutsDeps,
  adminUserId: string,
  body: PayoutRunBody,
  now = new Date(),
) {
  const rate = body.etb_per_usd ?? null;
  const { minimum, payable, needsRate } = await runPlan(deps, rate, now);
  if (needsRate) throw badRequest(m.rateRequired, { etb_per_usd: [m.rateRequired] });
  if (payable.length === 0) throw conflict(m.nothingToPay);
  const rail = deps.transfers ? ('chapa' as const) : ('manual' as const);
  // The run is written with its first payout (in the same savepoint): a run that finds nothing left to pay
  // (another run took every balance first) leaves no row behind and answers 409.
  let run: repo.RunRow | null = null;
  const startRun = async (tx: DbOrTx) => {
    const created = await repo.insertRun(tx, {
      rail,
      etbPerUsd: rate === null ? null : rate.toFixed(4),
      minimumEtbCents: minimum,
      createdByUserId: adminUserId,
      note: body.note ?? '',
    });
    await recordAudit(tx, {
      actorUserId: adminUserId,
      action: 'payout_run.create',
      entityType: 'payout_run',
      entityId: created.id,
      before: null,
      after: { rail, etb_per_usd: created.etbPerUsd, minimum_etb_cents: minimum, note: body.note ?? '' },
    });
    return created;
  };
  const made: repo.PayoutRow[] = [];
  for (const tutorId of [...new Set(payable.map((c) => c.tutor.id))]) {
    const rows = await deps.db.transaction(async (tx) => {
      const here: { run: repo.RunRow | null } = { run: null };
      await lockTutorPayouts(tx, tutorId);
      const method = await repo.methodOf(tx, tutorId);
      if (!method) return { out: [], runHere: null };
      const out: repo.PayoutRow[] = [];
      for (const b of await tutorBalances(tx, tutorId, now)) {
        const birr = toBirrCents(b.availableCents, b.currency, rate);
        if (b.availableCents <= 0 || birr === null || birr < Math.max(minimum, 1)) continue;
        let payout: repo.PayoutRow;
        try {
          // A payout of this tutor and currency still in flight (another run) makes the insert fail: skipped.
          payout = await tx.transaction(async (sp) => {
            const current = run ?? here.run ?? (await startRun(sp));
            const inserted = await repo.insertPayout(sp, {
              runId: current.id,
              tutorId,
              currency: b.currency,
              amountCents: b.availableCents,
              payoutAmountCents: birr,
              fxRate: b.currency === 'USD' && rate !== null ? rate.toFixed(4) : null,
              rail,
              method: {
                kind: method.kind,
                bankCode: method.bankCode,
                bankName: method.bankName,
                accountName: method.accountName,
                accountNumber: method.accountNumber,
              },
              attempts: 1,
            });
            here.run = current;
            return inserted;
          });
        } catch (err) {
          if (isUniqueViolation(err)) continue;
          throw err;
        }
        await repo.updatePayout(tx, payout.id, { providerReference: referenceOf(payout.id, 1) });
        await postPayoutSent(tx, payout, 1, now);
        out.push({ ...payout, providerReference: referenceOf(payout.id, 1) });
      }
      return { out, runHere: here.run };
    });
    run ??= rows.runHere;
    made.push(...rows.out);
  }
  if (!run) throw conflict(m.nothingToPay);
  const runId = run.id;
  if (rail === 'chapa') for (const p of made) await sendTransfer(deps, p.id, now);
  const names = new Map(payable.map((c) => [c.tutor.id, c.tutor.name]));
  const fresh = await Promise.all(made.map((p) => repo.findPayout(deps.db, p.id)));
  const runs = await repo.listRuns(deps.db);
  return {
    run: runOut(runs.find((x) => x.id === runId)!),
    payouts: fresh
      .filter((p): p is repo.PayoutRow => !!p)
      .map((p) => payoutOut(p, names.get(p.tutorId) ?? '')),
  };
}

/** Sends one payout to Chapa (outside any transaction); a refusal fails it, an outage leaves it for verify. */
async function sendTransfer(deps: PayoutsDeps, payoutId: string, now: Date) {
  const p = await repo.findPayout(deps.db, payoutId);
  if (!p || p.status !== 'pending' || !p.providerReference || !deps.transfers) return;
  try {
    const answer = await deps.transfers.transfer({
      reference: p.providerReference,
      accountName: p.method.accountName ?? '',
      accountNumber: p.method.accountNumber ?? '',
      bankCode: p.method.bankCode ?? '',
      amountCents: p.payoutAmountCents,
    });
    if (answer.accepted)
      await repo.updatePayout(deps.db, p.id, { status: 'processing', providerTransferId: answer.transferId });
    else await failPayout(deps, p.id, answer.message || 'Chapa refused the transfer.', now);
  } catch (err) {
    // Chapa may or may not have it: processing, and verify (the webhook, or the admin's check) decides.
    deps.log.error({ err, payoutId: p.id }, 'payout transfer not confirmed; verify will decide');
    await repo.updatePayout(deps.db, p.id, {
      status: 'processing',
      failureReason: 'Chapa did not answer; waiting for its confirmation.',
    });
  }
}

async function tellTutor(deps: PayoutsDeps, tx: DbOrTx, p: repo.PayoutRow, paid: boolean, reason = '') {
  const to = await repo.tutorContact(tx, p.tutorId);
  if (!to?.email) return;
  const who = { email: to.email, name: to.fullName, locale: to.locale ?? 'en' };
  await deps.mailer.send(
    paid
      ? payoutPaidEmail(who, p.payoutAmountCents, deps.config.publicUrl)
      : payoutFailedEmail(who, p.payoutAmountCents, reason, deps.config.publicUrl),
    { tx },
  );
}

/** A payout confirmed: in transit → paid (once). */
async function markPaidNow(deps: PayoutsDeps, id: string, now: Date, actorUserId: string | null) {
  await deps.db.transaction(async (tx) => {
    const p = await repo.lockPayout(tx, id);
    if (!p || (p.status !== 'pending' && p.status !== 'processing')) return;
    await repo.updatePayout(tx, id, { status: 'paid', paidAt: now, failureReason: '' });
    await postTransaction(tx, {
      kind: 'payout_paid',
      idempotencyKey: `payout-paid:${id}:${p.attempts}`,
      tutorId: p.tutorId,
      payoutId: id,
      memo: ledgerMemos.payoutConfirmed,
      createdByUserId: actorUserId,
      occurredAt: now,
      lines: [
        {
          account: 'payouts_in_transit',
          amountCents: p.amountCents,
          currency: p.currency,
          tutorId: p.tutorId,
        },
        { account: 'payouts_paid', amountCents: -p.amountCents, currency: p.currency },
      ],
    });
    if (actorUserId)
      await recordAudit(tx, {
        actorUserId,
        action: 'payout.mark_paid',
        entityType: 'payout',
        entityId: id,
        before: { status: p.status },
        after: { status: 'paid' },
      });
    await tellTutor(deps, tx, p, true);
  });
}

/** A payout failed: its amount goes back to the tutor's available balance (once per attempt). */
async function failPayout(
  deps: PayoutsDeps,
  id: string,
  reason: string,
  now: Date,
  actorUserId: string | null = null,
) {
  await deps.db.transaction(async (tx) => {
    const p = await repo.lockPayout(tx, id);
    if (!p || (p.status !== 'pending' && p.status !== 'processing')) return;
    await repo.updatePayout(tx, id, { status: 'failed', failedAt: now, failureReason: reason.slice(0, 300) });
    await postTransaction(tx, {
      kind: 'payout_failed',
      idempotencyKey: `payout-failed:${id}:${p.attempts}`,
      tutorId: p.tutorId,
      payoutId: id,
      memo: reason.slice(0, 300),
      createdByUserId: actorUserId,
      occurredAt: now,
      lines: [
        {
          account: 'payouts_in_transit',
          amountCents: p.amountCents,
          currency: p.currency,
          tutorId: p.tutorId,
        },
        { account: 'tutor_payable', amountCents: -p.amountCents, currency: p.currency, tutorId: p.tutorId },
      ],
    });
    if (actorUserId)
      await recordAudit(tx, {
        actorUserId,
        action: 'payout.mark_failed',
        entityType: 'payout',
        entityId: id,
        before: { status: p.status },
        after: { status: 'failed', reason },
      });
    await tellTutor(deps, tx, p, false, reason);
  });
}

/** Asks Chapa's verify about a payout and applies the answer. */
export async function reconcilePayout(deps: PayoutsDeps, reference: string, now = new Date()) {
  const p = await repo.findPayoutByReference(deps.db, reference);
  if (!p || !deps.transfers) return;
  const state = await deps.transfers.verify(reference);
  if (!state) {
    if (p.status === 'processing') await failPayout(deps, p.id, 'Chapa has no record of this transfer.', now);
    return;
  }
  if (state.state === 'success') await markPaidNow(deps, p.id, now, null);
  else if (state.state === 'failed')
    await failPayout(deps, p.id, state.message || 'The bank or wallet refused the transfer.', now);
}

/**
 * Chapa's payout.success / payout.failed webhook (signature already checked): verify decides, each event once.
 * The event is recorded after its outcome is applied, so a verify that failed (503: Chapa sends it again) is not
 * lost; applying an outcome twice is harmless (the payout's lock, its status and the ledger's idempotency keys).
 */
export async function handlePayoutEvent(
  deps: PayoutsDeps,
  event: string,
  reference: string,
  now = new Date(),
) {
  const eventId = `payout:${event}:${reference}`;
  if (await repo.eventSeen(deps.db, eventId)) return;
  await reconcilePayout(deps, reference, now);
  await repo.recordEvent(deps.db, eventId, `chapa.${event}`);
}

/** How long a sent payout waits for its webhook before the admin's list asks Chapa's verify itself. */
export const VERIFY_AFTER_MS = 5 * 60_000;

/**
 * Payouts stuck after a few minutes: a Chapa payout committed but never sent (the process stopped before the
 * call) is sent now with its own reference; one still processing (a lost webhook, or Chapa did not answer) is
 * asked about with verify.
 */
export async function pollStaleTransfers(deps: PayoutsDeps, now = new Date(), limit = 10) {
  if (!deps.transfers) return;
  const before = new Date(now.getTime() - VERIFY_AFTER_MS);
  for (const p of await repo.unsentChapa(deps.db, before, limit)) {
    try {
      await sendTransfer(deps, p.id, now);
    } catch (err) {
      deps.log.warn({ err, payoutId: p.id }, 'payout not sent; tried again on the next look');
    }
  }
  for (const p of await repo.staleProcessing(deps.db, before, limit)) {
    if (!p.providerReference) continue;
    try {
      await reconcilePayout(deps, p.providerReference, now);
    } catch (err) {
      deps.log.warn({ err, payoutId: p.id }, 'payout verify failed; asked again on the next look');
    }
  }
}

/** An admin sends a failed payout again (a new reference), if the balance still covers it. */
export async function retryPayout(
  deps: PayoutsDeps,
  adminUserId: string,
  id: string,
  now = new Date(),
): Promise<Payout> {
  const found = await repo.findPayout(deps.db, id);
  if (!found) throw notFound(m.notFound);
  try {
    await deps.db.transaction(async (tx) => {
      await lockTutorPayouts(tx, found.tutorId);
      const p = await repo.lockPayout(tx, id);
      if (!p || p.status !== 'failed') throw conflict(m.notRetryable);
      const balance = (await tutorBalances(tx, p.tutorId, now)).find((b) => b.currency === p.currency);
      if (!balance || balance.availableCents < p.amountCents) throw conflict(m.balanceChanged);
      const attempt = p.attempts + 1;
      await repo.updatePayout(tx, id, {
        status: 'pending',
        attempts: attempt,
        providerReference: referenceOf(id, attempt),
        failureReason: '',
        failedAt: null,
      });
      await postPayoutSent(tx, p, attempt, now);
      await recordAudit(tx, {
        actorUserId: adminUserId,
        action: 'payout.retry',
        entityType: 'payout',
        entityId: id,
        before: { status: 'failed', attempts: p.attempts },
        after: { status: 'pending', attempts: attempt },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Another payout to this tutor is already on its way.');
    throw err;
  }
  if (found.rail === 'chapa') await sendTransfer(deps, id, now);
  return (await payoutView(deps.db, id))!;
}

export async function markPayout(
  deps: PayoutsDeps,
  adminUserId: string,
  id: string,
  outcome: 'paid' | 'failed',
  reason: string | undefined,
  now = new Date(),
) {
  const p = await repo.findPayout(deps.db, id);
  if (!p) throw notFound(m.notFound);
  if (p.rail !== 'manual') throw conflict(m.notManual);
  if (p.status !== 'pending') throw conflict(m.notPending);
  if (outcome === 'paid') await markPaidNow(deps, id, now, adminUserId);
  else await failPayout(deps, id, reason || 'Marked failed by the office.', now, adminUserId);
  return (await payoutView(deps.db, id))!;
}

async function payoutView(db: DbOrTx, id: string): Promise<Payout | null> {
  const p = await repo.findPayout(db, id);
  if (!p) return null;
  const t = await repo.tutorContact(db, p.tutorId);
  return payoutOut(p, t?.fullName ?? '');
}

/** The bank file of a manual run: one line per payout, in birr. */
export async function bankFile(db: Db, runId: string): Promise<string> {
  const run = await repo.findRun(db, runId);
  if (!run) throw notFound(m.runNotFound);
  const { rows } = await repo.listPayouts(db, { runId, limit: 10_000, offset: 0 });
  const lines = [
    [
      'reference',
      'tutor',
      'kind',
      'bank',
      'bank_code',
      'account_name',
      'account_number',
      'amount_etb',
      'status',
    ].join(','),
  ];
  for (const { payout: p, tutorName } of rows) {
    lines.push(
      [
        p.providerReference ?? '',
        tutorName,
        p.method.kind ?? '',
        p.method.bankName ?? '',
        p.method.bankCode ?? '',
        p.method.accountName ?? '',
        p.method.accountNumber ?? '',
        (p.payoutAmountCents / 100).toFixed(2),
        p.status,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
