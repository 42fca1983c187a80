import { skipReasons } from '@tibeb/domain/bookings/lifecycle-messages';
import { toLocale, type Locale } from '@tibeb/domain/shared/locale';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { zoneLabel } from '@tibeb/domain/payments/session-times';
import { mailDateTime, mailTwoZones, type MailSession } from '../../../platform/mail/mail-dates.ts';
import type { Mail } from '../../../platform/mail/mailer.ts';
import { areaLinkLine } from '../lifecycle/lifecycle.emails.ts';
import { LATE_SKIP } from '../lifecycle/payment-outcomes.service.ts';
import type { PaymentRow, ReservationRow, SessionRow } from './payments.repository.ts';

export type ConfirmationContext = {
  reservation: ReservationRow;
  sessions: SessionRow[];
  payment: PaymentRow;
  tutor: { fullName: string; email: string | null; locale: string | null } | null;
  /** A set-password link for a family account made by this payment (DESIGN §1.9). */
  setPasswordLink: string | null;
  publicUrl: string;
  /** The family's language and own time zone ('' = not known): its account's, else the booking's (issue 18). */
  family: { locale: Locale; timeZone: string };
};

const SIGNATURE = '\n\nTibeb Tutoring\n';

type Texts = {
  familySubject: (tutor: string) => string;
  familyIntro: (name: string, student: string, tutor: string, zone: string) => string;
  creditNote: (skipped: number, amount: string) => string;
  reservation: (id: string) => string;
  yourTutor: string;
  skipped: (reason: string) => string;
  tutorSubject: (student: string, subject: string) => string;
  tutorIntro: (tutor: string, family: string, student: string, grade: string, subject: string) => string;
  receiptSubject: (ref: string) => string;
  receipt: (p: {
    name: string;
    amount: string;
    currency: string;
    paidOn: string;
    reference: string;
    sessions: number;
    tutor: string;
    credit: string | null;
  }) => string;
  setPasswordSubject: string;
  setPassword: (name: string, link: string) => string;
  /** A trial lesson (decision 273): its own words; a free one gets no receipt. */
  trialFamilySubject: (tutor: string) => string;
  trialFamilyIntro: (name: string, student: string, tutor: string, zone: string, free: boolean) => string;
  trialTutorSubject: (student: string, subject: string) => string;
};

/** Why a session was left out, in Amharic; a reason not known here is shown as it was written. */
const amharicSkipReasons: Record<string, string> = {
  '': 'ከሌላ ቀጠሮ ጋር ተጋጭቷል',
  [skipReasons.clash]: 'ከሌላ ቀጠሮ ጋር ይጋጫል።',
  [skipReasons.tooSoon]: 'ለመያዝ በጣም የቀረበ ሰዓት ነው።',
  [skipReasons.tutorAway]: 'አስጠኚው በዚያ ቀን አይገኙም።',
  [`${LATE_SKIP}: the time had passed when the payment arrived.`]: 'ክፍያው ሲደርስ ሰዓቱ አልፎ ነበር።',
  [`${LATE_SKIP}: the time was booked by someone else while the payment was pending.`]:
    'ክፍያው በመጠባበቅ ላይ ሳለ ሰዓቱ በሌላ ሰው ተይዟል።',
};

