import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createCheckoutSessionBodySchema,
  createCheckoutSessionResponseSchema,
  paymentReservationSchema,
  paymentStatusQuerySchema,
  paymentStatusResponseSchema,
  refundBodySchema,
  refundResponseSchema,
} from '@tibeb/domain/payments/contracts';
import { paymentMessages } from '@tibeb/domain/payments/messages';
import { payoutsDeps } from '../payouts/payouts-deps.service.ts';
import { handlePayoutEvent } from '../payouts/payouts.service.ts';
import type { AppInstance } from '../../../platform/http/app-instance.ts';
import { AppError, badRequest } from '../../../platform/http/app-error.ts';
import { lifecycleMessages } from '@tibeb/domain/bookings/lifecycle-messages';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { invalidateTutorBookings } from '../availability/booked.cache.ts';
import { demoCheckoutPage } from './demo-checkout.page.ts';
import { createCheckoutSession } from './checkout.service.ts';
import { demoAction, demoCheckout } from './demo-checkout.service.ts';
import { getPaymentStatus } from './payment-status.service.ts';
import type { PaymentsDeps } from './payments-deps.service.ts';
import { cancelCheckout, handleProviderEvent, reconcileChapa } from './provider-events.service.ts';
import { refundPayment } from './refund-payment.service.ts';
import { WebhookSignatureError, type PaymentProvider } from './providers/payment.provider.ts';
import type { StripePaymentProvider } from './providers/stripe.provider.ts';
import {
  errorResponseSchema as errorSchema,
  errorResponses,
  textAnswer,
} from '../../../platform/http/schemas.ts';

const isStripe = (provider: PaymentProvider): provider is StripePaymentProvider => provider.name === 'stripe';

/** Chapa not answering: 503, so that Chapa delivers its webhook again later (nothing was changed). */
async function reconcileOr503<T>(log: AppInstance['log'], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.warn({ err }, 'Chapa did not answer the verify call; its notification will come again');
    throw new AppError(503, lifecycleMessages.providerUnavailable, { code: 'provider_unavailable' });
  }
}
const html = textAnswer('text/html', 'An HTML page');

