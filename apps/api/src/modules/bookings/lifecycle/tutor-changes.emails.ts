import { toLocale, type Locale } from '@tibeb/domain/shared/locale';
import { formatUsd } from '@tibeb/domain/shared/money';
import { tutorPath } from '@tibeb/domain/tutors/search';
import { mailTwoZones, type MailSession } from '../../../platform/mail/mail-dates.ts';
import type { Mail } from '../../../platform/mail/mailer.ts';
import { areaLinkLine } from './lifecycle.emails.ts';
import type { ReservationRow } from './sessions.repository.ts';

/**
 * The e-mails of the tutor's side of changes (issue 31 item 6, decision 260): both sides, each in its reader's
 * language, with the reason the tutor gave; times in EAT and, for the family, in its own zone.
 */

const SIGNATURE = '\n\nTibeb Tutoring\n';

type Tutor = { fullName: string; email: string | null; locale?: string | null } | null;
type Family = { locale: Locale; timeZone: string };
type Ctx = { reservation: ReservationRow; tutor: Tutor; family: Family; publicUrl: string; reason: string };
type Move = { from: MailSession; to: MailSession };
export type MoveAnswer = 'accepted' | 'declined' | 'withdrawn' | 'expired';

const t = {
  en: {
    reason: (r: string) => `Reason given: ${r}`,
    reservation: (id: string) => `Reservation: ${id}`,
    now: 'now',
    credit: (amount: string) => `${amount} credited to your account`,
    sickMove: (link: string) =>
      `Would you rather move these lessons than keep the credit? Choose new times with your tutor here, and your credit pays for them first: ${link}`,
    cancelSubject: (student: string) => `Your tutor cancelled lessons: ${student}`,
    cancelFamily: (name: string, tutor: string, student: string, sick: boolean) =>
      `Dear ${name},\n\n${tutor} ${sick ? 'is ill and ' : ''}cancelled these lessons of ${student}. This is not your doing: the value of each lesson is yours as credit, to spend on your next booking.`,
    cancelTutorSubject: (student: string) => `You cancelled lessons: ${student}`,
    cancelTutor: (name: string, student: string) =>
      `Hello ${name},\n\nYou cancelled these lessons with ${student}; the family has their value back as credit and the time is free again:`,
    movedSubject: (student: string) => `Your tutor moved lessons: ${student}`,
    movedFamily: (name: string, tutor: string, student: string) =>
      `Dear ${name},\n\n${tutor} moved these lessons of ${student}:`,
    movedTutorSubject: (student: string) => `You moved lessons: ${student}`,
    movedTutor: (name: string, student: string) =>
      `Hello ${name},\n\nYou moved these lessons with ${student}; the family is told:`,
    askSubject: (student: string) => `Your tutor asks to move a lesson: ${student}`,
    askFamily: (name: string, tutor: string, student: string) =>
      `Dear ${name},\n\n${tutor} asks to move these lessons of ${student}. Nothing changes unless you accept:`,
    askHow: (link: string) =>
      `Accept or decline in your family area: ${link}\nIf you do not answer before the lesson starts, it stays at its time.`,
    askTutorSubject: (student: string) => `Move asked of the family: ${student}`,
    askTutor: (name: string, student: string) =>
      `Hello ${name},\n\nThe lesson is inside the notice window, so we asked the family of ${student} to accept this move. Until they do, the lesson stays at its time:`,
    answerSubject: (answer: MoveAnswer, student: string) =>
      ({
        accepted: `Move accepted: ${student}`,
        declined: `Move declined: ${student}`,
        withdrawn: `Move request withdrawn: ${student}`,
        expired: `Move request expired: ${student}`,
      })[answer],
    answerBody: (name: string, answer: MoveAnswer) =>
      `Dear ${name},\n\n` +
      {
        accepted: 'The move was accepted: the lessons now have their new times.',
        declined: 'The move was declined: the lessons stay at their times.',
        withdrawn: 'The tutor withdrew the move request: the lessons stay at their times.',
        expired:
          'The move request was not answered before the lesson started: the lessons stay at their times.',
      }[answer],
    officeSubject: (tutor: string) => `A tutor asks the office: ${tutor}`,
    officeBody: (tutor: string, email: string) => `${tutor} (${email}) writes:`,
    lessons: 'Lessons concerned:',
  },
  am: {
    reason: (r: string) => `የተሰጠው ምክንያት፦ ${r}`,
    reservation: (id: string) => `የማስያዣ ቁጥር፦ ${id}`,
    now: 'አሁን፦',
    credit: (amount: string) => `${amount} በሂሳብዎ ላይ እንደ ክሬዲት ተመዝግቧል`,
    sickMove: (link: string) =>
      `ክሬዲቱን ከመያዝ ይልቅ እነዚህን ትምህርቶች ማዛወር ይመርጣሉ? ከአስጠኚዎ ጋር አዲስ ሰዓቶችን እዚህ ይምረጡ፤ ክሬዲትዎ መጀመሪያ ይከፍልላቸዋል፦ ${link}`,
    cancelSubject: (student: string) => `አስጠኚዎ ትምህርቶችን ሰርዘዋል፦ ${student}`,
    cancelFamily: (name: string, tutor: string, student: string, sick: boolean) =>
      `ውድ ${name}፣\n\n${tutor} ${sick ? 'ታመው ' : ''}እነዚህን የ${student} ትምህርቶች ሰርዘዋል። ይህ የእርስዎ ጥፋት አይደለም፤ የእያንዳንዱ ትምህርት ዋጋ ለሚቀጥለው ማስያዣዎ እንደ ክሬዲት የእርስዎ ነው።`,
    cancelTutorSubject: (student: string) => `ትምህርቶችን ሰርዘዋል፦ ${student}`,
    cancelTutor: (name: string, student: string) =>
      `ሰላም ${name}፣\n\nከ${student} ጋር የነበሩትን እነዚህን ትምህርቶች ሰርዘዋል፤ ቤተሰቡ ዋጋቸውን እንደ ክሬዲት አግኝቷል፤ ሰዓቱም እንደገና ክፍት ሆኗል፦`,
    movedSubject: (student: string) => `አስጠኚዎ የትምህርት ሰዓት ቀይረዋል፦ ${student}`,
    movedFamily: (name: string, tutor: string, student: string) =>
      `ውድ ${name}፣\n\n${tutor} የ${student} እነዚህን ትምህርቶች ሰዓት ቀይረዋል፦`,
    movedTutorSubject: (student: string) => `የትምህርት ሰዓት ቀይረዋል፦ ${student}`,
    movedTutor: (name: string, student: string) =>
      `ሰላም ${name}፣\n\nከ${student} ጋር ያሉትን እነዚህን ትምህርቶች ሰዓት ቀይረዋል፤ ቤተሰቡ ተነግሮታል፦`,
    askSubject: (student: string) => `አስጠኚዎ የትምህርት ሰዓት ለመቀየር ይጠይቃሉ፦ ${student}`,
    askFamily: (name: string, tutor: string, student: string) =>
      `ውድ ${name}፣\n\n${tutor} የ${student} እነዚህን ትምህርቶች ሰዓት ለመቀየር ይጠይቃሉ። እርስዎ ካልተቀበሉ ምንም አይቀየርም፦`,
    askHow: (link: string) =>
      `በቤተሰብ ገጽዎ ላይ ይቀበሉ ወይም ውድቅ ያድርጉ፦ ${link}\nትምህርቱ ከመጀመሩ በፊት ካልመለሱ በነበረበት ሰዓት ይቆያል።`,
    askTutorSubject: (student: string) => `ቤተሰቡ የሰዓት ለውጥ እንዲቀበል ተጠይቋል፦ ${student}`,
    askTutor: (name: string, student: string) =>
      `ሰላም ${name}፣\n\nትምህርቱ በማሳወቂያ ጊዜ ገደብ ውስጥ ስለሆነ የ${student} ቤተሰብ ይህን ለውጥ እንዲቀበል ጠይቀናል። እስኪቀበሉ ድረስ ትምህርቱ በነበረበት ሰዓት ይቆያል፦`,
    answerSubject: (answer: MoveAnswer, student: string) =>
      ({
        accepted: `የሰዓት ለውጡ ተቀባይነት አግኝቷል፦ ${student}`,
        declined: `የሰዓት ለውጡ ውድቅ ተደርጓል፦ ${student}`,
        withdrawn: `የሰዓት ለውጥ ጥያቄው ተነስቷል፦ ${student}`,
        expired: `የሰዓት ለውጥ ጥያቄው ጊዜው አልፏል፦ ${student}`,
      })[answer],
    answerBody: (name: string, answer: MoveAnswer) =>
      `ውድ ${name}፣\n\n` +
      {
        accepted: 'ለውጡ ተቀባይነት አግኝቷል፤ ትምህርቶቹ አዲሱን ሰዓት ይዘዋል።',
        declined: 'ለውጡ ውድቅ ተደርጓል፤ ትምህርቶቹ በነበሩበት ሰዓት ይቆያሉ።',
        withdrawn: 'አስጠኚው የለውጥ ጥያቄውን አንስተዋል፤ ትምህርቶቹ በነበሩበት ሰዓት ይቆያሉ።',
        expired: 'ትምህርቱ ከመጀመሩ በፊት ጥያቄው መልስ አላገኘም፤ ትምህርቶቹ በነበሩበት ሰዓት ይቆያሉ።',
      }[answer],
    officeSubject: (tutor: string) => `አንድ አስጠኚ ቢሮውን ይጠይቃሉ፦ ${tutor}`,
    officeBody: (tutor: string, email: string) => `${tutor} (${email}) ይጽፋሉ፦`,
    lessons: 'የሚመለከታቸው ትምህርቶች፦',
  },
} as const;

