import { toChapaAmount } from '@tibeb/domain/payments/currency';

/**
 * Chapa Transfers (issue 27, decision 229): birr to an Ethiopian bank account or a telebirr / CBE Birr wallet.
 * POST /v1/transfers (our `reference` is the idempotency key: one per payout attempt), GET
 * /v1/transfers/verify/{reference} (the truth: webhooks are only a cue), GET /v1/banks.
 */
export type TransferInput = {
  reference: string;
  accountName: string;
  accountNumber: string;
  bankCode: string;
  /** Santim. */
  amountCents: number;
};
export type TransferState = 'pending' | 'success' | 'failed';

const TIMEOUT_MS = 15_000;

export class ChapaTransfers {
  private readonly options: { secretKey: string; baseUrl: string };

  constructor(options: { secretKey: string; baseUrl: string }) {
    this.options = options;
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
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { message: text.slice(0, 200) };
    }
    return { status: response.status, body };
  }

  /** Asks Chapa to send the money; answers whether Chapa took it (queued) or refused it, with its message. */
  async transfer(input: TransferInput): Promise<{ accepted: boolean; message: string; transferId: string }> {
    const { status, body } = await this.call('POST', '/transfers', {
      account_name: input.accountName,
      account_number: input.accountNumber,
      amount: toChapaAmount(input.amountCents),
      currency: 'ETB',
      reference: input.reference,
      bank_code: input.bankCode,
    });
    if (status >= 500) throw new Error(`Chapa answered ${status}`);
    const message = typeof body.message === 'string' ? body.message : '';
    const data = body.data;
    const transferId =
      typeof data === 'string'
        ? data
        : typeof (data as { reference?: unknown })?.reference === 'string'
          ? String((data as { reference: string }).reference)
          : '';
    // A reference Chapa already has means an earlier attempt reached it: verify decides.
    if (/already|duplicate/i.test(message)) return { accepted: true, message, transferId };
    return {
      accepted: status < 300 && body.status === 'success',
      message: message || `HTTP ${status}`,
      transferId,
    };
  }

  /** Chapa's view of a transfer. */
  async verify(reference: string): Promise<{ state: TransferState; message: string } | null> {
    const { status, body } = await this.call('GET', `/transfers/verify/${encodeURIComponent(reference)}`);
    if (status === 404) return null;
    if (status >= 400) throw new Error(`Chapa answered ${status}`);
    const data = (body.data ?? {}) as Record<string, unknown>;
    const raw = String(data.status ?? '').toLowerCase();
    const state: TransferState =
      raw === 'success' ? 'success' : raw === 'failed' || raw === 'reverted' ? 'failed' : 'pending';
    return { state, message: typeof data.message === 'string' ? data.message : String(body.message ?? '') };
  }

  async banks(): Promise<{ code: string; name: string }[]> {
    const { status, body } = await this.call('GET', '/banks');
    if (status >= 300 || !Array.isArray(body.data)) return [];
    return (body.data as Record<string, unknown>[])
      .filter((b) => b.id !== undefined && typeof b.name === 'string')
      .map((b) => ({ code: String(b.id), name: String(b.name) }));
  }
}
