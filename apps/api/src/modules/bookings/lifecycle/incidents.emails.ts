import { toLocale, type Locale } from '@tibeb/domain/shared/locale';
import { formatAmount } from '@tibeb/domain/payments/currency';
import { mailDay, mailTwoZones, EAT, type MailSession } from '../../../platform/mail/mail-dates.ts';
import type { Mail } from '../../../platform/mail/mailer.ts';
import { areaLinkLine } from './lifecycle.emails.ts';
import type { ReservationRow } from './sessions.repository.ts';

/**
 * The e-mails of interruptions and tutors' absences (issue 30 item 3, decision 271): the family and the tutor, each
 * in its language, times in EAT and the family's own zone, with the reason (the cause and the note typed).
 */

const SIGNATURE = '\n\nTibeb Tutoring\n';

type Tutor = { fullName: string; email: string | null; locale?: string | null } | null;
type Family = { locale: Locale; timeZone: string };

export type IncidentMailEvent =
  | { kind: 'interrupted'; cause: string; note: string; by: string; deadlineAt: Date }
  | { kind: 'makeup_booked'; makeup: MailSession }
  | { kind: 'absence_reported'; note: string; deadlineAt: Date; outcome: string }
  | { kind: 'absence_disputed'; note: string }
  | { kind: 'absence_upheld'; outcome: string; amountCents: number; note: string }
  | { kind: 'absence_dismissed'; note: string }
  | { kind: 'makeup_lapsed'; amountCents: number };

type Ctx = {
  reservation: ReservationRow;
  session: MailSession;
  tutor: Tutor;
  family: Family;
  publicUrl: string;
  event: IncidentMailEvent;
};

type Letter = { subject: string; body: string };
type T = {
  dear: (name: string) => string;
  hello: (name: string) => string;
  reservation: (id: string) => string;
  cause: (cause: string) => string;
  by: (by: string) => string;
  note: (note: string) => string;
  back: (outcome: string, amount: string) => string;
  family: (
    e: IncidentMailEvent,
    c: { student: string; tutor: string; lesson: string; deadline: string; amount: string },
  ) => Letter;
  tutor: (e: IncidentMailEvent, c: { student: string; lesson: string; deadline: string }) => Letter;
};

