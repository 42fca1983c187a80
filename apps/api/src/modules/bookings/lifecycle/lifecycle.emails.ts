import { toLocale, type Locale } from '@tibeb/domain/shared/locale';
import { formatUsd } from '@tibeb/domain/shared/money';
import { mailTwoZones, type MailSession } from '../../../platform/mail/mail-dates.ts';
import type { Mail } from '../../../platform/mail/mailer.ts';
import type { ReservationRow } from './sessions.repository.ts';

/**
 * E-mails of the lifecycle (issue 11 §9): family and tutor, times in EAT and in the family's own zone; each in
 * its reader's language (issue 18): the family's account's, else the booking's; a tutor's own account's.
 */

export type { MailSession };

const SIGNATURE = '\n\nTibeb Tutoring\n';

type Tutor = { fullName: string; email: string | null; locale?: string | null } | null;
type Family = { locale: Locale; timeZone: string };
type Outcome = 'credit' | 'refund' | string;

type Texts = {
  yourTutor: string;
  reservation: (id: string) => string;
  back: (outcome: Outcome, amount: string) => string;
  cancelSubject: (many: boolean, student: string, tutor: string) => string;
  cancelIntro: (name: string, byAdmin: boolean, count: number, student: string) => string;
  tutorCancelSubject: (many: boolean, student: string) => string;
  tutorCancelIntro: (tutor: string, student: string) => string;
  moveSubject: (many: boolean, student: string, tutor: string) => string;
  moveIntro: (name: string, student: string) => string;
  tutorMoveSubject: (many: boolean, student: string) => string;
  tutorMoveIntro: (tutor: string, student: string) => string;
  now: string;
};

const texts: Record<Locale, Texts> = {
  en: {
    yourTutor: 'your tutor',
    reservation: (id) => `Reservation: ${id}`,
    back: (outcome, amount) =>
      outcome === 'credit'
        ? `${amount} credited to your account`
        : outcome === 'refund'
          ? `${amount} refunded to your card`
          : 'inside the cancellation notice: not refunded',
    cancelSubject: (many, student, tutor) => `Session${many ? 's' : ''} cancelled: ${student} with ${tutor}`,
    cancelIntro: (name, byAdmin, count, student) =>
      `Dear ${name},\n\n${byAdmin ? 'Our team has cancelled' : 'You cancelled'} ${count} session(s) for ${student}:`,
    tutorCancelSubject: (many, student) => `Session${many ? 's' : ''} cancelled: ${student}`,
    tutorCancelIntro: (tutor, student) =>
      `Hello ${tutor},\n\nThese sessions with ${student} are cancelled and the time is free again:`,
    moveSubject: (many, student, tutor) => `Session${many ? 's' : ''} moved: ${student} with ${tutor}`,
    moveIntro: (name, student) => `Dear ${name},\n\nThe sessions of ${student} have new times:`,
    tutorMoveSubject: (many, student) => `Session${many ? 's' : ''} moved: ${student}`,
    tutorMoveIntro: (tutor, student) => `Hello ${tutor},\n\nThe sessions with ${student} have new times:`,
    now: 'now',
  },
  am: {
    yourTutor: 'አስጠኚዎ',
    reservation: (id) => `የማስያዣ ቁጥር፦ ${id}`,
    back: (outcome, amount) =>
      outcome === 'credit'
        ? `${amount} በሂሳብዎ ላይ እንደ ክሬዲት ተመዝግቧል`
        : outcome === 'refund'
          ? `${amount} ወደ ካርድዎ ተመላሽ ተደርጓል`
          : 'በስረዛ ማሳወቂያ ጊዜ ገደብ ውስጥ በመሆኑ ተመላሽ አይደረግም',
    cancelSubject: (many, student, tutor) =>
      `${many ? 'የተሰረዙ ክፍለ ጊዜዎች' : 'የተሰረዘ ክፍለ ጊዜ'}፦ ${student} ከ${tutor} ጋር`,
    cancelIntro: (name, byAdmin, count, student) =>
      `ውድ ${name}፣\n\n` +
      (byAdmin
        ? `ቡድናችን ለ${student} የተያዙ ${count} ክፍለ ጊዜ(ዎች) ሰርዟል፦`
        : `ለ${student} የተያዙ ${count} ክፍለ ጊዜ(ዎች) ሰርዘዋል፦`),
    tutorCancelSubject: (many, student) => `${many ? 'የተሰረዙ ክፍለ ጊዜዎች' : 'የተሰረዘ ክፍለ ጊዜ'}፦ ${student}`,
    tutorCancelIntro: (tutor, student) =>
      `ሰላም ${tutor}፣\n\nከ${student} ጋር የነበሩት እነዚህ ክፍለ ጊዜዎች ተሰርዘዋል፤ ሰዓቱም እንደገና ክፍት ሆኗል፦`,
    moveSubject: (many, student, tutor) =>
      `${many ? 'የክፍለ ጊዜዎች ሰዓት ተቀይሯል' : 'የክፍለ ጊዜ ሰዓት ተቀይሯል'}፦ ${student} ከ${tutor} ጋር`,
    moveIntro: (name, student) => `ውድ ${name}፣\n\nየ${student} ክፍለ ጊዜዎች አዲስ ሰዓት ተሰጥቷቸዋል፦`,
    tutorMoveSubject: (many, student) => `${many ? 'የክፍለ ጊዜዎች ሰዓት ተቀይሯል' : 'የክፍለ ጊዜ ሰዓት ተቀይሯል'}፦ ${student}`,
    tutorMoveIntro: (tutor, student) => `ሰላም ${tutor}፣\n\nከ${student} ጋር ያሉት ክፍለ ጊዜዎች አዲስ ሰዓት ተሰጥቷቸዋል፦`,
    now: 'አሁን፦',
  },
};

