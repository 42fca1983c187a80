import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type TwilioRequest = {
  method: string;
  path: string;
  /** The Basic credentials, decoded: 'ACxxx:token'. */
  credentials: string;
  /** The form fields as the SDK sends them (To, From, Body, ContentSid, ContentVariables, MessagingServiceSid). */
  form: Record<string, string>;
  sid: string;
};

/**
 * A local stand-in for Twilio's Messages API (tests and the cluster test): answers
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json as Twilio does (201 and the message resource, or an error
 * body with status and code), checks Basic authentication, and records every request. `fail()` queues refusals
 * (a 500 to retry, a 400 with a Twilio error code); `delayMs` makes each answer wait.
 */
export class FakeTwilioServer {
  readonly requests: TwilioRequest[] = [];
  accountSid: string;
  authToken: string;
  delayMs: number;
  port = 0;
  private readonly failures: { status: number; code: number; message: string }[] = [];
  private readonly server = http.createServer((req, res) => this.handle(req, res));

  constructor(options: { accountSid?: string; authToken?: string; delayMs?: number } = {}) {
    this.accountSid = options.accountSid ?? `AC${'a1'.repeat(16)}`;
    this.authToken = options.authToken ?? 'fake-twilio-auth-token-0123456789';
    this.delayMs = options.delayMs ?? 0;
  }

  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next `times` messages are refused with this status and Twilio error code. */
  fail(times: number, status: number, code: number, message = 'Refused by the fake') {
    for (let i = 0; i < times; i++) this.failures.push({ status, code, message });
  }

  /** The messages accepted (refused ones are not messages). */
  get messages() {
    return this.requests.filter((r) => r.sid);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        const send = () => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (this.delayMs) setTimeout(send, this.delayMs);
        else send();
      };
      const path = (req.url ?? '').split('?')[0]!;
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const credentials = auth ? Buffer.from(auth, 'base64').toString('utf8') : '';
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
      if (!match || req.method !== 'POST') {
        reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
        return;
      }
      if (credentials !== `${this.accountSid}:${this.authToken}` || match[1] !== this.accountSid) {
        this.requests.push({ method: req.method, path, credentials, form, sid: '' });
        reply(401, { code: 20003, message: 'Authenticate', status: 401 });
        return;
      }
      const failure = this.failures.shift();
      if (failure) {
        this.requests.push({ method: req.method, path, credentials, form, sid: '' });
        reply(failure.status, {
          ...failure,
          more_info: `https://www.twilio.com/docs/errors/${failure.code}`,
        });
        return;
      }
      const sid = `SM${randomBytes(16).toString('hex')}`;
      this.requests.push({ method: req.method, path, credentials, form, sid });
      const now = new Date().toUTCString();
      reply(201, {
        sid,
        account_sid: this.accountSid,
        to: form.To ?? null,
        from: form.From ?? null,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        body: form.Body ?? '',
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        date_created: now,
        date_updated: now,
        date_sent: null,
        error_code: null,
        error_message: null,
        price: null,
        price_unit: 'USD',
        api_version: '2010-04-01',
        uri: `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}.json`,
      });
    });
  }
}
