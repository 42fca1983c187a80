import { toLocale, type Locale } from '@tibeb/domain/shared/locale';
import { mailDateTime } from '../../../platform/mail/mail-dates.ts';
import type { Mail } from '../../../platform/mail/mailer.ts';
import type { RenewableRow } from './renewal.repository.ts';

/** The renewal reminder (issue 15 item 3), in the family's language (issue 18): its account's, else the booking's. */

const englishDay = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  }).format(d);

type Texts = {
  subject: (student: string, tutor: string) => string;
  text: (p: {
    name: string;
    student: string;
    subject: string;
    tutor: string;
    last: Date;
    zone: string;
    link: string;
  }) => string;
};

const texts: Record<Locale, Texts> = {
  en: {
    subject: (student, tutor) => `Renew ${student}'s lessons with ${tutor}`,
    text: (p) =>
      [
        `Hello ${p.name},`,
        '',
        `The paid weeks of ${p.student}'s ${p.subject} lessons with ${p.tutor} end with the session on ${englishDay(p.last, p.zone)} (EAT).`,
        'You can book the next weeks at the same times now: any credit you have is spent first, and times that are no longer free are skipped and named before you pay.',
        '',
        `Renew: ${p.link}`,
        '',
        'Tibeb Tutoring',
      ].join('\n'),
  },
  am: {
    subject: (student, tutor) => `የ${student} ትምህርቶችን ከ${tutor} ጋር ያድሱ`,
    text: (p) =>
      [
        `ሰላም ${p.name}፣`,
        '',
        `የ${p.student} የ${p.subject} ትምህርቶች ከ${p.tutor} ጋር የተከፈለባቸው ሳምንታት ${mailDateTime(p.last, p.zone, 'am')} በሚደረገው ክፍለ ጊዜ ያበቃሉ።`,
        'የሚቀጥሉትን ሳምንታት በተመሳሳይ ሰዓቶች አሁኑኑ መያዝ ይችላሉ፦ ያለዎት ክሬዲት መጀመሪያ ጥቅም ላይ ይውላል፤ ከእንግዲህ ክፍት ያልሆኑ ሰዓቶች ደግሞ ከመክፈልዎ በፊት ተለይተው ይነገሩዎታል።',
        '',
        `ለማደስ፦ ${p.link}`,
        '',
        'Tibeb Tutoring',
      ].join('\n'),
  },
};

export function renewalReminderEmail(r: RenewableRow, link: string): Mail {
  const t = texts[toLocale(r.locale)];
  return {
    to: r.email,
    subject: t.subject(r.student_full_name, r.tutor_name),
    text: t.text({
      name: r.guardian_full_name || r.full_name,
      student: r.student_full_name,
      subject: r.subject,
      tutor: r.tutor_name,
      last: new Date(r.last_start),
      zone: r.time_zone,
      link,
    }),
  };
}
