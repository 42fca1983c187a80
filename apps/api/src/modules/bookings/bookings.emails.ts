import { formatSessionRange } from '@tibeb/domain/payments/session-times';
import { formatUsd } from '@tibeb/domain/shared/money';
import type { Mail } from '../../lib/mailer.ts';
import type { ReservationRow } from './lifecycle.repository.ts';

/** E-mails of the lifecycle (issue 11 §9): family and tutor, times in EAT and in the family's own zone. */

const EAT = 'Africa/Addis_Ababa';
const SIGNATURE = '\n\nTibeb Tutoring\n';

export type MailSession = { startsAt: Date; endsAt: Date };

/** 'Mon, 12 Jan 2026, 16:00–17:00 EAT (Mon, 12 Jan 2026, 14:00–15:00 Europe/London, your time)'. */
export function twoZones(s: MailSession, familyZone: string): string {
  const eat = formatSessionRange(s.startsAt, s.endsAt, EAT);
  if (!familyZone || familyZone === EAT) return eat;
  return `${eat} (${formatSessionRange(s.startsAt, s.endsAt, familyZone)}, your time)`;
}

type Tutor = { fullName: string; email: string | null } | null;

export function cancelEmails(ctx: {
  reservation: ReservationRow;
  sessions: (MailSession & { outcome: string; valueCents: number })[];
  tutor: Tutor;
  familyZone: string;
  byAdmin: boolean;
}): Mail[] {
  const { reservation: r, tutor } = ctx;
  const who = ctx.byAdmin ? 'Our team has cancelled' : 'You cancelled';
  const familyLines = ctx.sessions.map((s) => {
    const back =
      s.outcome === 'credit'
        ? `${formatUsd(s.valueCents)} credited to your account`
        : s.outcome === 'refund'
          ? `${formatUsd(s.valueCents)} refunded to your card`
          : 'inside the cancellation notice: not refunded';
    return `- ${twoZones(s, ctx.familyZone)}: ${back}`;
  });
  const mails: Mail[] = [
    {
      to: r.email,
      subject: `Session${ctx.sessions.length > 1 ? 's' : ''} cancelled: ${r.studentFullName} with ${tutor?.fullName ?? 'your tutor'}`,
      text:
        `Dear ${r.fullName},\n\n${who} ${ctx.sessions.length} session(s) for ${r.studentFullName}:\n\n` +
        `${familyLines.join('\n')}\n\nReservation: ${r.id}${SIGNATURE}`,
    },
  ];
  if (tutor?.email) {
    mails.push({
      to: tutor.email,
      subject: `Session${ctx.sessions.length > 1 ? 's' : ''} cancelled: ${r.studentFullName}`,
      text:
        `Hello ${tutor.fullName},\n\nThese sessions with ${r.studentFullName} are cancelled and the time is free again:\n\n` +
        `${ctx.sessions.map((s) => `- ${twoZones(s, '')}`).join('\n')}\n\nReservation: ${r.id}${SIGNATURE}`,
    });
  }
  return mails;
}

export function rescheduleEmails(ctx: {
  reservation: ReservationRow;
  moves: { from: MailSession; to: MailSession }[];
  tutor: Tutor;
  familyZone: string;
}): Mail[] {
  const { reservation: r, tutor } = ctx;
  const lines = (zone: string) =>
    ctx.moves.map((m) => `- ${twoZones(m.from, zone)}\n  now ${twoZones(m.to, zone)}`).join('\n');
  const mails: Mail[] = [
    {
      to: r.email,
      subject: `Session${ctx.moves.length > 1 ? 's' : ''} moved: ${r.studentFullName} with ${tutor?.fullName ?? 'your tutor'}`,
      text:
        `Dear ${r.fullName},\n\nThe sessions of ${r.studentFullName} have new times:\n\n${lines(ctx.familyZone)}` +
        `\n\nReservation: ${r.id}${SIGNATURE}`,
    },
  ];
  if (tutor?.email) {
    mails.push({
      to: tutor.email,
      subject: `Session${ctx.moves.length > 1 ? 's' : ''} moved: ${r.studentFullName}`,
      text:
        `Hello ${tutor.fullName},\n\nThe sessions with ${r.studentFullName} have new times:\n\n${lines('')}` +
        `\n\nReservation: ${r.id}${SIGNATURE}`,
    });
  }
  return mails;
}
