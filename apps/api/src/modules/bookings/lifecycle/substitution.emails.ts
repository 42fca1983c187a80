import { toLocale, type Locale } from '@tibeb/domain/shared/locale';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { mailDateTime, mailTwoZones, EAT, type MailSession } from '../../../platform/mail/mail-dates.ts';
import type { Mail } from '../../../platform/mail/mailer.ts';
import { areaLinkLine } from './lifecycle.emails.ts';
import type { ReservationRow } from './sessions.repository.ts';

/**
 * The e-mails of a substitute tutor (issue 30 item 4, decision 274): the family is asked by a link, and told what
 * its answer did; the tutor who leaves the lessons is told they moved; an admin is told of a refusal. Each in its
 * reader's language, with the reason the office gave; the family's times in EAT and its own zone.
 */

const SIGNATURE = '\n\nTibeb Tutoring\n';

type Family = { locale: Locale; timeZone: string };
type Ctx = {
  reservation: ReservationRow;
  family: Family;
  fromTutor: string;
  toTutor: string;
  lessons: MailSession[];
  reason: string;
  publicUrl: string;
};

const t = {
  en: {
    reason: (r: string) => `Reason given: ${r}`,
    offerSubject: (student: string) => `A new tutor for ${student}'s lessons`,
    offerBody: (name: string, from: string, to: string, student: string) =>
      `Dear ${name},\n\n${from} can no longer teach ${student}. We found ${to}, who teaches the subject and is free at every one of these lessons:`,
    difference: (cents: number, currency: string) =>
      cents > 0
        ? `With ${'{to}'} these lessons cost ${formatAmount(cents, currency)} more, paid when you accept.`
        : cents < 0
          ? `With ${'{to}'} these lessons cost ${formatAmount(-cents, currency)} less: the difference stays yours as credit.`
          : 'The price stays the same.',
    answer: (link: string, by: string) =>
      `Accept or decline here before ${by}: ${link}\nIf you decline or do not answer, nothing changes and the office will contact you.`,
    acceptedSubject: (student: string) => `${student}'s lessons are moving to a new tutor`,
    acceptedBody: (name: string, to: string, student: string) =>
      `Dear ${name},\n\nThank you. These lessons of ${student} are now with ${to}:`,
    paid: 'Their value with the previous tutor paid for them.',
    due: (amount: string, link: string, by: string) =>
      `${amount} is left to pay. Please pay by ${by} to keep these times: ${link}\nUntil then the value of the previous lessons is kept as your credit.`,
    credited: (amount: string) => `${amount} is left over and stays as your credit.`,
    leftSubject: (student: string) => `${student}'s lessons moved to another tutor`,
    leftBody: (name: string, student: string) =>
      `Hello ${name},\n\nThe family of ${student} accepted another tutor for these lessons; they are no longer in your schedule:`,
    declinedSubject: (student: string) => `A family declined a substitute tutor: ${student}`,
    declinedBody: (family: string, student: string, to: string) =>
      `${family} declined ${to} for the lessons of ${student}. The lessons stay as they were; please contact the family.`,
    withdrawnSubject: (student: string) => `The new tutor offer is withdrawn: ${student}`,
    withdrawnBody: (name: string) =>
      `Dear ${name},\n\nThe office withdrew its offer of a new tutor. Nothing changed; we will be in touch.`,
  },
  am: {
    reason: (r: string) => `የተሰጠው ምክንያት፦ ${r}`,
    offerSubject: (student: string) => `ለ${student} ትምህርቶች አዲስ አስጠኚ`,
    offerBody: (name: string, from: string, to: string, student: string) =>
      `ውድ ${name}፣\n\n${from} ከእንግዲህ ${student}ን ማስተማር አይችሉም። ትምህርቱን የሚያስተምሩና በእነዚህ ሁሉ ትምህርቶች ሰዓት ነፃ የሆኑ ${to}ን አግኝተናል፦`,
    difference: (cents: number, currency: string) =>
      cents > 0
        ? `ከ${'{to}'} ጋር እነዚህ ትምህርቶች ${formatAmount(cents, currency)} ይጨምራሉ፤ ሲቀበሉ ይከፈላል።`
        : cents < 0
          ? `ከ${'{to}'} ጋር እነዚህ ትምህርቶች ${formatAmount(-cents, currency)} ይቀንሳሉ፤ ልዩነቱ እንደ ክሬዲት የእርስዎ ይሆናል።`
          : 'ዋጋው አይቀየርም።',
    answer: (link: string, by: string) =>
      `ከ${by} በፊት እዚህ ይቀበሉ ወይም ውድቅ ያድርጉ፦ ${link}\nውድቅ ካደረጉ ወይም ካልመለሱ ምንም አይቀየርም፤ ቢሮው ያነጋግርዎታል።`,
    acceptedSubject: (student: string) => `የ${student} ትምህርቶች ወደ አዲስ አስጠኚ ይዛወራሉ`,
    acceptedBody: (name: string, to: string, student: string) =>
      `ውድ ${name}፣\n\nእናመሰግናለን። እነዚህ የ${student} ትምህርቶች አሁን ከ${to} ጋር ናቸው፦`,
    paid: 'ከቀድሞው አስጠኚ ጋር የነበራቸው ዋጋ ከፍሏቸዋል።',
    due: (amount: string, link: string, by: string) =>
      `ለመክፈል ${amount} ቀርቷል። እነዚህን ሰዓቶች ለመያዝ እባክዎ እስከ ${by} ይክፈሉ፦ ${link}\nእስከዚያ የቀድሞዎቹ ትምህርቶች ዋጋ እንደ ክሬዲትዎ ይቆያል።`,
    credited: (amount: string) => `${amount} ተርፏል፤ እንደ ክሬዲትዎ ይቆያል።`,
    leftSubject: (student: string) => `የ${student} ትምህርቶች ወደ ሌላ አስጠኚ ተዛውረዋል`,
    leftBody: (name: string, student: string) =>
      `ሰላም ${name}፣\n\nየ${student} ቤተሰብ ለእነዚህ ትምህርቶች ሌላ አስጠኚ ተቀብሏል፤ ከእንግዲህ በፕሮግራምዎ ውስጥ የሉም፦`,
    declinedSubject: (student: string) => `አንድ ቤተሰብ ተተኪ አስጠኚን አልተቀበለም፦ ${student}`,
    declinedBody: (family: string, student: string, to: string) =>
      `${family} ለ${student} ትምህርቶች ${to}ን አልተቀበሉም። ትምህርቶቹ እንደነበሩ ይቆያሉ፤ እባክዎ ቤተሰቡን ያነጋግሩ።`,
    withdrawnSubject: (student: string) => `የአዲስ አስጠኚ ጥያቄው ተነስቷል፦ ${student}`,
    withdrawnBody: (name: string) => `ውድ ${name}፣\n\nቢሮው የአዲስ አስጠኚ ጥያቄውን አንስቷል። ምንም አልተቀየረም፤ እናነጋግርዎታለን።`,
  },
} as const;

