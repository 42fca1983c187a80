import { toLocale, type Locale } from '@tibeb/domain/shared/locale';
import { EAT, mailDay } from '../../../platform/mail/mail-dates.ts';
import type { Mail } from '../../../platform/mail/mailer.ts';

/**
 * The family's e-mail when a tutor sets homework (issue 30 item 5, decision 270), in the family's language: who
 * set it for which student, the work itself (shortened), its due date and whether a file comes with it, and the
 * link to Progress, where it is read and marked done.
 */

const SIGNATURE = '\n\nTibeb Tutoring\n';
const EXCERPT = 1200;

const texts: Record<
  Locale,
  {
    subject: (student: string) => string;
    body: (tutor: string, student: string, due: string) => string;
    file: (name: string) => string;
    link: (url: string) => string;
  }
> = {
  en: {
    subject: (student) => `New homework for ${student}`,
    body: (tutor, student, due) => `${tutor} set homework for ${student}, due ${due}:`,
    file: (name) => `A file comes with it: ${name}`,
    link: (url) => `Read it, open the file and mark it done on Progress: ${url}`,
  },
  am: {
    subject: (student) => `ለ${student} አዲስ የቤት ሥራ`,
    body: (tutor, student, due) => `${tutor} ለ${student} የቤት ሥራ ሰጥተዋል፤ የማስረከቢያ ቀን፦ ${due}።`,
    file: (name) => `ከሥራው ጋር ፋይል አለ፦ ${name}`,
    link: (url) => `ሥራውን ለማንበብ፣ ፋይሉን ለመክፈትና እንደተሠራ ለማመልከት «እድገት» ገጽን ይክፈቱ፦ ${url}`,
  },
};

export function homeworkSetEmail(n: {
  to: string;
  locale: string;
  tutorName: string;
  studentName: string;
  text: string;
  dueOn: string;
  fileName: string | null;
  publicUrl: string;
}): Mail {
  const locale = toLocale(n.locale);
  const t = texts[locale];
  const due = mailDay(new Date(`${n.dueOn}T12:00:00Z`), EAT, locale);
  const work = n.text.length > EXCERPT ? `${n.text.slice(0, EXCERPT)}…` : n.text;
  const lines = [t.body(n.tutorName, n.studentName, due), '', work];
  if (n.fileName) lines.push('', t.file(n.fileName));
  lines.push('', t.link(`${n.publicUrl}/student/progress`));
  return { to: n.to, subject: t.subject(n.studentName), text: lines.join('\n') + SIGNATURE };
}