const texts: Record<Locale, Texts> = {
  en: {
    familySubject: (tutor) => `Your tutoring sessions with ${tutor} are confirmed`,
    familyIntro: (name, student, tutor, zone) =>
      `Dear ${name},\n\nThank you: your payment was received and these sessions for ${student} ` +
      `with ${tutor} are booked (times in ${zone}, Addis Ababa time):`,
    creditNote: (skipped, amount) =>
      `${skipped} session(s) could not be kept because the time was taken while your payment was pending. ` +
      `Their value, ${amount}, is recorded as a credit on your reservation; contact us to use or refund it.`,
    reservation: (id) => `Reservation: ${id}`,
    yourTutor: 'your tutor',
    skipped: (reason) => `skipped: ${reason || 'clashed with another booking'}`,
    tutorSubject: (student, subject) => `New booking: ${student} (${subject || 'tutoring'})`,
    tutorIntro: (tutor, family, student, grade, subject) =>
      `Hello ${tutor},\n\n${family} booked sessions for ${student}` +
      `${grade ? ` (${grade})` : ''}${subject ? `, ${subject}` : ''}:`,
    receiptSubject: (ref) => `Payment receipt ${ref} — Tibeb Tutoring`,
    receipt: (p) =>
      `Dear ${p.name},\n\nReceipt for your payment.\n\n` +
      `Amount paid: ${p.amount} (${p.currency})\n` +
      `Paid on: ${p.paidOn}\n` +
      `Payment reference: ${p.reference}\n` +
      `For: ${p.sessions} tutoring session(s) with ${p.tutor}` +
      `${p.credit ? `\nCredit on the reservation: ${p.credit}` : ''}`,
    setPasswordSubject: 'Set your Tibeb Tutoring password',
    trialFamilySubject: (tutor) => `Your trial lesson with ${tutor} is confirmed`,
    trialFamilyIntro: (name, student, tutor, zone, free) =>
      `Dear ${name},\n\n${free ? 'Thank you:' : 'Thank you: your payment was received and'} the trial lesson ` +
      `for ${student} with ${tutor} is booked (time in ${zone}, Addis Ababa time):`,
    trialTutorSubject: (student, subject) => `New trial lesson: ${student} (${subject || 'tutoring'})`,
    setPassword: (name, link) =>
      `Dear ${name},\n\nWe made a family account for you with this e-mail address, so you can follow ` +
      `your sessions and message your tutor. Choose your password here:\n\n${link}\n\n` +
      `The link works once and expires in 72 hours.`,
  },
  am: {
    familySubject: (tutor) => `ከ${tutor} ጋር ያሉዎት የትምህርት ክፍለ ጊዜዎች ተረጋግጠዋል`,
    familyIntro: (name, student, tutor, zone) =>
      `ውድ ${name}፣\n\nእናመሰግናለን፤ ክፍያዎ ደርሶናል። ለ${student} ከ${tutor} ጋር የሚከተሉት የትምህርት ክፍለ ጊዜዎች ` +
      `ተይዘዋል (ሰዓቶቹ በአዲስ አበባ ሰዓት፣ ${zone} ናቸው)፦`,
    creditNote: (skipped, amount) =>
      `ክፍያዎ በመጠባበቅ ላይ ሳለ ሰዓቱ በሌላ ሰው በመያዙ ${skipped} ክፍለ ጊዜ(ዎች) ሊያዙ አልቻሉም። ` +
      `ዋጋቸው ${amount} በማስያዣዎ ላይ እንደ ክሬዲት ተመዝግቧል፤ ለመጠቀም ወይም ተመላሽ ለማድረግ ያግኙን።`,
    reservation: (id) => `የማስያዣ ቁጥር፦ ${id}`,
    yourTutor: 'አስጠኚዎ',
    skipped: (reason) => `ተዘሏል፦ ${amharicSkipReasons[reason] ?? reason}`,
    tutorSubject: (student, subject) => `አዲስ ቀጠሮ፦ ${student} (${subject || 'ማስጠናት'})`,
    tutorIntro: (tutor, family, student, grade, subject) =>
      `ሰላም ${tutor}፣\n\n${family} ለ${student}${grade ? ` (${grade})` : ''}${subject ? `፣ ${subject}` : ''} ` +
      `የሚከተሉትን ክፍለ ጊዜዎች ይዘዋል፦`,
    receiptSubject: (ref) => `የክፍያ ደረሰኝ ${ref} — Tibeb Tutoring`,
    receipt: (p) =>
      `ውድ ${p.name}፣\n\nየክፍያዎ ደረሰኝ ይኸውና።\n\n` +
      `የተከፈለው መጠን፦ ${p.amount} (${p.currency})\n` +
      `የተከፈለበት ጊዜ፦ ${p.paidOn}\n` +
      `የክፍያ መለያ ቁጥር፦ ${p.reference}\n` +
      `ለ፦ ከ${p.tutor} ጋር ${p.sessions} የትምህርት ክፍለ ጊዜ(ዎች)` +
      `${p.credit ? `\nበማስያዣው ላይ ያለ ክሬዲት፦ ${p.credit}` : ''}`,
    setPasswordSubject: 'የTibeb Tutoring የይለፍ ቃልዎን ያዘጋጁ',
    trialFamilySubject: (tutor) => `ከ${tutor} ጋር ያለዎት የሙከራ ትምህርት ተረጋግጧል`,
    trialFamilyIntro: (name, student, tutor, zone, free) =>
      `ውድ ${name}፣\n\nእናመሰግናለን${free ? '።' : '፤ ክፍያዎ ደርሶናል።'} ለ${student} ከ${tutor} ጋር የሙከራ ትምህርት ` +
      `ተይዟል (ሰዓቱ በአዲስ አበባ ሰዓት፣ ${zone} ነው)፦`,
    trialTutorSubject: (student, subject) => `አዲስ የሙከራ ትምህርት፦ ${student} (${subject || 'ማስጠናት'})`,
    setPassword: (name, link) =>
      `ውድ ${name}፣\n\nክፍለ ጊዜዎችዎን እንዲከታተሉና ለአስጠኚዎ መልዕክት እንዲልኩ በዚህ የኢሜይል አድራሻ የቤተሰብ መለያ ` +
      `ከፍተንልዎታል። የይለፍ ቃልዎን እዚህ ይምረጡ፦\n\n${link}\n\n` +
      `ሊንኩ የሚሠራው አንድ ጊዜ ብቻ ሲሆን ከ72 ሰዓት በኋላ ጊዜው ያልፋል።`,
  },
};

