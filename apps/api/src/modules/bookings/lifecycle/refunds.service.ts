// Refund bookkeeping is money: the payments repository records it.
import { settleRefund } from '../payments/payments.repository.ts';
import type { LifecycleDeps } from './lifecycle-deps.service.ts';
import { listPendingRefunds } from './refunds.repository.ts';

/**
 * Sends pending refunds to the provider, outside any transaction, each with its own idempotency key (a retry
 * never pays twice). A provider that fails or is not configured leaves the refund pending for the next try.
 */
export async function processRefunds(deps: LifecycleDeps, ids?: string[]): Promise<number> {
  if (ids && ids.length === 0) return 0;
  const pending = await listPendingRefunds(deps.db, ids);
  let settled = 0;
  for (const { refund, payment } of pending) {
    const provider = [deps.provider, deps.chapa].find((p) => p?.name === payment.provider) ?? null;
    if (!provider) {
      deps.log.warn(
        { refundId: refund.id, provider: payment.provider },
        'refund waits: provider not configured',
      );
      continue;
    }
    try {
      const { refundId } = await provider.refund({
        providerSessionId: payment.providerSessionId,
        providerPaymentId: payment.providerPaymentId,
        amountCents: refund.amountCents,
        idempotencyKey: refund.idempotencyKey ?? `tibeb-refund-${refund.id}`,
      });
      await settleRefund(deps.db, refund.id, refundId);
      settled += 1;
    } catch (err) {
      deps.log.warn({ err, refundId: refund.id }, 'refund not sent yet; it will be retried');
    }
  }
  return settled;
}
