import { toLocale, type Locale } from '@tibeb/domain/shared/locale';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { mailTwoZones, type MailSession } from '../../../platform/mail/mail-dates.ts';
import type { Mail } from '../../../platform/mail/mailer.ts';
import type { ReservationRow } from './sessions.repository.ts';

/**
 * E-mails of the lifecycle (issue 11 §9): family and tutor, times in EAT and in the family's own zone; each in
 * its reader's language (issue 18): the family's account's, else the booking's; a tutor's own account's.
 */

export type { MailSession };

const SIGNATURE = '\n\nTibeb Tutoring\n';

type Area = 'student' | 'tutor';

const areaLines: Record<Locale, Record<Area, (link: string) => string>> = {
  en: {
    student: (link) => `Your sessions, receipts and messages are in your family area: ${link}`,
    tutor: (link) => `Your schedule: ${link}`,
  },
  am: {
    student: (link) => `ክፍለ ጊዜዎችዎ፣ ደረሰኞችዎና መልዕክቶችዎ በቤተሰብ ገጽዎ ላይ ይገኛሉ፦ ${link}`,
    tutor: (link) => `የጊዜ ሰሌዳዎ፦ ${link}`,
  },
};

/**
 * The line that leads the reader of a booking's e-mail into the site (issue 32 item 8), in its language: a family
 * to its area (sessions, receipts, messages; signed out, the sign-in page first and then back there), a tutor to
 * its schedule. payments.emails.ts ends its e-mails with it too.
 */
export const areaLinkLine = (publicUrl: string, locale: Locale, area: Area) =>
  areaLines[locale][area](`${publicUrl}/${area}/dashboard`);

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
  reason: (reason: string) => string;
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
    reason: (reason) => `Reason given: ${reason}`,
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
    reason: (reason) => `የተሰጠው ምክንያት፦ ${reason}`,
  },
};

/** The reason given for a change, as its own paragraph; none typed: nothing (issue 31 item 2). */
const reasonLine = (t: Texts, reason: string | undefined) =>
  reason?.trim() ? `\n\n${t.reason(reason.trim())}` : '';

/** An e-mail's subject and its words before the reservation number and the signature. */
type Letter = { subject: string; body: string };

/**
 * The family's e-mail, and the tutor's when the tutor has an address: each in its reader's language, ending with
 * the link into the reader's area, the reservation number and the signature.
 */
function familyAndTutorMails(
  ctx: { reservation: ReservationRow; tutor: Tutor; family: Family; publicUrl: string },
  toFamily: (t: Texts) => Letter,
  toTutor: (t: Texts, locale: Locale, tutor: { fullName: string }) => Letter,
): Mail[] {
  const { reservation: r, tutor, family } = ctx;
  const end = (locale: Locale, area: Area) =>
    `\n\n${areaLinkLine(ctx.publicUrl, locale, area)}\n\n${texts[locale].reservation(r.id)}${SIGNATURE}`;
  const letter = toFamily(texts[family.locale]);
  const mails: Mail[] = [
    { to: r.email, subject: letter.subject, text: letter.body + end(family.locale, 'student') },
  ];
  if (tutor?.email) {
    // Tutors read English unless their own account says Amharic.
    const tl = toLocale(tutor.locale);
    const forTutor = toTutor(texts[tl], tl, tutor);
    mails.push({ to: tutor.email, subject: forTutor.subject, text: forTutor.body + end(tl, 'tutor') });
  }
  return mails;
}

export function cancelEmails(ctx: {
  reservation: ReservationRow;
  sessions: (MailSession & { outcome: string; valueCents: number })[];
  tutor: Tutor;
  family: Family;
  byAdmin: boolean;
  publicUrl: string;
  /** What the person who cancelled typed ('' or left out: nothing typed). */
  reason?: string;
}): Mail[] {
  const { reservation: r, tutor, family } = ctx;
  const many = ctx.sessions.length > 1;
  return familyAndTutorMails(
    ctx,
    (t) => ({
      subject: t.cancelSubject(many, r.studentFullName, tutor?.fullName ?? t.yourTutor),
      body:
        `${t.cancelIntro(r.fullName, ctx.byAdmin, ctx.sessions.length, r.studentFullName)}\n\n` +
        ctx.sessions
          .map(
            (s) =>
              `- ${mailTwoZones(s, family.timeZone, family.locale)}: ${t.back(s.outcome, formatAmount(s.valueCents, r.currency))}`,
          )
          .join('\n') +
        reasonLine(t, ctx.reason),
    }),
    (t, locale, { fullName }) => ({
      subject: t.tutorCancelSubject(many, r.studentFullName),
      body:
        `${t.tutorCancelIntro(fullName, r.studentFullName)}\n\n` +
        ctx.sessions.map((s) => `- ${mailTwoZones(s, '', locale)}`).join('\n') +
        reasonLine(t, ctx.reason),
    }),
  );
}

export function rescheduleEmails(ctx: {
  reservation: ReservationRow;
  moves: { from: MailSession; to: MailSession }[];
  tutor: Tutor;
  family: Family;
  publicUrl: string;
  /** What the person who moved typed ('' or left out: nothing typed). */
  reason?: string;
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
    ctx,
    (t) => ({
      subject: t.moveSubject(many, r.studentFullName, tutor?.fullName ?? t.yourTutor),
      body:
        `${t.moveIntro(r.fullName, r.studentFullName)}\n\n${lines(family.timeZone, family.locale)}` +
        reasonLine(t, ctx.reason),
    }),
    (t, locale, { fullName }) => ({
      subject: t.tutorMoveSubject(many, r.studentFullName),
      body: `${t.tutorMoveIntro(fullName, r.studentFullName)}\n\n${lines('', locale)}${reasonLine(t, ctx.reason)}`,
    }),
  );
}