function sessionLines(
  sessions: SessionRow[],
  timeZone: string,
  familyZone: string,
  locale: Locale,
): string[] {
  const t = texts[locale];
  return sessions
    .filter((s) => s.status === 'scheduled' || s.status === 'skipped')
    .map((s) => {
      const line = `- ${mailTwoZones(s, familyZone, locale, timeZone)}`;
      return s.status === 'skipped' ? `${line} (${t.skipped(s.skipReason)})` : line;
    });
}

/** The e-mails a confirmed payment sends (DESIGN §1.10): family, tutor, receipt, and a set-password link. */
export function confirmationEmails(ctx: ConfirmationContext): Mail[] {
  const { reservation: r, sessions, payment, tutor } = ctx;
  const tz = r.timeZone;
  const locale = ctx.family.locale;
  const t = texts[locale];
  const lines = sessionLines(sessions, tz, ctx.family.timeZone, locale);
  const skipped = sessions.filter((s) => s.status === 'skipped').length;
  const tutorName = tutor?.fullName ?? t.yourTutor;
  const mails: Mail[] = [];

  const creditNote =
    r.creditCents > 0 ? `\n\n${t.creditNote(skipped, formatAmount(r.creditCents, r.currency))}` : '';
  // The family's e-mails lead into its area (issue 32 item 8); a new account's password is set first.
  const familyArea = `\n\n${areaLinkLine(ctx.publicUrl, locale, 'student')}`;
  const trial = r.kind === 'trial';
  const free = trial && r.amountCents === 0;
  const intro = trial
    ? t.trialFamilyIntro(r.fullName, r.studentFullName, tutorName, zoneLabel(tz), free)
    : t.familyIntro(r.fullName, r.studentFullName, tutorName, zoneLabel(tz));
  mails.push({
    to: r.email,
    subject: trial ? t.trialFamilySubject(tutorName) : t.familySubject(tutorName),
    text:
      `${intro}\n\n${lines.join('\n')}` + `${creditNote}${familyArea}\n\n${t.reservation(r.id)}${SIGNATURE}`,
  });

  if (tutor?.email) {
    // Tutors read English unless their own account says Amharic.
    const tl = toLocale(tutor.locale);
    const tt = texts[tl];
    mails.push({
      to: tutor.email,
      subject: trial
        ? tt.trialTutorSubject(r.studentFullName, r.subject)
        : tt.tutorSubject(r.studentFullName, r.subject),
      text:
        `${tt.tutorIntro(tutor.fullName, r.fullName, r.studentFullName, r.studentGrade, r.subject)}\n\n` +
        `${sessionLines(sessions, tz, '', tl).join('\n')}\n\n${areaLinkLine(ctx.publicUrl, tl, 'tutor')}` +
        `\n\n${tt.reservation(r.id)}${SIGNATURE}`,
    });
  }

  // Nothing was paid for a free trial: no receipt.
  if (!free)
    mails.push({
      to: r.billingEmail || r.email,
      subject: t.receiptSubject(payment.id.slice(0, 8).toUpperCase()),
      text:
        t.receipt({
          name: r.billingName || r.fullName,
          // In the payment's own currency: '$80.00' or 'ETB 9,000.00' (decision 170).
          amount: formatAmount(payment.amountCents, payment.currency),
          currency: payment.currency,
          paidOn: mailDateTime(payment.paidAt ?? new Date(), tz, locale),
          reference: payment.id,
          sessions: sessions.filter((s) => s.status !== 'skipped').length || lines.length,
          tutor: tutorName,
          credit: r.creditCents > 0 ? formatAmount(r.creditCents, r.currency) : null,
        }) +
        familyArea +
        SIGNATURE,
    });

  if (ctx.setPasswordLink) {
    mails.push({
      to: r.email,
      subject: t.setPasswordSubject,
      text: t.setPassword(r.fullName, ctx.setPasswordLink) + SIGNATURE,
    });
  }
  return mails;
}

