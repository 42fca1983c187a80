import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type RecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form fields as Stripe's SDK encodes them ('line_items[0][quantity]' → '4'). */
  form: Record<string, string>;
};

type FakeSession = {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  client_reference_id: string | null;
  amount_total: number;
  currency: string;
  expires_at: number;
  payment_intent: string | null;
  metadata: Record<string, string>;
};

/**
 * A local stand-in for Stripe's API (tests only): answers POST /v1/checkout/sessions,
 * GET /v1/checkout/sessions/:id and POST /v1/refunds in Stripe's shapes, honours Idempotency-Key like
 * Stripe (same key → same answer), and records every request for assertions.
 */
export class FakeStripeServer {
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, FakeSession>();
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  private readonly server = http.createServer((req, res) => this.handle(req, res));
  private counter = 0;
  port = 0;

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** An SDK client pointed at this server. */
  client(secretKey = 'sk_test_fake') {
    return new Stripe(secretKey, {
      host: '127.0.0.1',
      port: this.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  }

  /** What Stripe does when the customer pays on the hosted page. */
  completeSession(id: string) {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no fake session ${id}`);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = `pi_test_${id.slice(-6)}`;
    return session;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(raw));
      const path = (req.url ?? '').split('?')[0]!;
      this.requests.push({ method: req.method ?? '', path, headers: req.headers, form });
      const key = req.headers['idempotency-key'];
      const cacheKey = typeof key === 'string' && req.method === 'POST' ? `${path}|${key}` : null;
      const cached = cacheKey ? this.idempotent.get(cacheKey) : undefined;
      const answer = cached ?? this.route(req.method ?? '', path, form);
      if (cacheKey && !cached) this.idempotent.set(cacheKey, answer);
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_${++this.counter}`,
      });
      res.end(JSON.stringify(answer.body));
    });
  }

  private route(
    method: string,
    path: string,
    form: Record<string, string>,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${String(++this.counter).padStart(6, '0')}${Math.random().toString(36).slice(2, 8)}`;
      let amount = 0;
      for (let i = 0; form[`line_items[${i}][quantity]`]; i += 1) {
        amount +=
          Number(form[`line_items[${i}][quantity]`]) *
          Number(form[`line_items[${i}][price_data][unit_amount]`]);
      }
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.client_reference_id ?? null,
        amount_total: amount,
        currency: form['line_items[0][price_data][currency]'] ?? 'usd',
        expires_at: Number(form.expires_at),
        payment_intent: null,
        metadata: {
          reservation_id: form['metadata[reservation_id]'] ?? '',
          payment_id: form['metadata[payment_id]'] ?? '',
        },
      };
      this.sessions.set(id, session);
      return { status: 200, body: session };
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionMatch) {
      const session = this.sessions.get(decodeURIComponent(sessionMatch[1]!));
      return session
        ? { status: 200, body: session }
        : {
            status: 404,
            body: { error: { type: 'invalid_request_error', message: 'No such checkout.session' } },
          };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      return {
        status: 200,
        body: {
          id: `re_test_${++this.counter}`,
          object: 'refund',
          amount: Number(form.amount),
          payment_intent: form.payment_intent,
          status: 'succeeded',
          currency: 'usd',
        },
      };
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }
}

/** A Stripe event envelope around a checkout session, as Stripe posts it to a webhook. */
export function checkoutEvent(
  type: 'checkout.session.completed' | 'checkout.session.expired',
  session: FakeSession,
  eventId = `evt_${Math.random().toString(36).slice(2, 14)}`,
) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: session },
  });
}