const en: T = {
  dear: (name) => `Dear ${name},`,
  hello: (name) => `Hello ${name},`,
  reservation: (id) => `Reservation: ${id}`,
  cause: (c) =>
    c === 'power' ? 'a power cut' : c === 'connection' ? 'a connection problem' : 'another problem',
  by: (by) => `Reported by ${by === 'tutor' ? 'the tutor' : by === 'admin' ? 'our team' : 'the family'}.`,
  note: (note) => (note.trim() ? `\n\nWhat was said: ${note.trim()}` : ''),
  back: (outcome, amount) =>
    outcome === 'refund' ? `${amount} refunded to your card` : `${amount} credited to your account`,
  family: (e, c) => {
    switch (e.kind) {
      case 'interrupted':
        return {
          subject: `Lesson interrupted: ${c.student} with ${c.tutor}`,
          body: `The lesson of ${c.lesson} could not happen or was cut short because of ${en.cause(e.cause)}. It is not counted as held.\n\nPlease book the make-up with ${c.tutor} at no charge; it must start by ${c.deadline}. If no make-up is booked by then, the lesson's value becomes credit on your account.`,
        };
      case 'makeup_booked':
        return {
          subject: `Make-up booked: ${c.student} with ${c.tutor}`,
          body: `The make-up for the interrupted lesson of ${c.lesson} is booked at no charge:\n\n- ${c.amount}`,
        };
      case 'absence_reported':
        return {
          subject: `We told ${c.tutor}: the tutor did not come`,
          body: `You reported that ${c.tutor} did not come to the lesson of ${c.lesson}. The tutor can dispute this until ${c.deadline}; if they do not, you get the lesson back (${e.outcome === 'refund' ? 'a refund to your card' : 'credit on your account'}).`,
        };
      case 'absence_disputed':
        return {
          subject: `${c.tutor} disputes the missed lesson`,
          body: `${c.tutor} says the lesson of ${c.lesson} did take place. Our team will look at it and write to you with the decision.`,
        };
      case 'absence_upheld':
        return {
          subject: `Lesson given back: ${c.student} with ${c.tutor}`,
          body: `The tutor did not come to the lesson of ${c.lesson}, so you get it back: ${c.amount}.`,
        };
      case 'absence_dismissed':
        return {
          subject: `Missed lesson report: our decision`,
          body: `We looked at your report about the lesson of ${c.lesson}. The lesson stays as it was: it is counted as held.`,
        };
      case 'makeup_lapsed':
        return {
          subject: `Lesson value credited: ${c.student} with ${c.tutor}`,
          body: `No make-up was booked for the interrupted lesson of ${c.lesson} within 14 days, so its value is now credit on your account: ${c.amount}.`,
        };
    }
  },
  tutor: (e, c) => {
    switch (e.kind) {
      case 'interrupted':
        return {
          subject: `Lesson interrupted: ${c.student}`,
          body: `The lesson of ${c.lesson} could not happen or was cut short because of ${en.cause(e.cause)}. It is not paid as held; the family books a make-up at no charge by ${c.deadline}, and you are paid once, for the make-up.`,
        };
      case 'makeup_booked':
        return {
          subject: `Make-up booked: ${c.student}`,
          body: `The family booked the make-up for the interrupted lesson of ${c.lesson}. It is in your schedule.`,
        };
      case 'absence_reported':
        return {
          subject: `The family says you did not come: ${c.student}`,
          body: `The family reported that you did not come to the lesson of ${c.lesson}. If you were there, dispute it in your schedule by ${c.deadline}. If you do not, the family gets the lesson back and it is not paid.`,
        };
      case 'absence_disputed':
        return {
          subject: `Your dispute is with our team: ${c.student}`,
          body: `We have your dispute about the lesson of ${c.lesson}. Our team will decide and write to you.`,
        };
      case 'absence_upheld':
        return {
          subject: `Missed lesson: ${c.student}`,
          body: `The lesson of ${c.lesson} is counted as missed by you: the family gets it back and it is not paid.`,
        };
      case 'absence_dismissed':
        return {
          subject: `Missed lesson report dismissed: ${c.student}`,
          body: `We looked at the family's report about the lesson of ${c.lesson} and dismissed it: the lesson is counted as held.`,
        };
      case 'makeup_lapsed':
        return {
          subject: `No make-up booked: ${c.student}`,
          body: `No make-up was booked for the interrupted lesson of ${c.lesson} within 14 days; the family got its value back as credit.`,
        };
    }
  },
};