const lines = (lessons: MailSession[], zone: string, l: Locale) =>
  lessons.map((s) => `- ${mailTwoZones(s, zone, l)}`).join('\n');

/** The family is asked: the new tutor, the lessons, what it costs, and the link to answer. */
export function offerEmail(ctx: Ctx & { link: string; differenceCents: number; expiresAt: Date }): Mail {
  const r = ctx.reservation;
  const l = ctx.family.locale;
  const by = mailDateTime(ctx.expiresAt, ctx.family.timeZone || EAT, l);
  return {
    to: r.email,
    subject: t[l].offerSubject(r.studentFullName),
    text:
      `${t[l].offerBody(r.fullName, ctx.fromTutor, ctx.toTutor, r.studentFullName)}\n\n` +
      `${lines(ctx.lessons, ctx.family.timeZone, l)}\n\n` +
      `${t[l].difference(ctx.differenceCents, r.currency).replace('{to}', ctx.toTutor)}\n\n` +
      `${t[l].reason(ctx.reason)}\n\n${t[l].answer(ctx.link, by)}${SIGNATURE}`,
  };
}

/** The family accepted: where its lessons are now, and what is left to pay or left over as credit. */
export function acceptedEmails(
  ctx: Ctx & {
    fromTutorContact: { email: string | null; locale: string | null } | null;
    dueCents: number;
    leftOverCents: number;
    paymentLink: string;
    payBy: Date;
  },
): Mail[] {
  const r = ctx.reservation;
  const l = ctx.family.locale;
  const money =
    ctx.dueCents > 0
      ? t[l].due(
          formatAmount(ctx.dueCents, r.currency),
          ctx.paymentLink,
          mailDateTime(ctx.payBy, ctx.family.timeZone || EAT, l),
        )
      : [t[l].paid, ctx.leftOverCents > 0 ? t[l].credited(formatAmount(ctx.leftOverCents, r.currency)) : '']
          .filter(Boolean)
          .join(' ');
  const mails: Mail[] = [
    {
      to: r.email,
      subject: t[l].acceptedSubject(r.studentFullName),
      text:
        `${t[l].acceptedBody(r.fullName, ctx.toTutor, r.studentFullName)}\n\n${lines(ctx.lessons, ctx.family.timeZone, l)}\n\n` +
        `${money}\n\n${areaLinkLine(ctx.publicUrl, l, 'student')}${SIGNATURE}`,
    },
  ];
  if (ctx.fromTutorContact?.email) {
    const tl = toLocale(ctx.fromTutorContact.locale);
    mails.push({
      to: ctx.fromTutorContact.email,
      subject: t[tl].leftSubject(r.studentFullName),
      text:
        `${t[tl].leftBody(ctx.fromTutor, r.studentFullName)}\n\n${lines(ctx.lessons, '', tl)}\n\n` +
        `${t[tl].reason(ctx.reason)}\n\n${areaLinkLine(ctx.publicUrl, tl, 'tutor')}${SIGNATURE}`,
    });
  }
  return mails;
}

/** The family declined: the admins are told, to contact it. */
export function declinedEmails(ctx: Ctx & { admins: { email: string; locale: string | null }[] }): Mail[] {
  const r = ctx.reservation;
  return ctx.admins.map((a) => {
    const l = toLocale(a.locale);
    return {
      to: a.email,
      subject: t[l].declinedSubject(r.studentFullName),
      text:
        `${t[l].declinedBody(r.fullName, r.studentFullName, ctx.toTutor)}\n\n${lines(ctx.lessons, '', l)}\n\n` +
        `${ctx.publicUrl}/admin/reservations/${r.id}${SIGNATURE}`,
    };
  });
}

/** The office withdrew its offer: the family is told nothing changed. */
export function withdrawnEmail(ctx: Ctx): Mail {
  const r = ctx.reservation;
  const l = ctx.family.locale;
  return {
    to: r.email,
    subject: t[l].withdrawnSubject(r.studentFullName),
    text: `${t[l].withdrawnBody(r.fullName)}\n\n${areaLinkLine(ctx.publicUrl, l, 'student')}${SIGNATURE}`,
  };
}
