import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { loggableError, safeErrorSummary } from '../http/loggable-error.ts';
import {
  claimDueMail,
  countPendingMail,
  enqueueMail,
  markMailFailed,
  markMailSent,
  listOutbox,
  oldestDueMail,
  resendMail,
  type GiveUpRule,
  type OutboxState,
  type OutboxRow,
} from './outbox.repository.ts';
import { listUnsubscribeHeaders, textToHtml } from './mail-html.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };

/** Where a caller already holds a transaction, the message is queued in it (sent only if it commits). */
export type SendOptions = { tx?: DbOrTx };

export type DeliveryResult = { sent: number; failed: number };

/**
 * Mail is never dropped silently (issue 29 item 4): a failed message is tried again 30 s, 1, 2, 4 … minutes
 * later, then every hour, for at least three days after it was queued, and at least this many times since it was
 * queued or resent; then it is given up: kept, listed to admins (Admin → Settings → Mail outbox) and resendable.
 */
export const MAIL_MIN_ATTEMPTS = 8;
export const MAIL_RETRY_WINDOW_MS = 3 * 24 * 3_600_000;
export const MAIL_GIVE_UP: GiveUpRule = { windowMs: MAIL_RETRY_WINDOW_MS, minAttempts: MAIL_MIN_ATTEMPTS };
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

function safeAddress(to: string): string {
  return to.replace(/[^a-z0-9@._-]/gi, '_');
}

/**
 * Outgoing e-mail through one queue every instance shares (the `mail_outbox` table, DESIGN §3): `send` only
 * queues (in the caller's transaction when given one); `deliverDue` — run by the mail-outbox job, on whichever
 * instance takes the rows first — sends through SMTP when SMTP_URL is set, or writes each message as an .eml
 * file to DATA_DIR/outbox/ (DESIGN §1.10), so a developer — or a test — can read what was sent.
 */
export class Mailer {
  /** Made at the first delivery: nodemailer is loaded only when there is mail to send (DESIGN §4 memory). */
  private transport: Promise<Transporter> | undefined;
  private readonly smtpUrl: string | undefined;
  readonly outboxDir: string | undefined;
  private readonly from: string;
  private readonly domain: string;
  private readonly db: Db;
  private queued: (() => void) | undefined;
  /** When this instance last queued a message (µs since the epoch): the next one is queued after it. */
  private lastQueued = '0';
  /** Delivery passes of this instance run one after the other (the job's ticks and `drain`). */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(config: Pick<Config, 'smtpUrl' | 'dataDir' | 'mailFrom'>, db: Db) {
    this.from = config.mailFrom;
    this.domain = /@([^>\s]+)/.exec(config.mailFrom)?.[1] ?? 'tibeb.example';
    this.db = db;
    this.smtpUrl = config.smtpUrl;
    if (!config.smtpUrl) this.outboxDir = path.join(config.dataDir, 'outbox');
  }

  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      this.smtpUrl
        ? nodemailer.createTransport(this.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return this.transport;
  }

  /** Queues a message; it goes out within seconds from whichever instance's job takes it. */
  async send(mail: Mail, options: SendOptions = {}): Promise<void> {
    const queuedAt = await enqueueMail(options.tx ?? this.db, mail, this.lastQueued);
    if (BigInt(queuedAt) > BigInt(this.lastQueued)) this.lastQueued = queuedAt;
    this.queued?.();
  }

  /** The job listens here to deliver soon after a message is queued instead of waiting for its next tick. */
  onQueued(listener: (() => void) | undefined): void {
    this.queued = listener;
  }

  /** One delivery pass: takes the due messages (SKIP LOCKED) and delivers each; failures wait and retry. */
  deliverDue(log?: { error: (obj: object, msg: string) => void }): Promise<DeliveryResult> {
    const pass = this.chain.then(() => this.deliverBatch(log));
    this.chain = pass.catch(() => undefined);
    return pass;
  }

  /** Delivers everything due now, waiting for a pass in progress (tests, shutdown). */
  async drain(): Promise<void> {
    for (;;) {
      const { sent, failed } = await this.deliverDue();
      if (sent + failed === 0) return;
    }
  }

  /** Messages queued and not yet delivered (retries included). */
  pending(): Promise<number> {
    return countPendingMail(this.db, MAIL_GIVE_UP);
  }

  /** When the oldest message due and not yet sent fell due (null: none). */
  oldestDue(now: Date): Promise<Date | string | null> {
    return oldestDueMail(this.db, now, MAIL_GIVE_UP);
  }

  /** One page of the outbox for admins, newest first (decision 219). */
  list(opts: { state?: OutboxState; limit: number; offset: number }) {
    return listOutbox(this.db, { ...opts, rule: MAIL_GIVE_UP });
  }