/** An e-mail's subject and its words before the reservation number and the signature. */
type Letter = { subject: string; body: string };

/**
 * The family's e-mail, and the tutor's when the tutor has an address: each in its reader's language, ending with
 * the reservation number and the signature.
 */
function familyAndTutorMails(
  r: ReservationRow,
  tutor: Tutor,
  family: Family,
  toFamily: (t: Texts) => Letter,
  toTutor: (t: Texts, locale: Locale, tutor: { fullName: string }) => Letter,
): Mail[] {
  const end = (t: Texts) => `\n\n${t.reservation(r.id)}${SIGNATURE}`;
  const t = texts[family.locale];
  const letter = toFamily(t);
  const mails: Mail[] = [{ to: r.email, subject: letter.subject, text: letter.body + end(t) }];
  if (tutor?.email) {
    // Tutors read English unless their own account says Amharic.
    const tl = toLocale(tutor.locale);
    const forTutor = toTutor(texts[tl], tl, tutor);
    mails.push({ to: tutor.email, subject: forTutor.subject, text: forTutor.body + end(texts[tl]) });
  }
  return mails;
}

export function cancelEmails(ctx: {
  reservation: ReservationRow;
  sessions: (MailSession & { outcome: string; valueCents: number })[];
  tutor: Tutor;
  family: Family;
  byAdmin: boolean;
}): Mail[] {
  const { reservation: r, tutor, family } = ctx;
  const many = ctx.sessions.length > 1;
  return familyAndTutorMails(
    r,
    tutor,
    family,
    (t) => ({
      subject: t.cancelSubject(many, r.studentFullName, tutor?.fullName ?? t.yourTutor),
      body:
        `${t.cancelIntro(r.fullName, ctx.byAdmin, ctx.sessions.length, r.studentFullName)}\n\n` +
        ctx.sessions
          .map(
            (s) =>
              `- ${mailTwoZones(s, family.timeZone, family.locale)}: ${t.back(s.outcome, formatUsd(s.valueCents))}`,
          )
          .join('\n'),
    }),
    (t, locale, { fullName }) => ({
      subject: t.tutorCancelSubject(many, r.studentFullName),
      body:
        `${t.tutorCancelIntro(fullName, r.studentFullName)}\n\n` +
        ctx.sessions.map((s) => `- ${mailTwoZones(s, '', locale)}`).join('\n'),
    }),
  );
}

export function rescheduleEmails(ctx: {
  reservation: ReservationRow;
  moves: { from: MailSession; to: MailSession }[];
  tutor: Tutor;
  family: Family;
}): Mail[] {
  const { reservation: r, tutor, family } = ctx;
  const many = ctx.moves.length > 1;
  const lines = (zone: string, locale: Locale) =>
    ctx.moves
      .map(
        (m) =>
          `- ${mailTwoZones(m.from, zone, locale)}\n  ${texts[locale].now} ${mailTwoZones(m.to, zone, locale)}`,
      )
      .join('\n');
  return familyAndTutorMails(
    r,
    tutor,
    family,
    (t) => ({
      subject: t.moveSubject(many, r.studentFullName, tutor?.fullName ?? t.yourTutor),
      body: `${t.moveIntro(r.fullName, r.studentFullName)}\n\n${lines(family.timeZone, family.locale)}`,
    }),
    (t, locale, { fullName }) => ({
      subject: t.tutorMoveSubject(many, r.studentFullName),
      body: `${t.tutorMoveIntro(fullName, r.studentFullName)}\n\n${lines('', locale)}`,
    }),
  );
}
