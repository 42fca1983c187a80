import type { FastifyBaseLogger } from 'fastify';
import { lifecycleMessages as msg } from '@tibeb/domain/bookings/lifecycle-messages';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import type { TelegramConfig } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db/client.ts';
import { forbidden } from '../../../platform/http/app-error.ts';
import type { AppInstance } from '../../../platform/http/app-instance.ts';
import type { Mail, Mailer } from '../../../platform/mail/mailer.ts';
import type { Role } from '../../../platform/auth/tokens.ts';
import type { PaymentProvider } from '../payments/providers/payment.provider.ts';
import { telegramCopies } from '../../messaging/index.ts';
import type { ReservationRow } from './sessions.repository.ts';

/**
 * The booking lifecycle (issue 11, decision 090): its services (this folder) are the one place that changes a
 * reservation's or a session's status after it is created. Lock order (README.md): tutor advisory lock (when
 * time is taken or moved) → reservation → its payments → its sessions. Provider calls (refunds) happen after
 * the commit. Here: what every lifecycle action is given, who may act, and how their e-mails go out.
 */

export type Actor = { userId: string; role: Role };

export type LifecycleDeps = {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** The card provider refunds go through; null when none is configured (refunds then wait). */
  provider: PaymentProvider | null;
  /** Chapa, for refunds of payments made in birr (issue 18 §3); null when not configured. */
  chapa?: PaymentProvider | null;
  /** The site's address: the e-mails link into the reader's area (issue 32 item 8). */
  publicUrl: string;
  /** Telegram, for a copy of the family's mails when it linked a chat (decision 268); undefined: none. */
  telegram?: TelegramConfig | undefined;
};

/** The lifecycle's dependencies from the app: database, mailer, log, the card provider, and Chapa when set. */
export function lifecycleDeps(app: AppInstance): LifecycleDeps {
  return {
    db: app.db,
    mailer: app.mailer,
    log: app.log,
    provider: app.payments.card,
    chapa: app.payments.chapa,
    publicUrl: app.config.publicUrl,
    telegram: app.config.telegram,
  };
}

export const isAdmin = (actor: Actor) => ADMIN_ROLES.includes(actor.role);

/** The family that owns the reservation, or an admin; everyone else 403. */
export function familyOrAdmin(actor: Actor, r: ReservationRow): 'family' | 'admin' {
  if (isAdmin(actor)) return 'admin';
  if (actor.role === 'student' && r.familyUserId !== null && r.familyUserId === actor.userId) return 'family';
  throw forbidden(msg.notYours);
}

/** A change's e-mails, and their Telegram copies to families who linked a chat (cancellations, moves, refunds). */
export async function sendAll(deps: LifecycleDeps, mails: Mail[]) {
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      deps.log.error({ err, subject: mail.subject }, 'lifecycle e-mail failed');
    }
  }
  await telegramCopies({ db: deps.db, telegram: deps.telegram, log: deps.log }, mails);
}
