import { RENEWAL_OFFER_DAYS } from '@tibeb/domain/family/contracts';
import type { AppInstance } from '../../../platform/http/app-instance.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import { renewalReminderEmail } from './renewal.emails.ts';
import { renewable, takeDueReminders } from './renewal.repository.ts';

export const RENEWAL_REMINDER_INTERVAL_MS = 60 * 60_000;

/**
 * One pass of the renewal reminder (issue 15 item 3): each booking whose paid weeks end within a week, not
 * renewed yet, gets one e-mail. The marker (a 'renewal_reminded' booking event) and the queued mail are
 * written in one transaction over rows locked with SKIP LOCKED, so several instances never send it twice.
 * Answers how many reminders were queued.
 */
export async function sendRenewalReminders(
  deps: { db: Db; mailer: Pick<Mailer, 'send'>; publicUrl: string },
  now = new Date(),
): Promise<number> {
  const due = await renewable(deps.db, null, now, new Date(now.getTime() + RENEWAL_OFFER_DAYS * 86_400_000));
  if (due.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    const taken = new Set(
      (
        await takeDueReminders(
          tx,
          due.map((r) => r.id),
        )
      ).map((r) => r.id),
    );
    for (const r of due.filter((x) => taken.has(x.id))) {
      const link = `${deps.publicUrl.replace(/\/$/, '')}/student/dashboard`;
      await deps.mailer.send(renewalReminderEmail(r, link), { tx });
    }
    return taken.size;
  });
}

/** Every hour, and at start, on the app's job runner (SKIP LOCKED and the runner's lease across instances). */
export function registerRenewalReminderJob(app: AppInstance): void {
  app.jobs.add({
    name: 'renewal-reminders',
    intervalMs: RENEWAL_REMINDER_INTERVAL_MS,
    runAtStart: true,
    run: () => sendRenewalReminders({ db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl }),
    report: (n, log) => {
      if (n) log.info({ reminders: n }, 'renewal reminders queued');
    },
  });
}