/** The family's letter and the tutor's, each ending with its area link, the reservation and the signature. */
function bothSides(
  ctx: Ctx,
  toFamily: (l: Locale) => { subject: string; body: string },
  toTutor: (l: Locale, name: string) => { subject: string; body: string },
): Mail[] {
  const end = (l: Locale, area: 'student' | 'tutor') =>
    `\n\n${t[l].reason(ctx.reason)}\n\n${areaLinkLine(ctx.publicUrl, l, area)}\n\n${t[l].reservation(ctx.reservation.id)}${SIGNATURE}`;
  const fl = ctx.family.locale;
  const f = toFamily(fl);
  const mails: Mail[] = [
    { to: ctx.reservation.email, subject: f.subject, text: f.body + end(fl, 'student') },
  ];
  if (ctx.tutor?.email) {
    const tl = toLocale(ctx.tutor.locale);
    const m = toTutor(tl, ctx.tutor.fullName);
    mails.push({ to: ctx.tutor.email, subject: m.subject, text: m.body + end(tl, 'tutor') });
  }
  return mails;
}

const tutorName = (ctx: Ctx) => ctx.tutor?.fullName ?? 'Tibeb';

const moveLines = (moves: Move[], zone: string, l: Locale) =>
  moves
    .map((m) => `- ${mailTwoZones(m.from, zone, l)}\n  ${t[l].now} ${mailTwoZones(m.to, zone, l)}`)
    .join('\n');

