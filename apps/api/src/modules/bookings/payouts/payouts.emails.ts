import { siteName } from '@tibeb/domain/site/messages';
import { toLocale } from '@tibeb/domain/shared/locale';
import { formatAmount } from '@tibeb/domain/payments/currency';
import type { Mail } from '../../../platform/mail/mailer.ts';

/** The tutor's e-mails about being paid (issue 27 item 4), in the tutor's language. */
type To = { email: string; name: string; locale: string };
const sign = { en: `— The ${siteName} team`, am: `— የ${siteName} ቡድን` };

export function methodChangedEmail(to: To, masked: string, publicUrl: string): Mail {
  const l = toLocale(to.locale);
  const text =
    l === 'am'
      ? [
          `ሰላም ${to.name}፣`,
          '',
          `ክፍያ የሚላክበት ሂሳብዎ ተቀይሯል (${masked})።`,
          `ይህን ካልቀየሩ የይለፍ ቃልዎን ወዲያውኑ ይቀይሩና ያሳውቁን፦ ${publicUrl}/contact`,
          '',
          sign.am,
        ]
      : [
          `Hello ${to.name},`,
          '',
          `Where we pay you has been changed (${masked}).`,
          `If you did not make this change, change your password at once and tell us: ${publicUrl}/contact`,
          '',
          sign.en,
        ];
  return {
    to: to.email,
    subject: l === 'am' ? 'የክፍያ መቀበያዎ ተቀይሯል' : 'Your payout method was changed',
    text: text.join('\n'),
  };
}

export function payoutPaidEmail(to: To, birrCents: number, publicUrl: string): Mail {
  const l = toLocale(to.locale);
  const amount = formatAmount(birrCents, 'ETB');
  const text =
    l === 'am'
      ? [
          `ሰላም ${to.name}፣`,
          '',
          `${amount} ተልኮልዎታል።`,
          `ዝርዝሩ በገቢዎ ገጽ ላይ ነው፦ ${publicUrl}/tutor/earnings`,
          '',
          sign.am,
        ]
      : [
          `Hello ${to.name},`,
          '',
          `We have paid you ${amount}.`,
          `The details are on your Earnings page: ${publicUrl}/tutor/earnings`,
          '',
          sign.en,
        ];
  return {
    to: to.email,
    subject: l === 'am' ? 'ክፍያዎ ተልኳል' : `You have been paid ${amount}`,
    text: text.join('\n'),
  };
}

export function payoutFailedEmail(to: To, birrCents: number, reason: string, publicUrl: string): Mail {
  const l = toLocale(to.locale);
  const amount = formatAmount(birrCents, 'ETB');
  const text =
    l === 'am'
      ? [
          `ሰላም ${to.name}፣`,
          '',
          `የ${amount} ክፍያዎ አልተሳካም፦ ${reason}`,
          `ገንዘቡ ወደ ቀሪ ሂሳብዎ ተመልሷል። የክፍያ መቀበያዎን ያረጋግጡ፦ ${publicUrl}/tutor/payout-method`,
          '',
          sign.am,
        ]
      : [
          `Hello ${to.name},`,
          '',
          `Your payout of ${amount} did not go through: ${reason}`,
          `The money is back in your available balance. Check where we pay you: ${publicUrl}/tutor/payout-method`,
          '',
          sign.en,
        ];
  return {
    to: to.email,
    subject: l === 'am' ? 'ክፍያዎ አልተሳካም' : 'Your payout did not go through',
    text: text.join('\n'),
  };
}
