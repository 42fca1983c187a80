import { formatSessionRange, wallClock } from '../payments/session-times.ts';
import { smsSegments } from './sms-segments.ts';

/**
 * Lesson reminders (issue 18 item 4): when each is due, which channel a booking's preference means, and the
 * texts of the SMS, the WhatsApp template's variables and the e-mail, in English or Amharic, with the time in EAT
 * and in the family's own zone (Amharic texts also give the Ethiopian date).
 */

export const reminderKinds = ['24h', '1h'] as const;
export type ReminderKind = (typeof reminderKinds)[number];
export const reminderChannels = ['email', 'sms', 'whatsapp', 'telegram'] as const;
export type ReminderChannel = (typeof reminderChannels)[number];
type Language = 'en' | 'am';

const HOUR_MS = 3_600_000;
const EAT = 'Africa/Addis_Ababa';

/**
 * How long before the start each reminder may go out: the 24-hour one from 24 h until 3 h before (closer than
 * that, the 1-hour one is about to follow), the 1-hour one from 1 h until the start.
 */
export const reminderWindows: Record<ReminderKind, { fromMs: number; untilMs: number }> = {
  '24h': { fromMs: 24 * HOUR_MS, untilMs: 3 * HOUR_MS },
  '1h': { fromMs: HOUR_MS, untilMs: 0 },
};

/**
 * Whether the `kind` reminder of a session starting at `startsAt` is due at `now`. A session booked less than
 * 24 hours ahead (`bookedAt`) gets no 24-hour reminder: its confirmation has just been sent.
 */
export function reminderDue(kind: ReminderKind, startsAt: Date, now: Date, bookedAt?: Date | null): boolean {
  const left = startsAt.getTime() - now.getTime();
  const w = reminderWindows[kind];
  if (left > w.fromMs || left <= w.untilMs) return false;
  return !(kind === '24h' && bookedAt && startsAt.getTime() - bookedAt.getTime() < w.fromMs);
}

/** The booking form's communication preference as a channel: 'phone' is SMS; anything else is e-mail. */
export function reminderChannelFor(preference: string): ReminderChannel {
  return preference === 'phone' ? 'sms' : preference === 'whatsapp' ? 'whatsapp' : 'email';
}

/** An SMS reminder never costs more than this many segments (UCS-2 for Amharic: 3 × 67 units). */
export const REMINDER_SMS_MAX_SEGMENTS = 3;

export type ReminderContent = {
  kind: ReminderKind;
  locale: Language;
  startsAt: Date;
  endsAt: Date;
  /** The family's IANA zone; '' when not chosen (EAT only). */
  familyZone: string;
  familyName: string;
  studentName: string;
  tutorName: string;
  subject: string;
  /** The family page, where the room opens and lessons are moved or cancelled. */
  link: string;
  /** When the text is written (the 1-hour reminder says how long is left). */
  now: Date;
};

const fmt = (locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat(locale, { timeZone, ...options });
  // ICU writes some Amharic patterns with a Latin comma: Ethiopic text takes the Ethiopic one (፣).
  return locale.startsWith('am')
    ? { format: (d: Date) => format.format(d).replace(/,\s*/g, '፣ ') }
    : { format: (d: Date) => format.format(d) };
};

/** 'Mon 15 Jun' (English) or 'ሰኞ፣ ሰኔ 8 (ጁን 15)' (Amharic: the Ethiopian date, then the Gregorian one). */
function day(d: Date, zone: string, locale: Language): string {
  if (locale === 'en')
    return fmt('en-GB', zone, { weekday: 'short', day: 'numeric', month: 'short' }).format(d);
  const ethiopian = fmt('am-ET-u-ca-ethiopic', zone, { weekday: 'long', day: 'numeric', month: 'long' });
  return `${ethiopian.format(d)} (${fmt('am', zone, { day: 'numeric', month: 'short' }).format(d)})`;
}

