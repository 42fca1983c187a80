import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Chapa's API (tests and the browser journey only), answering in Chapa's shapes:
 * POST /v1/transaction/initialize (Bearer secret key → data.checkout_url; a tx_ref used before is refused),
 * GET /v1/transaction/verify/{tx_ref}, POST /v1/refund/{tx_ref}, and a hosted checkout page whose Pay button
 * marks the transaction paid, posts the signed `charge.success` webhook (HMAC-SHA256 of the body with the
 * secret hash, in `x-chapa-signature`), calls the callback_url as Chapa does, and redirects to return_url.
 */

export type FakeChapaOptions = {
  secretKey: string;
  webhookSecret: string;
  /** The webhook URL of Chapa's dashboard; without it the webhook goes to the transaction's callback_url. */
  webhookUrl?: string;
  port?: number;
  host?: string;
};

export type FakeTransaction = {
  tx_ref: string;
  reference: string;
  token: string;
  amount: string;
  currency: string;
  email: string;
  first_name: string;
  last_name: string;
  status: 'pending' | 'success' | 'failed';
  callback_url: string;
  return_url: string;
  customization: Record<string, unknown>;
  meta: Record<string, unknown>;
  refunded_cents: number;
  created_at: string;
  updated_at: string;
};

export type RecordedChapaRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
};

type Answer = { status: number; body: unknown };

const failed = (status: number, message: string): Answer => ({
  status,
  body: { message, status: 'failed', data: null },
});

export class FakeChapaServer {
  readonly requests: RecordedChapaRequest[] = [];
  readonly transactions = new Map<string, FakeTransaction>();
  readonly refunds = new Map<string, { tx_ref: string; amount: string; reference: string }>();
  /** Webhooks the hosted page posted, with the answer each got. */
  readonly deliveries: { url: string; body: string; signature: string; status: number }[] = [];
  /** Answer the next n API calls with 503 (an outage). */
  outage = 0;
  /** Transfers (issue 27): by reference. */
  readonly transfers = new Map<
    string,
    {
      reference: string;
      status: 'pending' | 'success' | 'failed';
      amount: string;
      account_number: string;
      bank_code: string;
      message: string;
    }
  >();
  /** Account numbers whose transfers Chapa refuses at once. */
  readonly refuseAccounts = new Set<string>();
  /** What happens to an accepted transfer: settled (success or failed, with a signed payout webhook) or left pending. */
  transferOutcome: 'success' | 'failed' | 'pending' = 'success';
  /** Runs before a transfer is answered (a test looks at the caller's database from "Chapa's side"). */
  beforeTransfer: ((body: Record<string, unknown>) => Promise<void>) | null = null;
  private readonly options: FakeChapaOptions;
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  port = 0;

  constructor(options: FakeChapaOptions) {
    this.options = options;
  }

  async start() {
    await new Promise<void>((resolve) =>
      this.server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve),
    );
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  get origin() {
    return `http://${this.options.host ?? '127.0.0.1'}:${this.port}`;
  }

  /** The base URL the app is configured with (CHAPA_BASE_URL). */
  get baseUrl() {
    return `${this.origin}/v1`;
  }

  /** The customer pays on the hosted page (without the webhook: tests send it themselves). */
  pay(txRef: string) {
    const tx = this.transactions.get(txRef);
    if (!tx) throw new Error(`no fake transaction ${txRef}`);
    tx.status = 'success';
    tx.updated_at = new Date().toISOString();
    return tx;
  }