const am: T = {
  dear: (name) => `ውድ ${name}፣`,
  hello: (name) => `ሰላም ${name}፣`,
  reservation: (id) => `የማስያዣ ቁጥር፦ ${id}`,
  cause: (c) => (c === 'power' ? 'በመብራት መቋረጥ' : c === 'connection' ? 'በኢንተርኔት ግንኙነት ችግር' : 'በሌላ ችግር'),
  by: (by) => `ሪፖርቱን ያቀረበው፦ ${by === 'tutor' ? 'አስጠኚው' : by === 'admin' ? 'ቡድናችን' : 'ቤተሰቡ'}።`,
  note: (note) => (note.trim() ? `\n\nየተገለጸው፦ ${note.trim()}` : ''),
  back: (outcome, amount) =>
    outcome === 'refund' ? `${amount} ወደ ካርድዎ ተመላሽ ተደርጓል` : `${amount} በሂሳብዎ ላይ እንደ ክሬዲት ተመዝግቧል`,
  family: (e, c) => {
    switch (e.kind) {
      case 'interrupted':
        return {
          subject: `ትምህርቱ ተቋርጧል፦ ${c.student} ከ${c.tutor} ጋር`,
          body: `የ${c.lesson} ትምህርት ${am.cause(e.cause)} ምክንያት አልተካሄደም ወይም ተቋርጧል። እንደተካሄደ አይቆጠርም።\n\nእባክዎ ከ${c.tutor} ጋር የማካካሻ ትምህርት ያለ ክፍያ ይያዙ፤ እስከ ${c.deadline} ድረስ መጀመር አለበት። እስከዚያ ካልተያዘ የትምህርቱ ዋጋ በሂሳብዎ ላይ ክሬዲት ይሆናል።`,
        };
      case 'makeup_booked':
        return {
          subject: `የማካካሻ ትምህርት ተይዟል፦ ${c.student} ከ${c.tutor} ጋር`,
          body: `ለተቋረጠው የ${c.lesson} ትምህርት ማካካሻ ያለ ክፍያ ተይዟል፦\n\n- ${c.amount}`,
        };
      case 'absence_reported':
        return {
          subject: `ለ${c.tutor} አሳውቀናል፦ አስጠኚው አልመጣም`,
          body: `${c.tutor} ወደ የ${c.lesson} ትምህርት እንዳልመጡ አሳውቀዋል። አስጠኚው እስከ ${c.deadline} ድረስ መቃወም ይችላሉ፤ ካልተቃወሙ ትምህርቱ ይመለስልዎታል (${e.outcome === 'refund' ? 'ወደ ካርድዎ ተመላሽ' : 'በሂሳብዎ ላይ ክሬዲት'})።`,
        };
      case 'absence_disputed':
        return {
          subject: `${c.tutor} ያመለጠውን ትምህርት ሪፖርት ተቃውመዋል`,
          body: `${c.tutor} የ${c.lesson} ትምህርት እንደተካሄደ ገልጸዋል። ቡድናችን ጉዳዩን አይቶ ውሳኔውን ይጽፍልዎታል።`,
        };
      case 'absence_upheld':
        return {
          subject: `ትምህርቱ ተመልሶልዎታል፦ ${c.student} ከ${c.tutor} ጋር`,
          body: `አስጠኚው ወደ የ${c.lesson} ትምህርት አልመጡም፤ ስለዚህ ትምህርቱ ተመልሶልዎታል፦ ${c.amount}።`,
        };
      case 'absence_dismissed':
        return {
          subject: `ያመለጠ ትምህርት ሪፖርት፦ የእኛ ውሳኔ`,
          body: `ስለ የ${c.lesson} ትምህርት ያቀረቡትን ሪፖርት ተመልክተናል። ትምህርቱ እንደነበረ ይቆያል፤ እንደተካሄደ ይቆጠራል።`,
        };
      case 'makeup_lapsed':
        return {
          subject: `የትምህርቱ ዋጋ ክሬዲት ሆኗል፦ ${c.student} ከ${c.tutor} ጋር`,
          body: `ለተቋረጠው የ${c.lesson} ትምህርት በ14 ቀናት ውስጥ ማካካሻ ስላልተያዘ ዋጋው በሂሳብዎ ላይ ክሬዲት ሆኗል፦ ${c.amount}።`,
        };
    }
  },
  tutor: (e, c) => {
    switch (e.kind) {
      case 'interrupted':
        return {
          subject: `ትምህርቱ ተቋርጧል፦ ${c.student}`,
          body: `የ${c.lesson} ትምህርት ${am.cause(e.cause)} ምክንያት አልተካሄደም ወይም ተቋርጧል። እንደተካሄደ አይከፈልም፤ ቤተሰቡ እስከ ${c.deadline} ድረስ ያለ ክፍያ ማካካሻ ይይዛል፤ እርስዎም ለማካካሻው አንድ ጊዜ ይከፈልዎታል።`,
        };
      case 'makeup_booked':
        return {
          subject: `የማካካሻ ትምህርት ተይዟል፦ ${c.student}`,
          body: `ቤተሰቡ ለተቋረጠው የ${c.lesson} ትምህርት ማካካሻ ይዟል። በጊዜ ሰሌዳዎ ላይ ይገኛል።`,
        };
      case 'absence_reported':
        return {
          subject: `ቤተሰቡ እንዳልመጡ ገልጿል፦ ${c.student}`,
          body: `ቤተሰቡ ወደ የ${c.lesson} ትምህርት እንዳልመጡ አሳውቋል። ተገኝተው ከነበረ እስከ ${c.deadline} ድረስ በጊዜ ሰሌዳዎ ላይ ይቃወሙ። ካልተቃወሙ ትምህርቱ ለቤተሰቡ ይመለሳል፤ አይከፈልምም።`,
        };
      case 'absence_disputed':
        return {
          subject: `ተቃውሞዎ ለቡድናችን ደርሷል፦ ${c.student}`,
          body: `ስለ የ${c.lesson} ትምህርት ያቀረቡት ተቃውሞ ደርሶናል። ቡድናችን ወስኖ ይጽፍልዎታል።`,
        };
      case 'absence_upheld':
        return {
          subject: `ያመለጠ ትምህርት፦ ${c.student}`,
          body: `የ${c.lesson} ትምህርት በእርስዎ እንዳመለጠ ተቆጥሯል፤ ለቤተሰቡ ተመልሷል፤ አይከፈልም።`,
        };
      case 'absence_dismissed':
        return {
          subject: `ያመለጠ ትምህርት ሪፖርት ውድቅ ሆኗል፦ ${c.student}`,
          body: `ቤተሰቡ ስለ የ${c.lesson} ትምህርት ያቀረበውን ሪፖርት ተመልክተን ውድቅ አድርገናል፤ ትምህርቱ እንደተካሄደ ይቆጠራል።`,
        };
      case 'makeup_lapsed':
        return {
          subject: `ማካካሻ አልተያዘም፦ ${c.student}`,
          body: `ለተቋረጠው የ${c.lesson} ትምህርት በ14 ቀናት ውስጥ ማካካሻ አልተያዘም፤ ቤተሰቡ ዋጋውን እንደ ክሬዲት አግኝቷል።`,
        };
    }
  },
};