  /**
   * An admin's resend: the unsent message is due now with its attempts reset (a given-up one gets a fresh set of
   * tries), in the caller's transaction when given one; the job is asked for a pass. Answers its state before,
   * 'sent' if it already went out, null if there is no such message.
   */
  async resend(id: string, options: SendOptions = {}) {
    const before = await resendMail(options.tx ?? this.db, id, MAIL_GIVE_UP);
    if (before && before !== 'sent') this.queued?.();
    return before;
  }

  private async deliverBatch(log?: { error: (obj: object, msg: string) => void }): Promise<DeliveryResult> {
    const rows = await claimDueMail(this.db, {
      limit: BATCH,
      leaseMs: LEASE_MS,
      giveUp: MAIL_GIVE_UP,
    });
    const result: DeliveryResult = { sent: 0, failed: 0 };
    for (const row of rows) {
      try {
        await this.deliver(row);
        await markMailSent(this.db, row.id);
        result.sent += 1;
      } catch (err) {
        result.failed += 1;
        // Kept and logged without the recipient, the subject, the body or its links: an SMTP server's answer
        // can quote the address ("550 <…>: unknown user"), so only a redacted summary is kept (`last_error`).
        const summary = safeErrorSummary(err);
        await markMailFailed(this.db, row.id, summary, retryDelayMs(row.attempts));
        const givenUp =
          row.attempts >= MAIL_MIN_ATTEMPTS && Date.now() - row.createdAt.getTime() >= MAIL_RETRY_WINDOW_MS;
        log?.error(
          {
            err: loggableError(err),
            mailId: row.id,
            attempts: row.attempts,
            queuedAt: row.createdAt,
            givenUp,
          },
          givenUp
            ? 'e-mail delivery failed; given up (Admin → Settings → Mail outbox can resend it)'
            : 'e-mail delivery failed; it will be retried',
        );
      }
    }
    return result;
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const info = await (
      await this.transporter()
    ).sendMail({
      from: this.from,
      to: row.to,
      subject: row.subject,
      text: row.text,
      // Every message has an HTML part beside its text (decision 256): the caller's, or the text rendered.
      html: row.html || textToHtml(row.text),
      headers: listUnsubscribeHeaders(row.text),
      // One id per queued message: a retry after a lost acknowledgement is recognisably the same message.
      messageId: `<${row.id}@${this.domain}>`,
      date: row.createdAt,
    });
    if (this.outboxDir) {
      await fs.mkdir(this.outboxDir, { recursive: true });
      // Named by queue time and row id: a redelivery overwrites its own file instead of adding a copy.
      const file = path.join(this.outboxDir, `${row.queuedMicros}-${row.id}-${safeAddress(row.to)}.eml`);
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    }
  }

  /**
   * The messages written to the outbox for one recipient, oldest first (tests and local development), each as
   * its headers and its text part (the HTML part beside it left out: decision 256), as they read before HTML
   * parts. Delivers what is queued first, so a test reads what the request it just made sent.
   */
  async readOutbox(to: string): Promise<string[]> {
    return (await this.readOutboxRaw(to)).map(textView);
  }

  /** The .eml files themselves, every part included. */
  async readOutboxRaw(to: string): Promise<string[]> {
    if (!this.outboxDir) return [];
    await this.drain();
    const outboxDir = this.outboxDir;
    const files = (await fs.readdir(outboxDir).catch(() => [] as string[]))
      .filter((f) => f.endsWith(`-${safeAddress(to)}.eml`))
      .sort();
    return Promise.all(files.map((f) => fs.readFile(path.join(outboxDir, f), 'utf8')));
  }
}

/**
 * A multipart/alternative .eml as the single-part text message it would be without its HTML part: the
 * message's headers (its multipart Content-Type left out) with the text part's headers and body.
 */
export function textView(eml: string): string {
  const split = /\r?\n\r?\n/.exec(eml);
  if (!split) return eml;
  const head = eml.slice(0, split.index);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const boundary = /^Content-Type:\s*multipart\/alternative;.*boundary="?([^";\r\n]+)"?/im.exec(
    unfolded,
  )?.[1];
  if (!boundary) return eml;
  const parts = eml.slice(split.index + split[0].length).split(`--${boundary}`);
  const text = parts.find((p) => /^\s*Content-Type:\s*text\/plain/im.test(p.split(/\r?\n\r?\n/)[0] ?? ''));
  if (!text) return eml;
  const headers = head
    .split(/\r?\n(?![ \t])/)
    .filter((h) => !/^(Content-Type|Content-Transfer-Encoding):/i.test(h))
    .join('\n');
  return `${headers}\n${text.replace(/^\r?\n/, '').replace(/\r?\n$/, '')}`;
}