  /** Chapa's `charge.success` webhook body for a transaction, as the exact bytes it signs. */
  webhookBody(txRef: string, overrides: Record<string, unknown> = {}) {
    const tx = this.transactions.get(txRef);
    if (!tx) throw new Error(`no fake transaction ${txRef}`);
    return JSON.stringify({
      event: tx.status === 'success' ? 'charge.success' : 'charge.failed',
      first_name: tx.first_name,
      last_name: tx.last_name,
      email: tx.email,
      mobile: null,
      currency: tx.currency,
      amount: tx.amount,
      charge: (Number(tx.amount) * 0.035).toFixed(2),
      status: tx.status,
      failure_reason: null,
      mode: 'test',
      reference: tx.reference,
      created_at: tx.created_at,
      updated_at: tx.updated_at,
      type: 'API',
      tx_ref: tx.tx_ref,
      payment_method: 'telebirr',
      customization: tx.customization,
      meta: tx.meta,
      ...overrides,
    });
  }

  sign(body: string, secret = this.options.webhookSecret) {
    return createHmac('sha256', secret).update(body).digest('hex');
  }

  /** Posts the signed webhook for a transaction to the dashboard's webhook URL (or its callback_url). */
  async sendWebhook(txRef: string) {
    const tx = this.transactions.get(txRef);
    if (!tx) throw new Error(`no fake transaction ${txRef}`);
    const url = this.options.webhookUrl ?? tx.callback_url;
    const body = this.webhookBody(txRef);
    const signature = this.sign(body);
    let status = 0;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-chapa-signature': signature,
          // Chapa also sends the secret hash signed with itself: it does not bind the body, so it is not used.
          'chapa-signature': this.sign(this.options.webhookSecret),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    this.deliveries.push({ url, body, signature, status });
    return status;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.origin);
    const path = url.pathname;
    let body: Record<string, unknown> = {};
    if (raw) {
      const type = req.headers['content-type'] ?? '';
      try {
        body = type.includes('json')
          ? (JSON.parse(raw) as Record<string, unknown>)
          : Object.fromEntries(new URLSearchParams(raw));
      } catch {
        return send(res, failed(400, 'Invalid JSON body'));
      }
    }
    this.requests.push({ method: req.method ?? '', path, headers: req.headers, body });

    if (path === '/health') return send(res, { status: 200, body: { ok: true } });
    // The hosted checkout (no API key: it is the customer's browser).
    const page = /^\/checkout\/payment\/([A-Za-z0-9]+)(\/pay)?\/?$/.exec(path);
    if (page) return this.checkoutPage(res, page[1]!, req.method === 'POST' && page[2] === '/pay');

