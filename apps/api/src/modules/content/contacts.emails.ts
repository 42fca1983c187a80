import { siteName } from '@tibeb/domain/site/messages';
import { toLocale } from '@tibeb/domain/shared/locale';
import type { Mail } from '../../platform/mail/mailer.ts';

/**
 * The contact form's acknowledgement: a fixed text (nothing the sender wrote goes into it, issue 12 item 10),
 * in the language of the page the message was sent from, else of the address's account (issue 18).
 */
const texts = {
  en: {
    subject: `We received your message — ${siteName}`,
    text: [
      'Hello,',
      '',
      `Thank you for contacting ${siteName}. We have received your message and will reply within one working day.`,
      '',
      `— The ${siteName} team`,
    ].join('\n'),
  },
  am: {
    subject: `መልዕክትዎ ደርሶናል — ${siteName}`,
    text: [
      'ሰላም፣',
      '',
      `${siteName}ን ስላገኙን እናመሰግናለን። መልዕክትዎ ደርሶናል፤ በአንድ የሥራ ቀን ውስጥ መልስ እንሰጥዎታለን።`,
      '',
      `— የ${siteName} ቡድን`,
    ].join('\n'),
  },
} as const;

export function acknowledgementEmail(to: string, locale: string | null | undefined): Mail {
  const t = texts[toLocale(locale)];
  return { to, subject: t.subject, text: t.text };
}