/** The tutor cancelled lessons (or reported sick): the family has their value as credit. */
export function tutorCancelEmails(
  ctx: Ctx & { sessions: (MailSession & { valueCents: number })[]; sick?: boolean },
): Mail[] {
  const r = ctx.reservation;
  return bothSides(
    ctx,
    (l) => ({
      subject: t[l].cancelSubject(r.studentFullName),
      body:
        `${t[l].cancelFamily(r.fullName, tutorName(ctx), r.studentFullName, Boolean(ctx.sick))}\n\n` +
        ctx.sessions
          .map((s) => `- ${mailTwoZones(s, ctx.family.timeZone, l)}: ${t[l].credit(formatUsd(s.valueCents))}`)
          .join('\n') +
        // Ill, the tutor's lessons are offered to move as well as credited (issue 31 item 6): the tutor's page,
        // where the family books new times and the credit is spent first at checkout.
        (ctx.sick
          ? `\n\n${t[l].sickMove(`${ctx.publicUrl}${tutorPath({ id: r.tutorId, full_name: ctx.tutor?.fullName ?? '' })}`)}`
          : ''),
    }),
    (l, name) => ({
      subject: t[l].cancelTutorSubject(r.studentFullName),
      body:
        `${t[l].cancelTutor(name, r.studentFullName)}\n\n` +
        ctx.sessions.map((s) => `- ${mailTwoZones(s, '', l)}`).join('\n'),
    }),
  );
}

