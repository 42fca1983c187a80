import type { PaymentStatusResponse } from '@tibeb/domain/payments/contracts';
import { paymentMessages } from '@tibeb/domain/payments/messages';
import { notFound } from '../../../platform/http/app-error.ts';
import { reservationSummary } from '../lifecycle/summary.service.ts';
import type { PaymentsDeps } from './payments-deps.service.ts';
import * as repo from './payments.repository.ts';
import { completeCheckout, reconcileChapa, releaseCheckout } from './provider-events.service.ts';

// Status for the success page: the payment's real state, never the URL's word (DESIGN §1.8).

export async function getPaymentStatus(
  deps: PaymentsDeps,
  sessionId: string,
): Promise<PaymentStatusResponse> {
  let payment = await repo.findPaymentBySessionId(deps.db, sessionId);
  if (!payment) throw notFound(paymentMessages.paymentNotFound);
  if (payment.provider === 'chapa' && deps.chapa && !payment.paidAt) {
    // Back from Chapa's page (its return_url): Chapa's verify says whether the money is taken.
    try {
      await reconcileChapa(deps, sessionId, { eventId: `return:${sessionId}`, type: 'chapa.return' });
      payment = (await repo.findPaymentBySessionId(deps.db, sessionId)) ?? payment;
    } catch (err) {
      deps.log.warn({ err, sessionId }, 'could not ask Chapa for the transaction status');
    }
  } else if (
    payment.status === 'pending' &&
    payment.provider === deps.provider.name &&
    payment.provider === 'stripe'
  ) {
    // The family can be back before Stripe's webhook: ask Stripe, and finish through the same code.
    try {
      const remote = await deps.provider.retrieveCheckoutSession(sessionId);
      if (remote?.status === 'complete' && remote.paid) {
        await completeCheckout(deps, 'stripe', {
          kind: 'checkout.completed',
          eventId: `reconcile:${sessionId}`,
          type: 'checkout.session.completed',
          sessionId,
          providerPaymentId: remote.providerPaymentId,
        });
      } else if (remote?.status === 'expired') {
        await releaseCheckout(
          deps,
          'stripe',
          { eventId: `reconcile-expired:${sessionId}`, type: 'checkout.session.expired', sessionId },
          'expired',
        );
      }
      payment = (await repo.findPaymentBySessionId(deps.db, sessionId)) ?? payment;
    } catch (err) {
      deps.log.warn({ err, sessionId }, 'could not ask Stripe for the checkout status');
    }
  }
  return {
    status: payment.status,
    session_id: payment.providerSessionId,
    provider: payment.provider,
    paid_at: payment.paidAt?.toISOString() ?? null,
    reservation: await reservationSummary(deps.db, payment.reservationId),
  };
}