/** The full date: 'ሰኞ፣ ሰኔ 8 2018 ዓ.ም. (ጁን 15 2026)' in Amharic. */
function fullDayAm(d: Date, zone: string): string {
  const ethiopian = fmt('am-ET-u-ca-ethiopic', zone, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(d);
  return `${ethiopian} ዓ.ም. (${fmt('am', zone, { day: 'numeric', month: 'short', year: 'numeric' }).format(d)})`;
}

const clock = (d: Date, zone: string) => wallClock(d, zone).time;
const otherZone = (zone: string) => (zone && zone !== EAT ? zone : '');

/** The start in the family's zone, with its day when that differs from the day in EAT. */
function familyTime(c: ReminderContent, withDay: boolean): string {
  const zone = otherZone(c.familyZone);
  if (!zone) return '';
  const sameDay = wallClock(c.startsAt, zone).date === wallClock(c.startsAt, EAT).date;
  const when = `${withDay && !sameDay ? `${day(c.startsAt, zone, c.locale)}, ` : ''}${clock(c.startsAt, zone)}`;
  return c.locale === 'am' ? ` (በእርስዎ ሰዓት ${when})` : ` (${when} your time)`;
}

/** '1 hour' or 'N minutes' left, as the 1-hour reminder says it. */
function timeLeft(c: ReminderContent): string {
  const minutes = Math.max(1, Math.round((c.startsAt.getTime() - c.now.getTime()) / 60_000));
  if (c.locale === 'am') return minutes >= 55 ? 'በ1 ሰዓት ውስጥ' : `በ${minutes} ደቂቃ ውስጥ`;
  return minutes >= 55 ? 'in 1 hour' : `in ${minutes} minutes`;
}

/**
 * When the lesson starts, as one phrase: the 24-hour reminder gives the day and time ('on Mon 15 Jun at 16:00
 * EAT (09:00 your time)'), the 1-hour one the time left ('in 1 hour, at 16:00 EAT').
 */
export function reminderWhen(c: ReminderContent, options: { familyZone?: boolean } = {}): string {
  const eat = `${clock(c.startsAt, EAT)} EAT`;
  const zone = options.familyZone === false ? '' : familyTime(c, c.kind === '24h');
  if (c.locale === 'am') {
    return c.kind === '24h'
      ? `${day(c.startsAt, EAT, 'am')}፣ ${eat}${zone} ላይ`
      : `${timeLeft(c)}፣ ${eat}${zone} ላይ`;
  }
  return c.kind === '24h'
    ? `on ${day(c.startsAt, EAT, 'en')} at ${eat}${zone}`
    : `${timeLeft(c)}, at ${eat}${zone}`;
}

/** A name cut to `max` characters at most (a word boundary when there is one), for the shortest SMS. */
function shortName(name: string, max: number): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const first = clean.split(' ')[0]!;
  return first.length <= max ? first : `${first.slice(0, max - 1)}…`;
}

function smsText(c: ReminderContent, v: { subject: boolean; zone: boolean; short: boolean }): string {
  const student = v.short ? shortName(c.studentName, 16) : c.studentName.trim();
  const tutor = v.short ? shortName(c.tutorName, 16) : c.tutorName.trim();
  const when = reminderWhen(c, { familyZone: v.zone });
  const subject = v.subject && c.subject.trim() ? c.subject.trim() : '';
  if (c.locale === 'am') {
    return (
      `ጥበብ ማስታወሻ፦ የተማሪ ${student} ትምህርት${subject ? ` (${subject})` : ''} ከአስጠኚ ${tutor} ጋር ${when} ይጀምራል። ` +
      `${c.kind === '24h' ? 'ዝርዝር' : 'ለመግባት'}፦ ${c.link} ማስታወሻዎቹን ለማቆም STOP ብለው ይመልሱ።`
    );
  }
  const lesson = `${student}'s ${subject ? `${subject} ` : ''}lesson with ${tutor}`;
  return c.kind === '24h'
    ? `Tibeb: reminder of ${lesson} ${when}. Details: ${c.link} Reply STOP to stop reminders.`
    : `Tibeb: ${lesson} starts ${when}. Join: ${c.link} Reply STOP to stop reminders.`;
}

/**
 * The SMS reminder, within REMINDER_SMS_MAX_SEGMENTS: the richest text that fits (subject, the family's own
 * time), else without the subject, without the family's time, and with names cut short.
 */
export function reminderSms(c: ReminderContent): string {
  const variants = [
    { subject: true, zone: true, short: false },
    { subject: false, zone: true, short: false },
    { subject: false, zone: false, short: false },
    { subject: false, zone: false, short: true },
  ];
  let text = '';
  for (const v of variants) {
    text = smsText(c, v);
    if (smsSegments(text).segments <= REMINDER_SMS_MAX_SEGMENTS) return text;
  }
  return text;
}

