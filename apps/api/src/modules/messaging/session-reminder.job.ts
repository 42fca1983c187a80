import type { FastifyBaseLogger } from 'fastify';
import { toE164 } from '@tibeb/domain/messaging/phone';
import {
  reminderChannelFor,
  reminderDue,
  reminderEmail,
  reminderKinds,
  reminderSms,
  reminderWhatsAppVariables,
  reminderWindows,
  type ReminderChannel,
  type ReminderContent,
} from '@tibeb/domain/messaging/reminders';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import type { TwilioConfig } from '../../platform/config.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { MessageNotSent, twilioSender, type MessageSender } from './twilio.provider.ts';
import { optOutLink } from './reminders.service.ts';
import {
  claimDueReminders,
  finishReminder,
  reminderDetails,
  renewClaim,
  takeDueRetries,
  type ClaimedReminder,
  type ReminderRow,
} from './session-reminder.repository.ts';
import { telegramSender, type TelegramSender } from './telegram.provider.ts';

export const SESSION_REMINDER_INTERVAL_MS = 60_000;
/** An SMS or WhatsApp message is tried this many times (1 and 2 minutes apart), then recorded as failed. */
export const REMINDER_MAX_ATTEMPTS = 3;
const retryDelayMs = (attempts: number) => 60_000 * 2 ** (attempts - 1);
/** A claim not finished within this is its instance's that stopped while sending (see takeDueRetries). */
const LEASE_MS = 5 * 60_000;
const BATCH = 50;

