import { createHmac, timingSafeEqual } from 'node:crypto';
import { fromChapaAmount, toChapaAmount } from '@tibeb/domain/payments/currency';
import {
  CheckoutAlreadyOpenedError,
  WebhookSignatureError,
  type CheckoutSession,
  type CreateCheckoutInput,
  type PaymentProvider,
  type RefundInput,
  type RetrievedCheckout,
} from './payment.provider.ts';

export type ChapaOptions = {
  secretKey: string;
  /** The secret hash set in Chapa's dashboard: the key of the webhook's HMAC-SHA256 signature. */
  webhookSecret: string;
  /** https://api.chapa.co/v1, or a local fake in tests. */
  baseUrl: string;
  /** The site's address: Chapa's callback comes back to /api/payments/webhook/chapa/. */
  publicUrl: string;
};

/** A transaction as Chapa's verify endpoint reports it (the fields we read). */
export type ChapaTransaction = {
  tx_ref: string;
  reference: string | null;
  status: string;
  amount_cents: number | null;
  currency: string | null;
};

/** A verified webhook: only a trigger to ask Chapa (verify) for the transaction's real state. */
export type ChapaWebhook = { event: string; txRef: string; reference: string | null; status: string };

export class ChapaApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(`Chapa answered ${status}: ${message}`);
    this.status = status;
  }
}

/** How long one call to Chapa may take; the service bounds the whole checkout creation too. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Chapa's hosted page shows at most 16 characters of title. */
const TITLE = 'Tibeb Tutoring';

/**
 * Chapa (issue 18 §3, decision 170): payment in birr through Chapa's hosted checkout, over its REST API with
 * the secret key as a bearer token. `tx_ref` is ours and derived from the payment row, so it is the
 * idempotency key: Chapa refuses a second initialize with it, and never opens two transactions for one row.
 * The webhook and the return are only triggers: the transaction's state, amount and currency always come from
 * Chapa's verify endpoint.
 */
export class ChapaPaymentProvider implements PaymentProvider {
  readonly name = 'chapa' as const;
  private readonly options: ChapaOptions;

  constructor(options: ChapaOptions) {
    this.options = options;
  }

  /** Our tx_ref for a payment row: short, letters, digits and dashes only (what Chapa accepts). */
  static txRef(paymentId: string): string {
    return `tb-${paymentId.replaceAll('-', '')}`;
  }