/** The payments module's HTTP routes (prefix /api). Its providers are the app's (`app.payments`). */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { card: provider, chapa } = app.payments;
  const deps: PaymentsDeps = {
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    provider,
    chapa,
    log: app.log,
    // Their month availability is cached; a payment, release or refund changes it.
    onSessionsChanged: (tutorIds) => tutorIds.forEach(invalidateTutorBookings),
  };

  app.post(
    '/payments/create-checkout-session/',
    {
      config: { idempotent: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Opens (or reuses) the hosted checkout for a reservation awaiting payment',
        body: createCheckoutSessionBodySchema,
        response: {
          200: createCheckoutSessionResponseSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => createCheckoutSession(deps, request.body),
  );

  app.post(
    '/payments/cancel/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: "The family left the checkout (the provider's cancel address): its hold is released at once",
        body: z.object({ reservation_id: z.string().max(100) }),
        response: { 200: paymentReservationSchema, 404: errorSchema },
      },
    },
    async (request) => cancelCheckout(deps, request.body.reservation_id),
  );

  app.get(
    '/payments/status/',
    {
      schema: {
        tags: ['payments'],
        summary: "The payment's real state, for the success page",
        querystring: paymentStatusQuerySchema,
        response: { 200: paymentStatusResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getPaymentStatus(deps, request.query.session_id);
    },
  );

  // Stripe's webhook sees the exact bytes it signed: JSON is read as a Buffer in this context only.
  await app.register(async (webhook: AppInstance) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    webhook.post(
      '/payments/webhook/stripe/',
      {
        schema: {
          tags: ['payments'],
          summary: "Stripe's signed events (checkout completed, expired, failed)",
          hide: false,
          response: { 200: z.object({ received: z.literal(true) }), 400: errorSchema, 404: errorSchema },
        },
      },
      async (request) => {
        if (!isStripe(provider)) throw badRequest('Stripe is not configured.');
        if (!Buffer.isBuffer(request.body)) throw badRequest(paymentMessages.badSignature);
        let event;
        try {
          const signature = request.headers['stripe-signature'];
          event = provider.parseWebhook(request.body, Array.isArray(signature) ? signature[0] : signature);
        } catch (err) {
          if (err instanceof WebhookSignatureError) throw badRequest(paymentMessages.badSignature);
          throw err;
        }
        await handleProviderEvent(deps, 'stripe', event);
        return { received: true as const };
      },
    );

    // Chapa's webhook (decision 170): the signature over the exact bytes, then Chapa's own verify decides.
    webhook.post(
      '/payments/webhook/chapa/',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['payments'],
          summary: "Chapa's signed webhook (x-chapa-signature): the transaction is verified with Chapa, once",
          response: { 200: z.object({ received: z.literal(true) }), 400: errorSchema, 503: errorSchema },
        },
      },
      async (request) => {
        if (!chapa) throw badRequest('Chapa is not configured.');
        if (!Buffer.isBuffer(request.body)) throw badRequest(paymentMessages.badSignature);
        let event;
        try {
          const signature = request.headers['x-chapa-signature'];
          const signed = Array.isArray(signature) ? signature[0] : signature;
          // A payout's event (issue 27): the transfer is verified with Chapa, once per event.
          const payload = chapa.signedPayload(request.body, signed);
          const data = (payload.data && typeof payload.data === 'object' ? payload.data : payload) as Record<
            string,
            unknown
          >;
          const kind = String(payload.event ?? data.event ?? '');
          if (kind.startsWith('payout.')) {
            const reference = String(payload.reference ?? data.reference ?? '');
            if (!reference || reference.length > 200) throw badRequest('The payout event names no transfer.');
            await reconcileOr503(app.log, () => handlePayoutEvent(payoutsDeps(app), kind, reference));
            return { received: true as const };
          }
          event = chapa.parseWebhook(request.body, signed);
        } catch (err) {
          if (err instanceof WebhookSignatureError) throw badRequest(paymentMessages.badSignature);
          throw err;
        }
        await reconcileOr503(app.log, () =>
          reconcileChapa(deps, event.txRef, {
            eventId: `webhook:${event.event}:${event.txRef}`,
            type: `chapa.${event.event}`,
          }),
        );
        return { received: true as const };
      },
    );
  });

  // Chapa's callback_url: a GET with the references and no signature, so only a cue to ask Chapa's verify.
  app.get(
    '/payments/webhook/chapa/',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary:
          "Chapa's callback after a payment: the transaction is verified with Chapa (nothing is trusted)",
        querystring: z.object({
          trx_ref: z.string().trim().min(1).max(200),
          ref_id: z.string().max(200).optional(),
          status: z.string().max(50).optional(),
        }),
        response: { 200: z.object({ received: z.literal(true) }), 400: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      if (!chapa) throw badRequest('Chapa is not configured.');
      const txRef = request.query.trx_ref;
      await reconcileOr503(app.log, () =>
        reconcileChapa(deps, txRef, { eventId: `callback:${txRef}`, type: 'chapa.callback' }),
      );
      return { received: true as const };
    },
  );

  if (provider.name === 'demo') {
    await app.register(async (demo: AppInstance) => {
      // The page's forms post urlencoded bodies; the buttons carry no data.
      demo.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, _body, done) => done(null, {}),
      );
      const params = z.object({ paymentId: z.uuid() });
      demo.get(
        '/payments/demo/checkout/:paymentId/',
        {
          schema: {
            tags: ['payments'],
            summary: 'The demo provider’s hosted checkout page',
            params,
            response: { 200: html, ...errorResponses(400, 404) },
          },
        },
        async (request, reply) => {
          const found = await demoCheckout(deps, request.params.paymentId);
          if (!found) return reply.status(404).send({ detail: paymentMessages.paymentNotFound });
          return reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(
              demoCheckoutPage({
                paymentId: found.payment.id,
                status: found.payment.status,
                amountCents: found.payment.amountCents,
                reservation: found.reservation,
              }),
            );
        },
      );
      for (const action of ['pay', 'cancel'] as const) {
        demo.post(
          `/payments/demo/checkout/:paymentId/${action}/`,
          {
            config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
            schema: {
              tags: ['payments'],
              summary: action === 'pay' ? 'Demo checkout: pay' : 'Demo checkout: cancel',
              params,
              response: { 303: z.null(), ...errorResponses(400, 404, 409, 429) },
            },
          },
          async (request, reply) => {
            const payment = await demoAction(deps, request.params.paymentId, action);
            const target =
              action === 'pay'
                ? `/payment-success?session_id=${encodeURIComponent(payment.providerSessionId)}`
                : `/payment-cancel?reservation_id=${encodeURIComponent(payment.reservationId)}`;
            return reply.redirect(target, 303);
          },
        );
      }
    });
  }

  const admin = { preHandler: app.requireRole(ADMIN_ROLES) };
  app.post(
    '/admin/payments/:id/refund/',
    {
      ...admin,
      schema: {
        tags: ['payments', 'admin'],
        summary: 'Refunds a payment in full or in part through its provider; cancels the affected sessions',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid() }),
        body: refundBodySchema,
        response: {
          200: refundResponseSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => refundPayment(deps, request.params.id, request.body, request.user?.sub ?? null),
  );
};