export type ReminderDeps = {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  /** The key that signs the opt-out links (the server's JWT secret). */
  secret: string;
  twilio: TwilioConfig | undefined;
  /** Twilio's sender; made (and the SDK loaded) only when the first SMS or WhatsApp message goes out. */
  sender: () => MessageSender;
  /** Telegram's sender when the platform has a bot (decision 268); undefined: no Telegram. */
  telegram?: TelegramSender | undefined;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

export type ReminderPass = {
  sent: Record<ReminderChannel, number>;
  skipped: number;
  retrying: number;
  failed: number;
};

/**
 * How a reminder goes out: by the booking's preference (SMS for 'phone', or WhatsApp) when Twilio is set up for
 * that channel and the booking has a usable mobile number; otherwise by e-mail (decision 176).
 */
function routeFor(deps: ReminderDeps, row: ReminderRow): { channel: ReminderChannel; to: string } {
  // A family that linked Telegram chose it for these messages (decision 268).
  if (row.telegram_chat_id && deps.telegram) return { channel: 'telegram', to: row.telegram_chat_id };
  const wanted = reminderChannelFor(row.communication_preference);
  const phone = toE164(row.phone) ?? toE164(row.guardian_phone);
  if (phone && wanted === 'sms' && deps.twilio?.smsFrom) return { channel: 'sms', to: phone };
  if (phone && wanted === 'whatsapp' && deps.twilio?.whatsapp) return { channel: 'whatsapp', to: phone };
  return { channel: 'email', to: row.email };
}

function contentOf(
  deps: ReminderDeps,
  row: ReminderRow,
  kind: ClaimedReminder['kind'],
  now: Date,
): ReminderContent {
  return {
    kind,
    locale: row.locale === 'am' ? 'am' : 'en',
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    familyZone: row.family_zone,
    familyName: row.guardian_full_name || row.full_name,
    studentName: row.student_full_name,
    tutorName: row.tutor_name,
    subject: row.subject,
    link: `${deps.publicUrl.replace(/\/$/, '')}/student/dashboard`,
    now,
  };
}

/**
 * Queues the e-mail reminder in `tx` and records it sent (the mail queue delivers it), if the claim is still
 * this instance's; answers whether it was queued.
 */
async function emailReminder(
  deps: ReminderDeps,
  tx: DbOrTx,
  claim: ClaimedReminder,
  row: ReminderRow,
  now: Date,
): Promise<boolean> {
  if (!(await renewClaim(tx, claim, 'email', now))) return false;
  const mail = reminderEmail(
    contentOf(deps, row, claim.kind, now),
    optOutLink(deps.publicUrl, row.account_id, deps.secret),
  );
  await deps.mailer.send({ to: row.email, ...mail }, { tx });
  await finishReminder(tx, claim, { status: 'sent', providerId: 'mail_outbox', at: now });
  return true;
}

/** Why a claimed reminder must not go out any more, or null. */
function staleReason(claim: ClaimedReminder, row: ReminderRow | undefined, now: Date): string | null {
  if (!row || row.session_status !== 'scheduled' || row.reservation_status !== 'confirmed')
    return 'cancelled';
  if (row.starts_at_text !== claim.starts_at) return 'moved';
  if (!row.reminders_enabled) return 'reminders turned off';
  if (!reminderDue(claim.kind, new Date(row.starts_at), now)) return 'too late';
  return null;
}

/**
 * Sends one claimed SMS or WhatsApp reminder, outside any transaction (DESIGN: no provider call inside one),
 * after reading the session again: cancelled, moved or stopped since the claim, it is skipped. A refusal that
 * trying again may cure is retried (REMINDER_MAX_ATTEMPTS in all); any other is recorded as failed.
 */
async function phoneReminder(
  deps: ReminderDeps,
  claim: ClaimedReminder,
  attempts: number,
  now: Date,
  pass: ReminderPass & { startedAt: number },
) {
  const [row] = await reminderDetails(deps.db, [claim.session_id]);
  const stale = staleReason(claim, row, now);
  if (stale || !row) {
    await finishReminder(deps.db, claim, { status: 'skipped', error: stale ?? 'cancelled' });
    pass.skipped += 1;
    return;
  }
  const route = routeFor(deps, row);
  if (route.channel === 'email') {
    // The preference or Twilio's setup changed since the claim.
    if (await deps.db.transaction((tx) => emailReminder(deps, tx, claim, row, now))) pass.sent.email += 1;
    return;
  }
  // The lease counts from now: a long pass (a slow provider) does not let another instance take the claim.
  const leaseUntil = new Date(now.getTime() + (Date.now() - pass.startedAt) + LEASE_MS);
  if (!(await renewClaim(deps.db, claim, route.channel, leaseUntil))) return;
  const content = contentOf(deps, row, claim.kind, now);
  try {
    let sid: string;
    if (route.channel === 'telegram') sid = await deps.telegram!(route.to, reminderSms(content));
    else if (route.channel === 'sms') sid = await deps.sender().sms(route.to, reminderSms(content));
    else {
      // The Amharic template when there is one; otherwise the English template, with English variables.
      const templates = deps.twilio!.whatsapp!.contentSid;
      const locale = content.locale === 'am' && templates.am ? 'am' : 'en';
      sid = await deps
        .sender()
        .whatsapp(route.to, templates[locale]!, reminderWhatsAppVariables({ ...content, locale }));
    }
    await finishReminder(deps.db, claim, { status: 'sent', providerId: sid, at: now });
    pass.sent[route.channel] += 1;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const retry = err instanceof MessageNotSent && err.retryable && attempts < REMINDER_MAX_ATTEMPTS;
    await finishReminder(
      deps.db,
      claim,
      retry
        ? { status: 'retry', error: message, retryAt: new Date(now.getTime() + retryDelayMs(attempts)) }
        : { status: 'failed', error: message },
    );
    if (retry) pass.retrying += 1;
    else pass.failed += 1;
    deps.log?.warn(
      { err, sessionId: claim.session_id, kind: claim.kind, channel: route.channel, attempts, retry },
      'reminder not sent',
    );
  }
}

/**
 * One pass of the lesson reminders (issue 18 item 4): retries whose time has come, then, for the 24-hour and the
 * 1-hour reminder in turn, the due sessions are claimed (SKIP LOCKED and the claim's primary key: once across
 * instances); e-mail reminders are queued in the claim's transaction, SMS and WhatsApp ones sent after it.
 */
export async function sendSessionReminders(deps: ReminderDeps, now = new Date()): Promise<ReminderPass> {
  const pass = {
    sent: { email: 0, sms: 0, whatsapp: 0, telegram: 0 },
    skipped: 0,
    retrying: 0,
    failed: 0,
    startedAt: Date.now(),
  };
  const { retries, interrupted } = await takeDueRetries(deps.db, { now, leaseMs: LEASE_MS, limit: BATCH });
  pass.failed += interrupted;
  for (const claim of retries) await phoneReminder(deps, claim, claim.attempts, now, pass);

  for (const kind of reminderKinds) {
    const window = reminderWindows[kind];
    for (;;) {
      const { claimed, byPhone } = await deps.db.transaction(async (tx) => {
        const claims = await claimDueReminders(tx, {
          kind,
          now,
          fromMs: window.fromMs,
          untilMs: window.untilMs,
          // A lesson booked less than a day ahead gets no 24-hour reminder (its confirmation was just sent).
          bookedAheadMs: kind === '24h' ? window.fromMs : 0,
          leaseMs: LEASE_MS,
          limit: BATCH,
        });
        const rows = new Map(
          (
            await reminderDetails(
              tx,
              claims.map((c) => c.session_id),
            )
          ).map((r) => [r.session_id, r]),
        );
        const phone: ClaimedReminder[] = [];
        for (const claim of claims) {
          const row = rows.get(claim.session_id)!;
          if (routeFor(deps, row).channel !== 'email') phone.push(claim);
          else if (await emailReminder(deps, tx, claim, row, now)) pass.sent.email += 1;
        }
        return { claimed: claims.length, byPhone: phone };
      });
      for (const claim of byPhone) await phoneReminder(deps, claim, 1, now, pass);
      if (claimed < BATCH) break;
    }
  }
  const { sent, skipped, retrying, failed } = pass;
  return { sent, skipped, retrying, failed };
}

/** The job's dependencies from the app: Twilio's sender is made on first use. */
export function reminderDeps(app: AppInstance): ReminderDeps {
  const twilio = app.config.twilio;
  let sender: MessageSender | null = null;
  return {
    db: app.db,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    get secret() {
      return app.config.jwtSecret;
    },
    twilio,
    telegram: app.config.telegram ? telegramSender(app.config.telegram) : undefined,
    sender: () => {
      if (!twilio) throw new MessageNotSent('Twilio is not configured', 400, undefined);
      return (sender ??= twilioSender(twilio));
    },
    log: app.log,
  };
}

/** Every minute, and once at start, on the app's job runner (one instance at a time: the runner's lease). */
export function registerSessionReminderJob(app: AppInstance): void {
  const deps = reminderDeps(app);
  app.jobs.add({
    name: 'session-reminders',
    intervalMs: SESSION_REMINDER_INTERVAL_MS,
    runAtStart: true,
    run: () => sendSessionReminders(deps),
    report: ({ sent, skipped, retrying, failed }, log) => {
      if (sent.email + sent.sms + sent.whatsapp + sent.telegram + skipped + retrying + failed > 0) {
        log.info({ ...sent, skipped, retrying, failed }, 'session reminders: sent');
      }
    },
  });
}
