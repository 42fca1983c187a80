import { toLocale, type Locale } from '@tibeb/domain/shared/locale';
import type { Mail } from '../../platform/mail/mailer.ts';

/** The e-mail notice of an unread message (decision 140), in the reader's language (issue 18). */

type Texts = {
  subject: (from: string) => string;
  text: (from: string, excerpt: string, link: string) => string;
};

const texts: Record<Locale, Texts> = {
  en: {
    subject: (from) => `New message from ${from}`,
    text: (from, excerpt, link) =>
      `${from} wrote to you on Tibeb Tutoring:\n\n${excerpt}\n\nRead and answer: ${link}\n`,
  },
  am: {
    subject: (from) => `ከ${from} አዲስ መልዕክት`,
    text: (from, excerpt, link) =>
      `${from} በTibeb Tutoring መልዕክት ጽፈውልዎታል፦\n\n${excerpt}\n\nለማንበብና መልስ ለመስጠት፦ ${link}\n`,
  },
};

export function messageNoticeEmail(n: {
  to: string;
  locale: string;
  from: string;
  excerpt: string;
  link: string;
}): Mail {
  const t = texts[toLocale(n.locale)];
  return { to: n.to, subject: t.subject(n.from), text: t.text(n.from, n.excerpt, n.link) };
}
