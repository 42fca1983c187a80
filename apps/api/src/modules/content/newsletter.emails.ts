import { siteName } from '@tibeb/domain/site/messages';
import { toLocale } from '@tibeb/domain/shared/locale';
import type { Mail } from '../../platform/mail/mailer.ts';

/** The newsletter's welcome, in the language of the page the address was given on (issue 18). */
const texts = {
  en: {
    subject: `Welcome to the ${siteName} newsletter`,
    text: (link: string) =>
      [
        `Thank you for subscribing to the ${siteName} newsletter.`,
        'Once a month we send study tips, news about our tutors and special offers.',
        '',
        `To unsubscribe at any time, open this link: ${link}`,
      ].join('\n'),
  },
  am: {
    subject: `እንኳን ወደ ${siteName} ጋዜጣ በደህና መጡ`,
    text: (link: string) =>
      [
        `ለ${siteName} ጋዜጣ ስለተመዘገቡ እናመሰግናለን።`,
        'በወር አንድ ጊዜ የጥናት ምክሮችን፣ ስለ አስጠኚዎቻችን ዜናዎችን እና ልዩ ቅናሾችን እንልካለን።',
        '',
        `በማንኛውም ጊዜ ምዝገባዎን ለማቋረጥ ይህን ሊንክ ይክፈቱ፦ ${link}`,
      ].join('\n'),
  },
} as const;

export function welcomeEmail(to: string, locale: string | null | undefined, unsubscribeLink: string): Mail {
  const t = texts[toLocale(locale)];
  return { to, subject: t.subject, text: t.text(unsubscribeLink) };
}