/** The tutor moved lessons outside the notice window: done, both told. */
export function tutorMovedEmails(ctx: Ctx & { moves: Move[] }): Mail[] {
  const r = ctx.reservation;
  return bothSides(
    ctx,
    (l) => ({
      subject: t[l].movedSubject(r.studentFullName),
      body: `${t[l].movedFamily(r.fullName, tutorName(ctx), r.studentFullName)}\n\n${moveLines(ctx.moves, ctx.family.timeZone, l)}`,
    }),
    (l, name) => ({
      subject: t[l].movedTutorSubject(r.studentFullName),
      body: `${t[l].movedTutor(name, r.studentFullName)}\n\n${moveLines(ctx.moves, '', l)}`,
    }),
  );
}

/** Inside the notice window: the family is asked to accept or decline (in its area), the tutor told it was asked. */
export function moveRequestEmails(ctx: Ctx & { moves: Move[] }): Mail[] {
  const r = ctx.reservation;
  return bothSides(
    ctx,
    (l) => ({
      subject: t[l].askSubject(r.studentFullName),
      body:
        `${t[l].askFamily(r.fullName, tutorName(ctx), r.studentFullName)}\n\n${moveLines(ctx.moves, ctx.family.timeZone, l)}\n\n` +
        t[l].askHow(`${ctx.publicUrl}/student/dashboard`),
    }),
    (l, name) => ({
      subject: t[l].askTutorSubject(r.studentFullName),
      body: `${t[l].askTutor(name, r.studentFullName)}\n\n${moveLines(ctx.moves, '', l)}`,
    }),
  );
}

/** A request's end: accepted, declined, withdrawn or expired; both sides told. */
export function moveAnsweredEmails(ctx: Ctx & { moves: Move[]; answer: MoveAnswer }): Mail[] {
  const r = ctx.reservation;
  return bothSides(
    ctx,
    (l) => ({
      subject: t[l].answerSubject(ctx.answer, r.studentFullName),
      body: `${t[l].answerBody(r.fullName, ctx.answer)}\n\n${moveLines(ctx.moves, ctx.family.timeZone, l)}`,
    }),
    (l, name) => ({
      subject: t[l].answerSubject(ctx.answer, r.studentFullName),
      body: `${t[l].answerBody(name, ctx.answer)}\n\n${moveLines(ctx.moves, '', l)}`,
    }),
  );
}

/** "Ask the office": one e-mail per administrator, in its language, with the lessons concerned. */
export function askOfficeEmails(ctx: {
  admins: { email: string; locale: string | null }[];
  tutor: { fullName: string; email: string };
  message: string;
  lessons: { startsAt: Date; endsAt: Date; student: string }[];
  publicUrl: string;
}): Mail[] {
  return ctx.admins.map((a) => {
    const l = toLocale(a.locale);
    const lessons = ctx.lessons.length
      ? `\n\n${t[l].lessons}\n${ctx.lessons.map((s) => `- ${mailTwoZones(s, '', l)} (${s.student})`).join('\n')}`
      : '';
    return {
      to: a.email,
      subject: t[l].officeSubject(ctx.tutor.fullName),
      text: `${t[l].officeBody(ctx.tutor.fullName, ctx.tutor.email)}\n\n${ctx.message}${lessons}\n\n${ctx.publicUrl}/admin/contacts${SIGNATURE}`,
    };
  });
}
