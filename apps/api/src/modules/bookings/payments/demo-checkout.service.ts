import { paymentMessages } from '@tibeb/domain/payments/messages';
import { AppError, notFound } from '../../../platform/http/app-error.ts';
import { reservationSummary } from '../lifecycle/summary.service.ts';
import type { PaymentsDeps } from './payments-deps.service.ts';
import * as repo from './payments.repository.ts';
import { completeCheckout, releaseCheckout } from './provider-events.service.ts';

// The demo provider's page (DESIGN §1.8): its Pay / Cancel buttons finish through the webhook's own functions.

export async function demoCheckout(deps: PaymentsDeps, paymentId: string) {
  const payment = await repo.findPaymentById(deps.db, paymentId);
  if (!payment || payment.provider !== 'demo') return null;
  return { payment, reservation: await reservationSummary(deps.db, payment.reservationId) };
}

/** Pay / Cancel on the demo page: an event id per checkout and action, through the webhook's functions. */
export async function demoAction(
  deps: PaymentsDeps,
  paymentId: string,
  action: 'pay' | 'cancel',
  now = new Date(),
) {
  const payment = await repo.findPaymentById(deps.db, paymentId);
  if (!payment || payment.provider !== 'demo') throw notFound(paymentMessages.paymentNotFound);
  const eventId = `demo:${payment.id}:${action}`;
  if (action === 'pay') {
    // Like a provider's hosted page, an ended checkout can no longer take money.
    if (payment.status !== 'pending' && payment.status !== 'paid') {
      throw new AppError(409, 'This checkout has ended. Please book again.');
    }
    if (payment.status === 'pending' && payment.expiresAt <= now) {
      throw new AppError(409, 'This checkout has expired. Please book again.');
    }
    await completeCheckout(
      deps,
      'demo',
      {
        kind: 'checkout.completed',
        eventId,
        type: 'demo.checkout.paid',
        sessionId: payment.providerSessionId,
        providerPaymentId: `demo_pi_${payment.id.replaceAll('-', '')}`,
      },
      now,
    );
  } else {
    await releaseCheckout(
      deps,
      'demo',
      { eventId, type: 'demo.checkout.cancelled', sessionId: payment.providerSessionId },
      'cancelled',
      now,
    );
  }
  return payment;
}
