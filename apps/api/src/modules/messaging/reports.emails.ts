import { toLocale, type Locale } from '@tibeb/domain/shared/locale';
import type { Mail } from '../../platform/mail/mailer.ts';

/**
 * The e-mails of message reports (issue 31 item 7): a short notice to the admins (never the messages themselves),
 * and a word to each reporter that the office reviewed it (not what was decided).
 */

type Texts = {
  adminSubject: string;
  adminText: (link: string) => string;
  reviewedSubject: string;
  reviewedText: string;
};

const texts: Record<Locale, Texts> = {
  en: {
    adminSubject: 'A conversation was reported',
    adminText: (link) =>
      `Someone reported a conversation on Tibeb Tutoring. Please look at it in the admin area:\n\n${link}\n`,
    reviewedSubject: 'Your report was reviewed',
    reviewedText:
      'Thank you for your report. The office has reviewed the conversation you reported.\n\nTibeb Tutoring\n',
  },
  am: {
    adminSubject: 'አንድ ውይይት ሪፖርት ተደርጓል',
    adminText: (link) => `አንድ ሰው በTibeb Tutoring ላይ ውይይትን ሪፖርት አድርጓል። እባክዎ በአስተዳዳሪ ክፍሉ ይመልከቱት፦\n\n${link}\n`,
    reviewedSubject: 'ሪፖርትዎ ታይቷል',
    reviewedText: 'ስለ ሪፖርትዎ እናመሰግናለን። ቢሮው ሪፖርት ያደረጉትን ውይይት ተመልክቶታል።\n\nTibeb Tutoring\n',
  },
};

export function reportNoticeEmails(
  admins: { email: string; locale: string | null }[],
  publicUrl: string,
  conversationId: string,
): Mail[] {
  const link = `${publicUrl}/admin/reported-conversations/${conversationId}`;
  return admins.map((a) => {
    const t = texts[toLocale(a.locale)];
    return { to: a.email, subject: t.adminSubject, text: t.adminText(link) };
  });
}

export function reportReviewedEmail(to: { email: string; locale: string | null }): Mail {
  const t = texts[toLocale(to.locale)];
  return { to: to.email, subject: t.reviewedSubject, text: t.reviewedText };
}