  async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
    const txRef = ChapaPaymentProvider.txRef(input.paymentId);
    const amountCents = input.lineItems.reduce((sum, i) => sum + i.unitAmountCents * i.quantity, 0);
    const [firstName, ...rest] = (input.customerName ?? '').trim().split(/\s+/);
    const { status, body } = await this.call('POST', '/transaction/initialize', {
      amount: toChapaAmount(amountCents),
      currency: input.currency,
      email: input.customerEmail,
      first_name: firstName || undefined,
      last_name: rest.join(' ') || undefined,
      tx_ref: txRef,
      callback_url: `${this.options.publicUrl}/api/payments/webhook/chapa/`,
      return_url: input.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(txRef)),
      customization: { title: TITLE, description: chapaText(input.lineItems[0]?.name ?? 'Tutoring') },
      meta: { reservation_id: input.reservationId, payment_id: input.paymentId },
    });
    const url = dataField(body, 'checkout_url');
    if (status < 300 && isSuccess(body) && typeof url === 'string' && url) {
      return { sessionId: txRef, url };
    }
    if (/used before|already (been )?used|duplicate/i.test(messageOf(body))) {
      throw new CheckoutAlreadyOpenedError(messageOf(body));
    }
    throw new ChapaApiError(status, messageOf(body));
  }

  async retrieveCheckoutSession(txRef: string): Promise<RetrievedCheckout | null> {
    const tx = await this.verify(txRef);
    if (!tx) return null;
    const paid = tx.status === 'success';
    return {
      sessionId: tx.tx_ref,
      // A failed attempt can be retried on Chapa's page until our hold ends, so only success is final here.
      status: paid ? 'complete' : 'open',
      paid,
      providerPaymentId: tx.reference,
      amountCents: tx.amount_cents,
      currency: tx.currency,
    };
  }

  /** GET /transaction/verify/{tx_ref}: null when Chapa does not know the reference. */
  async verify(txRef: string): Promise<ChapaTransaction | null> {
    const { status, body } = await this.call('GET', `/transaction/verify/${encodeURIComponent(txRef)}`);
    if (status === 404) return null;
    if (status >= 300 || !isSuccess(body)) {
      if (/not found|invalid transaction/i.test(messageOf(body))) return null;
      throw new ChapaApiError(status, messageOf(body));
    }
    const data = (body as { data?: Record<string, unknown> | null }).data ?? {};
    return {
      tx_ref: typeof data.tx_ref === 'string' ? data.tx_ref : txRef,
      reference: typeof data.reference === 'string' ? data.reference : null,
      status: typeof data.status === 'string' ? data.status.toLowerCase() : 'pending',
      amount_cents: fromChapaAmount(data.amount),
      currency: typeof data.currency === 'string' ? data.currency.toUpperCase() : null,
    };
  }

  /**
   * POST /refund/{tx_ref} with our refund's idempotency key as its `reference`: a retry after a lost answer is
   * refused by Chapa as a reference used before, which means the refund exists (it is not made twice).
   */
  async refund(input: RefundInput): Promise<{ refundId: string }> {
    const { status, body } = await this.call(
      'POST',
      `/refund/${encodeURIComponent(input.providerSessionId)}`,
      {
        amount: toChapaAmount(input.amountCents),
        reason: 'Refund from Tibeb Tutoring',
        reference: input.idempotencyKey,
      },
    );
    if (status < 300 && isSuccess(body)) {
      const id = dataField(body, 'refund_reference') ?? dataField(body, 'reference');
      return { refundId: typeof id === 'string' && id ? id : input.idempotencyKey };
    }
    if (/used before|already (been )?used|duplicate/i.test(messageOf(body))) {
      return { refundId: input.idempotencyKey };
    }
    throw new ChapaApiError(status, messageOf(body));
  }

  /**
   * Chapa signs each webhook with HMAC-SHA256 of the exact body, keyed with the dashboard's secret hash, in
   * `x-chapa-signature` (hex). Compared in constant time over the raw bytes, before the JSON is read.
   */
  /** The webhook's JSON once its signature over the exact bytes is checked (payments and payouts alike). */
  signedPayload(rawBody: Buffer, signature: string | undefined): Record<string, unknown> {
    if (!signature) throw new WebhookSignatureError('missing x-chapa-signature');
    const expected = createHmac('sha256', this.options.webhookSecret).update(rawBody).digest();
    const given = /^[0-9a-f]{64}$/i.test(signature.trim()) ? Buffer.from(signature.trim(), 'hex') : null;
    if (!given || !timingSafeEqual(expected, given)) throw new WebhookSignatureError('bad signature');
    try {
      const payload = JSON.parse(rawBody.toString('utf8')) as unknown;
      if (payload && typeof payload === 'object') return payload as Record<string, unknown>;
    } catch {
      // below
    }
    throw new WebhookSignatureError('the signed body is not JSON');
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): ChapaWebhook {
    const payload = this.signedPayload(rawBody, signature);
    const nested = (payload.data && typeof payload.data === 'object' ? payload.data : {}) as Record<
      string,
      unknown
    >;
    const pick = (key: string) => (typeof payload[key] === 'string' ? payload[key] : nested[key]);
    const txRef = pick('tx_ref');
    if (typeof txRef !== 'string' || !txRef || txRef.length > 200) {
      throw new WebhookSignatureError('the webhook names no transaction');
    }
    const reference = pick('reference');
    const event = pick('event');
    const status = pick('status');
    return {
      event: typeof event === 'string' ? event.slice(0, 100) : 'unknown',
      txRef,
      reference: typeof reference === 'string' ? reference.slice(0, 200) : null,
      status: typeof status === 'string' ? status.toLowerCase() : '',
    };
  }

  private async call(method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) {
    const response = await fetch(`${this.options.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.options.secretKey}`,
        accept: 'application/json',
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      body: payload ? JSON.stringify(payload) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { message: text.slice(0, 200) };
    }
    // A 5xx is an outage: the caller answers 503 (checkout) or keeps the refund pending.
    if (response.status >= 500) throw new ChapaApiError(response.status, messageOf(body));
    return { status: response.status, body };
  }
}

function isSuccess(body: unknown): boolean {
  return (body as { status?: unknown } | null)?.status === 'success';
}

function dataField(body: unknown, key: string): unknown {
  const data = (body as { data?: unknown } | null)?.data;
  return data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
}

function messageOf(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string') return message;
  if (message && typeof message === 'object') return JSON.stringify(message).slice(0, 300);
  return 'no message';
}

/** Chapa's customization texts take letters, digits, spaces, dashes, underscores and dots only. */
function chapaText(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9 ._-]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 50) || 'Tutoring'
  );
}
