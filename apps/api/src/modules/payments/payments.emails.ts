import { formatUsd } from '@tibeb/domain/shared/money';
import { formatSessionRange, wallClock, zoneLabel } from '@tibeb/domain/payments/session-times';
import type { Mail } from '../../lib/mailer.ts';
import type { PaymentRow, ReservationRow, SessionRow } from './payments.repository.ts';

export type ConfirmationContext = {
  reservation: ReservationRow;
  sessions: SessionRow[];
  payment: PaymentRow;
  tutor: { fullName: string; email: string | null } | null;
  /** A set-password link for a family account made by this payment (DESIGN §1.9). */
  setPasswordLink: string | null;
  publicUrl: string;
};

const SIGNATURE = '\n\nTibeb Tutoring\n';

function sessionLines(sessions: SessionRow[], timeZone: string): string[] {
  return sessions
    .filter((s) => s.status === 'scheduled' || s.status === 'skipped')
    .map((s) => {
      const line = `- ${formatSessionRange(s.startsAt, s.endsAt, timeZone)}`;
      return s.status === 'skipped'
        ? `${line} (skipped: ${s.skipReason || 'clashed with another booking'})`
        : line;
    });
}

/** The e-mails a confirmed payment sends (DESIGN §1.10): family, tutor, receipt, and a set-password link. */
export function confirmationEmails(ctx: ConfirmationContext): Mail[] {
  const { reservation: r, sessions, payment, tutor } = ctx;
  const tz = r.timeZone;
  const lines = sessionLines(sessions, tz);
  const skipped = sessions.filter((s) => s.status === 'skipped').length;
  const tutorName = tutor?.fullName ?? 'your tutor';
  const mails: Mail[] = [];

  const creditNote =
    r.creditCents > 0
      ? `\n\n${skipped} session(s) could not be kept because the time was taken while your payment was pending. ` +
        `Their value, ${formatUsd(r.creditCents)}, is recorded as a credit on your reservation; contact us to use or refund it.`
      : '';
  mails.push({
    to: r.email,
    subject: `Your tutoring sessions with ${tutorName} are confirmed`,
    text:
      `Dear ${r.fullName},\n\nThank you: your payment was received and these sessions for ${r.studentFullName} ` +
      `with ${tutorName} are booked (times in ${zoneLabel(tz)}, Addis Ababa time):\n\n${lines.join('\n')}` +
      `${creditNote}\n\nReservation: ${r.id}${SIGNATURE}`,
  });

  if (tutor?.email) {
    mails.push({
      to: tutor.email,
      subject: `New booking: ${r.studentFullName} (${r.subject || 'tutoring'})`,
      text:
        `Hello ${tutor.fullName},\n\n${r.fullName} booked sessions for ${r.studentFullName}` +
        `${r.studentGrade ? ` (${r.studentGrade})` : ''}${r.subject ? `, ${r.subject}` : ''}:\n\n${lines.join('\n')}` +
        `\n\nReservation: ${r.id}${SIGNATURE}`,
    });
  }

  const paidOn = wallClock(payment.paidAt ?? new Date(), tz);
  const receiptTo = r.billingEmail || r.email;
  mails.push({
    to: receiptTo,
    subject: `Payment receipt ${payment.id.slice(0, 8).toUpperCase()} — Tibeb Tutoring`,
    text:
      `Dear ${r.billingName || r.fullName},\n\nReceipt for your payment.\n\n` +
      `Amount paid: ${formatUsd(payment.amountCents)} (${payment.currency})\n` +
      `Paid on: ${paidOn.date} ${paidOn.time} ${zoneLabel(tz)}\n` +
      `Payment reference: ${payment.id}\n` +
      `For: ${sessions.filter((s) => s.status !== 'skipped').length || lines.length} tutoring session(s) with ${tutorName}` +
      `${r.creditCents > 0 ? `\nCredit on the reservation: ${formatUsd(r.creditCents)}` : ''}${SIGNATURE}`,
  });

  if (ctx.setPasswordLink) {
    mails.push({
      to: r.email,
      subject: 'Set your Tibeb Tutoring password',
      text:
        `Dear ${r.fullName},\n\nWe made a family account for you with this e-mail address, so you can follow ` +
        `your sessions and message your tutor. Choose your password here:\n\n${ctx.setPasswordLink}\n\n` +
        `The link works once and expires in 72 hours.${SIGNATURE}`,
    });
  }
  return mails;
}
