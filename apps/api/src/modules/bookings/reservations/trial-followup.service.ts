import type { Db } from '../../../platform/db/client.ts';
import type { Job } from '../../../platform/jobs/runner.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import { familyRecipient } from '../../accounts/index.ts';
import { insertEvents } from '../lifecycle/booking-events.repository.ts';
import * as repo from './trial.repository.ts';

/**
 * After a trial lesson (issue 30 item 2, decision 273): an hour after it ends, the family is e-mailed once, in its
 * language, that it can continue weekly with the tutor from its area ("Continue weekly with {tutor}" opens the
 * wizard prefilled). Not sent when the family has booked that tutor weekly since. The e-mail is queued in the
 * transaction that records it (`trial_followup_sent`), so it goes once whatever the number of instances.
 */

const texts = {
  en: {
    subject: (tutor: string) => `How was the trial lesson with ${tutor}?`,
    body: (name: string, student: string, tutor: string, link: string) =>
      `Dear ${name},\n\nWe hope ${student}'s trial lesson with ${tutor} went well. To go on, book weekly lessons with ` +
      `${tutor}: in your family area choose "Continue weekly with ${tutor}", and the booking form opens with the ` +
      `tutor, your details and ${student}'s already filled in.\n\n${link}\n\nIf it was not a good match, reply to this ` +
      `e-mail and we will suggest another tutor.\n\nTibeb Tutoring\n`,
  },
  am: {
    subject: (tutor: string) => `ከ${tutor} ጋር የነበረው የሙከራ ትምህርት እንዴት ነበር?`,
    body: (name: string, student: string, tutor: string, link: string) =>
      `ውድ ${name}፣\n\nየ${student} ከ${tutor} ጋር የነበረው የሙከራ ትምህርት መልካም እንደነበር ተስፋ እናደርጋለን። ለመቀጠል ከ${tutor} ጋር ሳምንታዊ ` +
      `ትምህርቶችን ይያዙ፦ በቤተሰብ ገጽዎ ላይ "ከ${tutor} ጋር በየሳምንቱ ይቀጥሉ" የሚለውን ይምረጡ፤ የማስያዣ ቅጹ አስጠኚው፣ የእርስዎና ` +
      `የ${student} መረጃ ተሞልቶ ይከፈታል።\n\n${link}\n\nካልተስማማችሁ ለዚህ ኢሜይል ይመልሱ፤ ሌላ አስጠኚ እንጠቁማለን።\n\nTibeb Tutoring\n`,
  },
} as const;

/** One run: follows up the trials due now; answers how many were e-mailed. */
export async function followUpTrials(
  db: Db,
  mailer: Pick<Mailer, 'send'>,
  publicUrl: string,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const due = await repo.lockTrialsToFollowUp(tx, now);
    for (const r of due) {
      const { locale } = await familyRecipient(tx, {
        familyUserId: r.family_user_id,
        locale: r.locale,
        familyTimeZone: r.family_time_zone,
      });
      const t = texts[locale];
      await mailer.send(
        {
          to: r.email,
          subject: t.subject(r.tutor_name),
          text: t.body(r.full_name, r.student_full_name, r.tutor_name, `${publicUrl}/student/dashboard`),
        },
        { tx },
      );
    }
    await insertEvents(
      tx,
      due.map((r) => ({ reservationId: r.id, action: 'trial_followup_sent', detail: { by: 'job' } })),
    );
    return due.length;
  });
}

/** Every 10 minutes. */
export function trialFollowUpJob(db: Db, mailer: Pick<Mailer, 'send'>, publicUrl: string): Job<number> {
  return {
    name: 'trial-follow-ups',
    intervalMs: 10 * 60_000,
    run: () => followUpTrials(db, mailer, publicUrl),
    report: (sent, log) => {
      if (sent > 0) log.info({ sent }, 'trial follow-ups: sent');
    },
  };
}