/**
 * The WhatsApp template's variables (business-initiated messages must use an approved template; docs/decisions
 * 177 gives its text): 1 the student, 2 the tutor, 3 when (as `reminderWhen`), 4 the family page.
 */
export function reminderWhatsAppVariables(c: ReminderContent): Record<string, string> {
  return {
    '1': c.studentName.trim(),
    '2': c.tutorName.trim(),
    '3': reminderWhen(c),
    '4': c.link,
  };
}

/** The e-mail reminder, with the link that stops reminders without signing in. */
export function reminderEmail(c: ReminderContent, optOutLink: string): { subject: string; text: string } {
  const zone = otherZone(c.familyZone);
  const student = c.studentName.trim();
  const tutor = c.tutorName.trim();
  if (c.locale === 'am') {
    const range = (z: string) => `${fullDayAm(c.startsAt, z)}፣ ${clock(c.startsAt, z)}–${clock(c.endsAt, z)}`;
    const lines = [
      `ሰላም ${c.familyName.trim() || 'ውድ ቤተሰብ'}፣`,
      '',
      c.kind === '24h' ? 'የሚቀጥለው ትምህርት ማስታወሻ፦' : `ትምህርቱ ${timeLeft(c)} ይጀምራል፦`,
      '',
      `ተማሪ፦ ${student}`,
      `አስጠኚ፦ ${tutor}`,
      ...(c.subject.trim() ? [`የትምህርት ዓይነት፦ ${c.subject.trim()}`] : []),
      `ጊዜ፦ ${range(EAT)} EAT`,
      ...(zone ? [`በእርስዎ ሰዓት (${zone})፦ ${range(zone)}`] : []),
      '',
      `የኦንላይን ትምህርት ክፍሉ ትምህርቱ ከመጀመሩ 15 ደቂቃ በፊት በቤተሰብ ገጽዎ ላይ ይከፈታል፦ ${c.link}`,
      'መገኘት ካልቻሉ እዚያው በቦታ ማስያዣ ደንቡ መሠረት ትምህርቱን መሰረዝ ወይም ወደ ሌላ ጊዜ ማዛወር ይችላሉ።',
      '',
      'እነዚህን ማስታወሻዎች ከእያንዳንዱ ትምህርት 24 ሰዓት እና 1 ሰዓት በፊት ይቀበላሉ።',
      `ማስታወሻዎቹን ለማቆም፦ ${optOutLink}`,
      '',
      'Tibeb Tutoring (ጥበብ)',
    ];
    return {
      subject:
        c.kind === '24h'
          ? `ማስታወሻ፦ የተማሪ ${student} ትምህርት ከአስጠኚ ${tutor} ጋር፣ ${day(c.startsAt, EAT, 'am')} ${clock(c.startsAt, EAT)} EAT`
          : `${timeLeft(c)} ይጀምራል፦ የተማሪ ${student} ትምህርት ከአስጠኚ ${tutor} ጋር`,
      text: lines.join('\n'),
    };
  }
  const lesson = `${student}'s ${c.subject.trim() ? `${c.subject.trim()} ` : ''}lesson with ${tutor}`;
  const lines = [
    `Hello ${c.familyName.trim() || 'there'},`,
    '',
    c.kind === '24h'
      ? `A reminder of ${lesson}:`
      : `${lesson[0]!.toUpperCase()}${lesson.slice(1)} starts ${timeLeft(c)}:`,
    '',
    `  ${formatSessionRange(c.startsAt, c.endsAt, EAT)}`,
    ...(zone ? [`  ${formatSessionRange(c.startsAt, c.endsAt, zone)}, your time`] : []),
    '',
    `The lesson's online room opens 15 minutes before the start, on your family page: ${c.link}`,
    'If you cannot attend, you can cancel or move the lesson there, under the booking policy.',
    '',
    'You receive these reminders 24 hours and 1 hour before each lesson.',
    `Stop them: ${optOutLink}`,
    '',
    'Tibeb Tutoring',
  ];
  return {
    subject:
      c.kind === '24h'
        ? `Reminder: ${student}'s lesson with ${tutor}, ${day(c.startsAt, EAT, 'en')} ${clock(c.startsAt, EAT)} EAT`
        : `Starting ${timeLeft(c)}: ${student}'s lesson with ${tutor}`,
    text: lines.join('\n'),
  };
}
