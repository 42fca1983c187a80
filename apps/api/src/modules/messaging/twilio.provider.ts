import type TwilioSdk from 'twilio';
import type { TwilioConfig } from '../../platform/config.ts';

/** Twilio's answer to a message it refused, or a network failure (no status). */
export class MessageNotSent extends Error {
  readonly status: number | undefined;
  readonly code: number | undefined;

  constructor(message: string, status: number | undefined, code: number | undefined) {
    super(message);
    this.status = status;
    this.code = code;
  }

  /**
   * Whether trying again may help: a network failure, a 429 or a 5xx may; any other refusal (a bad or
   * unsubscribed number, a template outside its rules) will not.
   */
  get retryable(): boolean {
    return this.status === undefined || this.status === 429 || this.status >= 500;
  }
}

export type MessageSender = {
  /** An SMS with `body` to an E.164 number; answers Twilio's message SID. */
  sms(to: string, body: string): Promise<string>;
  /** A WhatsApp message from an approved template (Content SID) with its variables; answers the message SID. */
  whatsapp(to: string, contentSid: string, variables: Record<string, string>): Promise<string>;
};

type TwilioModule = typeof TwilioSdk;
type TwilioClient = ReturnType<TwilioModule>;
type RequestOptions = Parameters<InstanceType<TwilioModule['RequestClient']>['request']>[0];

/**
 * SMS and WhatsApp through Twilio's official SDK. The SDK (about 20 MB resident) is loaded on the first message,
 * not at start: an instance that never sends one never loads it (DESIGN §4 memory budgets). With a base URL (tests,
 * a local fake), the SDK's supported custom `httpClient` — its own RequestClient — sends every request there.
 */
export function twilioSender(config: TwilioConfig): MessageSender {
  let client: Promise<TwilioClient> | null = null;
  const load = () =>
    (client ??= import('twilio').then(({ default: twilio }) => {
      const baseUrl = config.baseUrl;
      const options: Parameters<TwilioModule>[2] = { autoRetry: false, timeout: 15_000 };
      if (baseUrl) {
        class RebasedRequestClient extends twilio.RequestClient {
          override request<T>(opts: RequestOptions) {
            const url = new URL(opts.uri);
            // The same request, only to another address (`never`: the SDK types `data` per call).
            return super.request<T>({ ...opts, uri: `${baseUrl}${url.pathname}${url.search}` } as never);
          }
        }
        options.httpClient = new RebasedRequestClient({ timeout: 15_000 });
      }
      return twilio(config.accountSid, config.authToken, options);
    }));

  const create = async (params: Record<string, string>): Promise<string> => {
    const twilio = await load();
    try {
      const message = await twilio.messages.create(params as never);
      return message.sid;
    } catch (err) {
      const e = err as { status?: unknown; code?: unknown; message?: unknown };
      throw new MessageNotSent(
        typeof e.message === 'string' ? e.message : String(err),
        typeof e.status === 'number' ? e.status : undefined,
        typeof e.code === 'number' ? e.code : undefined,
      );
    }
  };

  return {
    sms: (to, body) => {
      const from = config.smsFrom;
      if (!from) throw new MessageNotSent('no SMS sender configured', 400, undefined);
      // A Messaging Service SID picks the sender itself; otherwise the number or alphanumeric ID sends.
      return create({
        to,
        body,
        ...(/^MG[0-9a-f]{32}$/i.test(from) ? { messagingServiceSid: from } : { from }),
      });
    },
    whatsapp: (to, contentSid, variables) => {
      const from = config.whatsapp?.from;
      if (!from) throw new MessageNotSent('no WhatsApp sender configured', 400, undefined);
      return create({
        to: `whatsapp:${to}`,
        from: `whatsapp:${from}`,
        contentSid,
        contentVariables: JSON.stringify(variables),
      });
    },
  };
}
