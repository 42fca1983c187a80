import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import type { ChapaPaymentProvider } from './providers/chapa.provider.ts';
import type { PaymentProvider } from './providers/payment.provider.ts';

/** What every payments service is given, and how it calls a provider (which one, and for how long). */

export type PaymentsDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** The card provider (stripe or demo): payments in US dollars. */
  provider: PaymentProvider;
  /** Chapa when CHAPA_SECRET_KEY is set: payments in birr (issue 18 §3, decision 170). */
  chapa: ChapaPaymentProvider | null;
  log: FastifyBaseLogger;
  /** Called with the tutors whose sessions changed (the booking module's booked-ranges cache). */
  onSessionsChanged: (tutorIds: number[]) => void;
};

/** The configured provider of a payment row (refunds, status), or null when it is not configured now. */
export function providerOf(deps: Pick<PaymentsDeps, 'provider' | 'chapa'>, name: string) {
  return [deps.provider, deps.chapa].find((p) => p?.name === name) ?? null;
}

/** How long a provider may take to open a checkout before the family is told to try again (503). */
let providerTimeoutMs = 20_000;
/** Tests: a shorter bound for a provider that hangs. */
export function setProviderTimeoutMs(ms: number | null) {
  providerTimeoutMs = ms ?? 20_000;
}
export const providerTimeout = () => providerTimeoutMs;

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`provider timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