/** The words of a refund's e-mails (issue 31 item 2), in the reader's language. */
type RefundTexts = {
  subject: (full: boolean, student: string) => string;
  familyIntro: (name: string, amount: string, full: boolean, student: string, tutor: string) => string;
  tutorIntro: (tutor: string, amount: string, full: boolean, student: string) => string;
  cancelled: (count: number) => string;
  noneCancelled: string;
  reason: (reason: string) => string;
  noReason: string;
  yourTutor: string;
  reservation: (id: string) => string;
};

const refundTexts: Record<Locale, RefundTexts> = {
  en: {
    subject: (full, student) => `${full ? 'Refund' : 'Partial refund'}: tutoring for ${student}`,
    familyIntro: (name, amount, full, student, tutor) =>
      `Dear ${name},\n\nWe refunded ${amount} of your payment for ${student}'s sessions with ${tutor}` +
      `${full ? ' (the whole payment)' : ''}. It goes back to the card or account you paid with; ` +
      `your bank may take a few days to show it.`,
    tutorIntro: (tutor, amount, full, student) =>
      `Hello ${tutor},\n\nThe office refunded ${amount} of the payment for ${student}` +
      `${full ? ' (the whole payment)' : ''}.`,
    cancelled: (count) => `The refund cancelled ${count} session(s); the time is free again:`,
    noneCancelled: 'No sessions were cancelled by this refund.',
    reason: (reason) => `Reason: ${reason}`,
    noReason: 'Reason: none was given.',
    yourTutor: 'your tutor',
    reservation: (id) => `Reservation: ${id}`,
  },
  am: {
    subject: (full, student) => `${full ? 'ተመላሽ ክፍያ' : 'ከፊል ተመላሽ ክፍያ'}፦ የ${student} ትምህርት`,
    familyIntro: (name, amount, full, student, tutor) =>
      `ውድ ${name}፣\n\nለ${student} ከ${tutor} ጋር ለነበሩት ክፍለ ጊዜዎች ከከፈሉት ውስጥ ${amount} ` +
      `${full ? '(ሙሉውን ክፍያ) ' : ''}ተመላሽ አድርገናል። የከፈሉበት ካርድ ወይም ሂሳብ ላይ ይመለሳል፤ ` +
      `ባንክዎ ለማሳየት ጥቂት ቀናት ሊወስድበት ይችላል።`,
    tutorIntro: (tutor, amount, full, student) =>
      `ሰላም ${tutor}፣\n\nቢሮው ለ${student} ከተከፈለው ክፍያ ውስጥ ${amount} ${full ? '(ሙሉውን ክፍያ) ' : ''}ተመላሽ አድርጓል።`,
    cancelled: (count) => `ይህ ተመላሽ ክፍያ ${count} ክፍለ ጊዜ(ዎች) ሰርዟል፤ ሰዓቱም እንደገና ክፍት ሆኗል፦`,
    noneCancelled: 'በዚህ ተመላሽ ክፍያ የተሰረዘ ክፍለ ጊዜ የለም።',
    reason: (reason) => `ምክንያት፦ ${reason}`,
    noReason: 'ምክንያት፦ አልተሰጠም።',
    yourTutor: 'አስጠኚዎ',
    reservation: (id) => `የማስያዣ ቁጥር፦ ${id}`,
  },
};

