import { toLocale, type Locale } from '@tibeb/domain/shared/locale';
import type { Mail } from '../../platform/mail/mailer.ts';

/**
 * The account e-mails (sign-up, password links), each in the account's language (issue 18); a new account
 * is in the language the person signed up in. English texts unchanged.
 */

type Texts = {
  verifySubject: string;
  verify: (name: string, link: string) => string;
  alreadySubject: string;
  already: (publicUrl: string) => string;
  resetSubject: string;
  reset: (name: string, username: string, link: string) => string;
  createdSubject: string;
  created: (name: string, username: string, link: string) => string;
};

const texts: Record<Locale, Texts> = {
  en: {
    verifySubject: 'Confirm your email address — Tibeb Tutoring',
    verify: (name, link) =>
      `Hello ${name},\n\n` +
      `Welcome to Tibeb Tutoring. Please confirm that this is your email address (the link works once, ` +
      `within 3 days):\n\n${link}\n\n` +
      `Bookings made with this address appear in your account once it is confirmed.\n` +
      `If you did not sign up, ignore this email.\n`,
    alreadySubject: 'Someone tried to sign up with your email — Tibeb Tutoring',
    already: (url) =>
      `Hello,\n\nSomeone tried to create a Tibeb Tutoring account with this email address, which already ` +
      `has an account. No new account was created.\n\nIf it was you, sign in at ${url}/login ` +
      `or choose a new password at ${url}/forgot-password.\n` +
      `If it was not you, ignore this email.\n`,
    resetSubject: 'Reset your Tibeb Tutoring password',
    reset: (name, username, link) =>
      `Hello ${name},\n\n` +
      `Someone asked to reset the password of your Tibeb Tutoring account (${username}).\n` +
      `Choose a new password here (the link works once, for 1 hour):\n\n${link}\n\n` +
      `If it was not you, ignore this e-mail: your password stays as it is.\n`,
    createdSubject: 'Your Tibeb Tutoring account',
    created: (name, username, link) =>
      `Hello ${name},\n\nAn account was created for you at Tibeb Tutoring ` +
      `(username: ${username}). Choose your password here (the link works once, within 3 days):\n\n` +
      `${link}\n`,
  },
  am: {
    verifySubject: 'የኢሜይል አድራሻዎን ያረጋግጡ — Tibeb Tutoring',
    verify: (name, link) =>
      `ሰላም ${name}፣\n\n` +
      `እንኳን ወደ Tibeb Tutoring በደህና መጡ። እባክዎ ይህ የእርስዎ የኢሜይል አድራሻ መሆኑን ያረጋግጡ (ሊንኩ የሚሠራው ` +
      `አንድ ጊዜ ብቻ፣ በ3 ቀናት ውስጥ ነው)፦\n\n${link}\n\n` +
      `በዚህ አድራሻ የተያዙ ትምህርቶች አድራሻው ከተረጋገጠ በኋላ በመለያዎ ውስጥ ይታያሉ።\n` +
      `እርስዎ ካልተመዘገቡ ይህን ኢሜይል ችላ ይበሉት።\n`,
    alreadySubject: 'አንድ ሰው በኢሜይልዎ ለመመዝገብ ሞክሯል — Tibeb Tutoring',
    already: (url) =>
      `ሰላም፣\n\nአንድ ሰው ቀድሞውኑ መለያ ባለው በዚህ የኢሜይል አድራሻ አዲስ የTibeb Tutoring መለያ ለመክፈት ሞክሯል። ` +
      `ምንም አዲስ መለያ አልተከፈተም።\n\nእርስዎ ከሆኑ በ${url}/login ይግቡ፣ ወይም በ${url}/forgot-password ` +
      `አዲስ የይለፍ ቃል ይምረጡ።\nእርስዎ ካልሆኑ ይህን ኢሜይል ችላ ይበሉት።\n`,
    resetSubject: 'የTibeb Tutoring የይለፍ ቃልዎን ይቀይሩ',
    reset: (name, username, link) =>
      `ሰላም ${name}፣\n\n` +
      `አንድ ሰው የTibeb Tutoring መለያዎን (${username}) የይለፍ ቃል ለመቀየር ጠይቋል።\n` +
      `አዲስ የይለፍ ቃል እዚህ ይምረጡ (ሊንኩ የሚሠራው አንድ ጊዜ ብቻ፣ ለ1 ሰዓት ነው)፦\n\n${link}\n\n` +
      `እርስዎ ካልጠየቁ ይህን ኢሜይል ችላ ይበሉት፤ የይለፍ ቃልዎ እንዳለ ይቆያል።\n`,
    createdSubject: 'የTibeb Tutoring መለያዎ',
    created: (name, username, link) =>
      `ሰላም ${name}፣\n\nበTibeb Tutoring መለያ ተከፍቶልዎታል (የተጠቃሚ ስም፦ ${username})። ` +
      `የይለፍ ቃልዎን እዚህ ይምረጡ (ሊንኩ የሚሠራው አንድ ጊዜ ብቻ፣ በ3 ቀናት ውስጥ ነው)፦\n\n${link}\n`,
  },
};

type Account = { email: string; username: string; firstName?: string; locale: string };

/** After sign-up: the link that proves the address. */
export const verificationEmail = (user: Account, link: string): Mail => {
  const t = texts[toLocale(user.locale)];
  return { to: user.email, subject: t.verifySubject, text: t.verify(user.username, link) };
};

/** A sign-up with an address that has an account: its owner is told, in the account's language. */
export const alreadyRegisteredEmail = (user: Pick<Account, 'email' | 'locale'>, publicUrl: string): Mail => {
  const t = texts[toLocale(user.locale)];
  return { to: user.email, subject: t.alreadySubject, text: t.already(publicUrl) };
};

/** The reset link (1 hour). */
export const resetEmail = (user: Account, link: string): Mail => {
  const t = texts[toLocale(user.locale)];
  return {
    to: user.email,
    subject: t.resetSubject,
    text: t.reset(user.firstName || user.username, user.username, link),
  };
};

/** An account an administrator made without a password: its set-password link (3 days). */
export const accountCreatedEmail = (user: Account, link: string): Mail => {
  const t = texts[toLocale(user.locale)];
  return {
    to: user.email,
    subject: t.createdSubject,
    text: t.created(user.firstName || user.username, user.username, link),
  };
};