const texts: Record<Locale, T> = { en, am };

const noteOf = (e: IncidentMailEvent) => ('note' in e ? e.note : '');

/** The family's e-mail and, when the tutor has an address, the tutor's. */
export function incidentEmails(ctx: Ctx): Mail[] {
  const { reservation: r, tutor, family, event: e } = ctx;
  const end = (locale: Locale, area: 'student' | 'tutor') =>
    `\n\n${areaLinkLine(ctx.publicUrl, locale, area)}\n\n${texts[locale].reservation(r.id)}${SIGNATURE}`;
  const deadlineAt = 'deadlineAt' in e ? e.deadlineAt : null;
  const ft = texts[family.locale];
  const amount =
    e.kind === 'makeup_booked'
      ? mailTwoZones(e.makeup, family.timeZone, family.locale)
      : e.kind === 'absence_upheld'
        ? ft.back(e.outcome, formatAmount(e.amountCents, r.currency))
        : e.kind === 'makeup_lapsed'
          ? ft.back('credit', formatAmount(e.amountCents, r.currency))
          : '';
  const letter = ft.family(e, {
    student: r.studentFullName,
    tutor: tutor?.fullName ?? (family.locale === 'am' ? 'አስጠኚዎ' : 'your tutor'),
    lesson: mailTwoZones(ctx.session, family.timeZone, family.locale),
    deadline: deadlineAt ? mailDay(deadlineAt, family.timeZone || EAT, family.locale) : '',
    amount,
  });
  const by = (t: T) => (e.kind === 'interrupted' ? `\n\n${t.by(e.by)}` : '');
  const mails: Mail[] = [
    {
      to: r.email,
      subject: letter.subject,
      text: `${ft.dear(r.fullName)}\n\n${letter.body}${by(ft)}${ft.note(noteOf(e))}${end(family.locale, 'student')}`,
    },
  ];
  if (tutor?.email) {
    const tl = toLocale(tutor.locale);
    const tt = texts[tl];
    const forTutor = tt.tutor(e, {
      student: r.studentFullName,
      lesson: mailTwoZones(ctx.session, '', tl),
      deadline: deadlineAt ? mailDay(deadlineAt, EAT, tl) : '',
    });
    mails.push({
      to: tutor.email,
      subject: forTutor.subject,
      text: `${tt.hello(tutor.fullName)}\n\n${forTutor.body}${by(tt)}${tt.note(noteOf(e))}${end(tl, 'tutor')}`,
    });
  }
  return mails;
}
