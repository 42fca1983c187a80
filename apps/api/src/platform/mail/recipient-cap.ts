import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { publishGauge } from '../metrics.ts';
import { windowSeconds, type Counters } from '../http/rate-limit.ts';

/**
 * How many e-mails a visitor's action may send one address (issue 29 item 5): every e-mail a visitor can trigger
 * (sign-up verification, "already registered", reset, contact acknowledgement, newsletter welcome) counts
 * against one budget per recipient, so no mix of forms floods one inbox. Generous enough for a family that signs
 * up, writes to us, subscribes and resets its password in one sitting.
 */
export type RecipientCapLimits = { perHour: number; perDay: number };

export const defaultRecipientCap: RecipientCapLimits = { perHour: 5, perDay: 10 };

/** What kind of e-mail was held back (the log line and nothing else). */
export type CappedMail =
  'verify_email' | 'already_registered' | 'reset' | 'contact_ack' | 'newsletter_welcome';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** The address as the cap counts it: case and surrounding spaces do not make a new recipient. */
export const normaliseAddress = (address: string) => address.trim().toLowerCase();

/** The recipient in keys and logs: never the address itself (issue 29 item 3). */
export const recipientHash = (address: string) =>
  createHash('sha256')
    .update(`recipient:${normaliseAddress(address)}`)
    .digest('hex')
    .slice(0, 24);

let cappedTotal = 0;
publishGauge(
  'mail_recipient_capped_total',
  'E-mails a visitor triggered that were not queued because their recipient had reached the cap',
  () => cappedTotal,
);

/**
 * Counts in the shared counters (`app.counters`: Redis across instances, this instance's memory while Redis is
 * away, never none). `allow` answers whether this e-mail may be queued and counts it; over the cap it is not
 * queued, the visitor's answer does not change (so the cap tells nothing about the address), and a line is
 * logged with the recipient's hash only.
 */
export class RecipientCap {
  private readonly counters: Counters;
  private readonly log: Pick<FastifyBaseLogger, 'warn'>;
  private readonly limits: RecipientCapLimits;

  constructor(
    counters: Counters,
    log: Pick<FastifyBaseLogger, 'warn'>,
    limits: RecipientCapLimits = defaultRecipientCap,
  ) {
    this.counters = counters;
    this.log = log;
    this.limits = limits;
  }

  async allow(address: string, kind: CappedMail): Promise<boolean> {
    const recipient = recipientHash(address);
    // The hour first: an attempt over the hour's cap is not counted in the day, so a flood inside one hour
    // does not spend the rest of the day's budget. Each count is one atomic increment, so simultaneous
    // requests on several instances cannot overshoot.
    const hour = await this.counters.penalty(`mailcap:h:${recipient}`, 1, {
      customDuration: windowSeconds(HOUR_MS),
    });
    let allowed = hour.consumedPoints <= this.limits.perHour;
    if (allowed) {
      const day = await this.counters.penalty(`mailcap:d:${recipient}`, 1, {
        customDuration: windowSeconds(DAY_MS),
      });
      allowed = day.consumedPoints <= this.limits.perDay;
    }
    if (!allowed) {
      cappedTotal += 1;
      this.log.warn({ recipient, kind }, 'e-mail not queued: its recipient reached the per-recipient cap');
    }
    return allowed;
  }
}