    if (!path.startsWith('/v1/')) return send(res, failed(404, 'Not found'));
    if (this.outage > 0) {
      this.outage -= 1;
      return send(res, { status: 503, body: { message: 'Service Unavailable' } });
    }
    if (req.headers.authorization !== `Bearer ${this.options.secretKey}`) {
      return send(res, failed(401, "Invalid API Key or User doesn't exist"));
    }
    if (req.method === 'POST' && path === '/v1/transaction/initialize')
      return send(res, this.initialize(body));
    const verify = /^\/v1\/transaction\/verify\/([^/]+)\/?$/.exec(path);
    if (req.method === 'GET' && verify) return send(res, this.verify(decodeURIComponent(verify[1]!)));
    const refund = /^\/v1\/refund\/([^/]+)\/?$/.exec(path);
    if (req.method === 'POST' && refund) return send(res, this.refund(decodeURIComponent(refund[1]!), body));
    if (req.method === 'POST' && path === '/v1/transfers') {
      if (this.beforeTransfer) await this.beforeTransfer(body);
      return send(res, this.transfer(body));
    }
    const transfer = /^\/v1\/transfers\/verify\/([^/]+)\/?$/.exec(path);
    if (req.method === 'GET' && transfer) {
      const t = this.transfers.get(decodeURIComponent(transfer[1]!));
      if (!t) return send(res, failed(404, 'Transfer not found'));
      return send(res, { status: 200, body: { status: 'success', message: 'Transfer details', data: t } });
    }
    if (req.method === 'GET' && path === '/v1/banks')
      return send(res, {
        status: 200,
        body: {
          message: 'Banks retrieved',
          data: [
            { id: 946, name: 'Commercial Bank of Ethiopia (CBE)' },
            { id: 656, name: 'Awash Bank' },
            { id: 855, name: 'telebirr' },
            { id: 128, name: 'CBEBirr' },
          ],
        },
      });
    return send(res, failed(404, 'Not found'));
  }

  /** POST /v1/transfers: queued (then settled with a signed payout webhook), or refused for a known bad account. */
  private transfer(body: Record<string, unknown>): Answer {
    const reference = String(body.reference ?? '');
    const account = String(body.account_number ?? '');
    if (!reference) return failed(400, 'reference is required');
    if (this.transfers.has(reference)) return failed(400, 'Transfer reference already used');
    if (this.refuseAccounts.has(account)) return failed(400, 'The account number is not valid for this bank');
    const status = this.transferOutcome === 'pending' ? 'pending' : this.transferOutcome;
    this.transfers.set(reference, {
      reference,
      status,
      amount: String(body.amount ?? ''),
      account_number: account,
      bank_code: String(body.bank_code ?? ''),
      message: status === 'failed' ? 'The receiving bank rejected the transfer' : '',
    });
    if (status !== 'pending') setTimeout(() => void this.sendPayoutWebhook(reference), 50);
    return {
      status: 200,
      body: { status: 'success', message: 'Transfer Queued Successfully', data: reference },
    };
  }

  /** Posts Chapa's signed payout.success / payout.failed webhook for a transfer. */
  async sendPayoutWebhook(reference: string) {
    const t = this.transfers.get(reference);
    const url = this.options.webhookUrl;
    if (!t || !url) return 0;
    const body = JSON.stringify({
      event: `payout.${t.status === 'success' ? 'success' : 'failed'}`,
      reference,
      status: t.status,
      amount: t.amount,
    });
    const signature = this.sign(body);
    let status = 0;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-chapa-signature': signature },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    this.deliveries.push({ url, body, signature, status });
    return status;
  }

  private initialize(body: Record<string, unknown>): Answer {
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).trim() : '');
    const errors: Record<string, string[]> = {};
    if (!/^\d+(\.\d{1,2})?$/.test(String(body.amount ?? '')) || Number(body.amount) <= 0)
      errors.amount = ['The amount must be a number greater than 0.'];
    if (!['ETB', 'USD'].includes(text('currency'))) errors.currency = ['The selected currency is invalid.'];
    if (text('email') && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text('email')))
      errors.email = ['The email must be a valid email address.'];
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(text('tx_ref'))) errors.tx_ref = ['The tx ref field is required.'];
    const customization = (body.customization ?? {}) as Record<string, unknown>;
    if (typeof customization.title === 'string' && customization.title.length > 16)
      errors['customization.title'] = ['The customization.title may not be greater than 16 characters.'];
    if (Object.keys(errors).length > 0)
      return { status: 400, body: { message: errors, status: 'failed', data: null } };
    if (this.transactions.has(text('tx_ref')))
      return failed(400, 'Transaction reference has been used before');
    const token = randomBytes(12).toString('hex');
    const now = new Date().toISOString();
    this.transactions.set(text('tx_ref'), {
      tx_ref: text('tx_ref'),
      reference: `AP${randomBytes(6).toString('hex').toUpperCase()}`,
      token,
      amount: Number(body.amount).toFixed(2),
      currency: text('currency'),
      email: text('email'),
      first_name: text('first_name'),
      last_name: text('last_name'),
      status: 'pending',
      callback_url: text('callback_url'),
      return_url: text('return_url'),
      customization,
      meta: (body.meta ?? {}) as Record<string, unknown>,
      refunded_cents: 0,
      created_at: now,
      updated_at: now,
    });
    return {
      status: 200,
      body: {
        message: 'Hosted Link',
        status: 'success',
        data: { checkout_url: `${this.origin}/checkout/payment/${token}` },
      },
    };
  }

  private verify(txRef: string): Answer {
    const tx = this.transactions.get(txRef);
    if (!tx) return failed(404, 'Invalid transaction or Transaction not found');
    return {
      status: 200,
      body: {
        message: 'Payment details',
        status: 'success',
        data: {
          first_name: tx.first_name,
          last_name: tx.last_name,
          email: tx.email,
          currency: tx.currency,
          amount: Number(tx.amount),
          charge: Number((Number(tx.amount) * 0.035).toFixed(2)),
          mode: 'test',
          method: 'test',
          type: 'API',
          status: tx.status,
          reference: tx.reference,
          tx_ref: tx.tx_ref,
          customization: tx.customization,
          meta: tx.meta,
          created_at: tx.created_at,
          updated_at: tx.updated_at,
        },
      },
    };
  }

  private refund(txRef: string, body: Record<string, unknown>): Answer {
    const tx = this.transactions.get(txRef);
    if (!tx) return failed(404, 'Invalid transaction or Transaction not found');
    if (tx.status !== 'success') return failed(400, 'Only a successful transaction can be refunded');
    const reference = typeof body.reference === 'string' ? body.reference : '';
    if (reference && this.refunds.has(reference)) return failed(400, 'Refund reference has been used before');
    const totalCents = Math.round(Number(tx.amount) * 100);
    const cents =
      body.amount === undefined ? totalCents - tx.refunded_cents : Math.round(Number(body.amount) * 100);
    if (!Number.isFinite(cents) || cents <= 0 || cents > totalCents - tx.refunded_cents)
      return failed(400, 'The refund amount is more than the refundable amount');
    tx.refunded_cents += cents;
    const refundReference = reference || `RF${randomBytes(6).toString('hex').toUpperCase()}`;
    this.refunds.set(refundReference, {
      tx_ref: txRef,
      amount: (cents / 100).toFixed(2),
      reference: refundReference,
    });
    return {
      status: 200,
      body: {
        message: 'Refund processed successfully',
        status: 'success',
        data: {
          tx_ref: txRef,
          amount: (cents / 100).toFixed(2),
          currency: tx.currency,
          refund_reference: refundReference,
        },
      },
    };
  }

  private async checkoutPage(res: http.ServerResponse, token: string, paying: boolean) {
    const tx = [...this.transactions.values()].find((t) => t.token === token);
    if (!tx) return send(res, failed(404, 'Checkout not found'));
    if (paying) {
      if (tx.status !== 'success') this.pay(tx.tx_ref);
      await this.sendWebhook(tx.tx_ref);
      if (tx.callback_url) {
        // Chapa also calls the callback_url with the references (a GET the merchant verifies).
        const callback = new URL(tx.callback_url);
        callback.searchParams.set('trx_ref', tx.tx_ref);
        callback.searchParams.set('ref_id', tx.reference);
        callback.searchParams.set('status', 'success');
        await fetch(callback, { signal: AbortSignal.timeout(10_000) })
          .then((r) => r.arrayBuffer())
          .catch(() => null);
      }
      res.writeHead(303, { location: tx.return_url || '/' });
      return res.end();
    }
    const escape = (s: string) =>
      s.replace(
        /[&<>"']/g,
        (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
      );
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Chapa test checkout</title></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem">
<main>
<h1>Chapa test checkout</h1>
<p>${escape(String(tx.customization.title ?? ''))}: ${escape(String(tx.customization.description ?? ''))}</p>
<p>Amount: <strong data-testid="chapa-amount">${escape(tx.currency)} ${escape(tx.amount)}</strong></p>
<p>Status: ${escape(tx.status)}</p>
<form method="post" action="/checkout/payment/${escape(tx.token)}/pay">
<button type="submit">Pay ${escape(tx.currency)} ${escape(tx.amount)}</button>
</form>
</main></body></html>`);
  }
}

function send(res: http.ServerResponse, answer: Answer) {
  res.writeHead(answer.status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(answer.body));
}