export type RefundMailContext = {
  reservation: ReservationRow;
  /** The refund's amount and currency ('$20.00', 'ETB 2,000.00'). */
  amountCents: number;
  currency: string;
  /** The whole payment went back. */
  full: boolean;
  /** The sessions this refund cancelled. */
  cancelled: MailSession[];
  /** The reason the admin typed ('' = none). */
  reason: string;
  tutor: { fullName: string; email: string | null; locale: string | null } | null;
  family: { locale: Locale; timeZone: string };
  publicUrl: string;
};

/**
 * A refund's e-mails (issue 31 item 2): the family's and the tutor's, each in its reader's language, with the
 * amount in its currency, the sessions it cancelled (EAT, and the family's own zone for the family) and the
 * reason the admin typed.
 */
export function refundEmails(ctx: RefundMailContext): Mail[] {
  const { reservation: r, tutor, family } = ctx;
  const amount = formatAmount(ctx.amountCents, ctx.currency);
  const body = (locale: Locale, intro: string, familyZone: string, area: 'student' | 'tutor') => {
    const t = refundTexts[locale];
    const sessions =
      ctx.cancelled.length > 0
        ? `${t.cancelled(ctx.cancelled.length)}\n${ctx.cancelled
            .map((s) => `- ${mailTwoZones(s, familyZone, locale, r.timeZone)}`)
            .join('\n')}`
        : t.noneCancelled;
    const reason = ctx.reason.trim() ? t.reason(ctx.reason.trim()) : t.noReason;
    return (
      `${intro}\n\n${reason}\n\n${sessions}\n\n${areaLinkLine(ctx.publicUrl, locale, area)}` +
      `\n\n${t.reservation(r.id)}${SIGNATURE}`
    );
  };
  const ft = refundTexts[family.locale];
  const mails: Mail[] = [
    {
      to: r.email,
      subject: ft.subject(ctx.full, r.studentFullName),
      text: body(
        family.locale,
        ft.familyIntro(r.fullName, amount, ctx.full, r.studentFullName, tutor?.fullName ?? ft.yourTutor),
        family.timeZone,
        'student',
      ),
    },
  ];
  if (tutor?.email) {
    // Tutors read English unless their own account says Amharic.
    const tl = toLocale(tutor.locale);
    const tt = refundTexts[tl];
    mails.push({
      to: tutor.email,
      subject: tt.subject(ctx.full, r.studentFullName),
      text: body(tl, tt.tutorIntro(tutor.fullName, amount, ctx.full, r.studentFullName), '', 'tutor'),
    });
  }
  return mails;
}
