import { siteName } from '@tibeb/domain/site/messages';
import { toLocale } from '@tibeb/domain/shared/locale';
import type { Mail } from '../../platform/mail/mailer.ts';

/** The applicant's e-mails about a decision, in the language they applied in (issue 27 item 2). */
type Decision = 'approve' | 'reject' | 'request_changes';

const texts = {
  en: {
    approve: {
      subject: `You can now teach with ${siteName}`,
      body: (name: string, _reason: string, link: string) =>
        [
          `Hello ${name},`,
          '',
          'Your application has been approved: your profile is now in our tutor directory, and families can book you.',
          `Keep your weekly availability up to date in your tutor area: ${link}`,
          '',
          `— The ${siteName} team`,
        ].join('\n'),
    },
    request_changes: {
      subject: `Your ${siteName} application needs changes`,
      body: (name: string, reason: string, link: string) =>
        [
          `Hello ${name},`,
          '',
          'We have read your application and need a few changes before we can decide:',
          '',
          reason,
          '',
          `Sign in and update your application here: ${link}`,
          '',
          `— The ${siteName} team`,
        ].join('\n'),
    },
    reject: {
      subject: `Your ${siteName} application`,
      body: (name: string, reason: string) =>
        [
          `Hello ${name},`,
          '',
          'Thank you for applying to teach with us. We are sorry: we cannot accept your application.',
          '',
          reason,
          '',
          `— The ${siteName} team`,
        ].join('\n'),
    },
  },
  am: {
    approve: {
      subject: `አሁን ከ${siteName} ጋር ማስተማር ይችላሉ`,
      body: (name: string, _reason: string, link: string) =>
        [
          `ሰላም ${name}፣`,
          '',
          'ማመልከቻዎ ጸድቋል፤ መገለጫዎ አሁን በአስጠኚዎች ዝርዝራችን ውስጥ ነው፣ ቤተሰቦችም ሊይዙዎት ይችላሉ።',
          `ሳምንታዊ የሚገኙበትን ጊዜ በአስጠኚ ገጽዎ ያዘምኑ፦ ${link}`,
          '',
          `— የ${siteName} ቡድን`,
        ].join('\n'),
    },
    request_changes: {
      subject: `የ${siteName} ማመልከቻዎ ለውጦች ያስፈልጉታል`,
      body: (name: string, reason: string, link: string) =>
        [
          `ሰላም ${name}፣`,
          '',
          'ማመልከቻዎን አንብበናል፤ ከመወሰናችን በፊት ጥቂት ለውጦች ያስፈልጋሉ፦',
          '',
          reason,
          '',
          `ገብተው ማመልከቻዎን እዚህ ያዘምኑ፦ ${link}`,
          '',
          `— የ${siteName} ቡድን`,
        ].join('\n'),
    },
    reject: {
      subject: `የ${siteName} ማመልከቻዎ`,
      body: (name: string, reason: string) =>
        [
          `ሰላም ${name}፣`,
          '',
          'ከእኛ ጋር ለማስተማር ስላመለከቱ እናመሰግናለን። ይቅርታ፤ ማመልከቻዎን መቀበል አልቻልንም።',
          '',
          reason,
          '',
          `— የ${siteName} ቡድን`,
        ].join('\n'),
    },
  },
} as const;

export function decisionEmail(
  to: { email: string; name: string; locale: string },
  decision: Decision,
  reason: string,
  publicUrl: string,
): Mail {
  const t = texts[toLocale(to.locale)][decision];
  const link = `${publicUrl}${decision === 'approve' ? '/tutor/dashboard' : '/tutor/application'}`;
  return { to: to.email, subject: t.subject, text: t.body(to.name, reason, link) };
}
