import { bookingPolicyDefaults } from '../bookings/lifecycle.ts';
import type { PolicyWords } from './contracts.ts';

/**
 * The legal pages (spec §2, §9): dated June 20, 2025, version 1.0, 30 days' notice of material changes; children
 * under 13 never use the Service on their own, while lessons are sold from KG (booked by a parent: decision 264). The spec's text has placeholders; we fill them with the product's name and the contact
 * details from the site settings (decision 033).
 */
export type LegalSection = { id: string; heading: string; paragraphs: readonly string[] };
export type LegalDocument = {
  title: string;
  version: string;
  effectiveDate: string;
  sections: readonly LegalSection[];
};
export type LegalContact = {
  siteName: string;
  email: string;
  phone: string;
  address: string;
  /** The booking policy's numbers (decision 254); the policy's defaults when left out. */
  policy?: PolicyWords;
};

export const LEGAL_VERSION = '1.0';
export const LEGAL_EFFECTIVE_DATE = 'June 20, 2025';
export const NOTICE_DAYS = 30;
export const MINIMUM_AGE = 13;

/** How to reach us, in one sentence, from whatever contact details are set. */
export function contactSentence(c: LegalContact): string {
  const ways = [
    c.email && `by e-mail at ${c.email}`,
    c.phone && `by phone on ${c.phone}`,
    c.address && `by post at ${c.address}`,
  ].filter(Boolean);
  const form = 'through the contact form on our Contact page';
  return `You can reach ${c.siteName} ${ways.length ? `${ways.join(', ')}, or ${form}` : form}.`;
}

export function termsOfService(c: LegalContact): LegalDocument {
  const n = c.siteName;
  const hours = c.policy?.cancellation_notice_hours ?? bookingPolicyDefaults.cancellation_notice_hours;
  const weeks = c.policy?.weeks_per_payment ?? bookingPolicyDefaults.weeks_per_payment;
  const holdMinutes = c.policy?.hold_minutes ?? bookingPolicyDefaults.hold_minutes;
  return {
    title: 'Terms of Service',
    version: LEGAL_VERSION,
    effectiveDate: LEGAL_EFFECTIVE_DATE,
    sections: [
      {
        id: 'acceptance',
        heading: '1. Acceptance of these terms',
        paragraphs: [
          `These Terms of Service govern your use of the ${n} website and services (the "Service"). By browsing the Service, creating an account or booking a session you agree to these terms. If you do not agree, please do not use the Service.`,
        ],
      },
      {
        id: 'service',
        heading: '2. The Service',
        paragraphs: [
          `${n} is an online marketplace that connects families with independent tutors for live, one-to-one online lessons in Mathematics, Sciences, Languages and Coding. Tutors are vetted by ${n} before they are listed, but they are responsible for the content of their lessons.`,
        ],
      },
      {
        id: 'eligibility',
        heading: '3. Eligibility and children',
        paragraphs: [
          `Lessons are for students of every school age, from kindergarten (KG) to Grade 12 and exam preparation (IGCSE, SAT). Children do not use the Service on their own: a student under ${MINIMUM_AGE} takes part only in lessons that a parent or legal guardian has booked and paid for, with that adult supervising, and never has an account of their own. The parent or guardian accepts these terms on the student's behalf.`,
          'Anyone who creates an account must be at least 18 years old, or the age of majority where they live, and must give accurate information.',
        ],
      },
      {
        id: 'accounts',
        heading: '4. Accounts',
        paragraphs: [
          'You are responsible for keeping your password confidential and for everything done with your account. Tell us at once if you believe your account has been used without your permission.',
        ],
      },
      {
        id: 'bookings',
        heading: '5. Bookings, payments and refunds',
        paragraphs: [
          `A booking reserves recurring weekly sessions with a tutor. The price is shown before you pay and is charged in US dollars through our payment provider’s secure hosted checkout; the first payment covers the first ${weeks} weeks of the sessions booked. We do not store your card details.`,
          `Sessions are held for you for ${holdMinutes} minutes while you complete payment; a booking that is not paid within that time lapses. A weekly occurrence that clashes with an existing booking is skipped and is not charged.`,
          `Sessions cancelled at least ${hours} hours in advance are credited. If a session cannot take place because of us or the tutor, you receive a credit or a refund. Refunds are made to the card used for payment.`,
          'A lesson that could not take place or was cut short by a power or internet cut is reported by the family or the tutor within a day of its end; the family then books a make-up with the same tutor within 14 days at no charge, and a make-up not booked in time is credited. A family whose tutor did not come reports it within a day; unless the tutor disputes it within two days (we then decide), the lesson is credited or refunded.',
          'A tutor may offer one trial lesson per family, free or at the price shown. If a tutor can no longer teach, we may offer the remaining lessons to another tutor of the subject who is free at all of them; nothing changes unless you accept, and a difference in price is then paid at checkout or credited to you.',
        ],
      },
      {
        id: 'conduct',
        heading: '6. Acceptable use',
        paragraphs: [
          'You agree not to misuse the Service: no harassment, no unlawful or offensive content, no attempt to interfere with the Service or to reach other users’ data, and no arranging paid lessons with a tutor you met through the Service outside of it.',
        ],
      },
      {
        id: 'content',
        heading: '7. Content and intellectual property',
        paragraphs: [
          `The Service, its design and its content belong to ${n} or its licensors. Lesson materials shared by a tutor may be used by the student for personal study only. Comments you post on our blog must be your own and lawful; you allow us to display them.`,
        ],
      },
      {
        id: 'liability',
        heading: '8. Disclaimers and limitation of liability',
        paragraphs: [
          `We work hard to keep the Service available and our tutors excellent, but the Service is provided "as is". To the extent the law allows, ${n} is not liable for indirect or consequential losses, and our total liability for any claim is limited to the amount you paid for the sessions concerned. Nothing in these terms limits rights you have as a consumer that cannot be limited by law.`,
        ],
      },
      {
        id: 'termination',
        heading: '9. Suspension and termination',
        paragraphs: [
          'You may stop using the Service and close your account at any time. We may suspend or close an account that breaks these terms; paid sessions that have not yet taken place are then refunded unless the account was closed for fraud or abuse.',
        ],
      },
      {
        id: 'changes',
        heading: '10. Changes to these terms',
        paragraphs: [
          `We may update these terms. For material changes we will give at least ${NOTICE_DAYS} days' notice by e-mail or on the Service before they take effect. Continuing to use the Service after that date means you accept the updated terms.`,
        ],
      },
      {
        id: 'contact',
        heading: '11. Contact',
        paragraphs: [`${contactSentence(c)} Please mention "Terms of Service" in your message.`],
      },
    ],
  };
}

export function privacyPolicy(c: LegalContact): LegalDocument {
  const n = c.siteName;
  return {
    title: 'Privacy Policy',
    version: LEGAL_VERSION,
    effectiveDate: LEGAL_EFFECTIVE_DATE,
    sections: [
      {
        id: 'who',
        heading: '1. Who we are',
        paragraphs: [
          `${n} ("we", "us") runs the online tutoring marketplace at this website and is responsible for the personal data described in this policy. ${contactSentence(c)}`,
        ],
      },
      {
        id: 'collect',
        heading: '2. What we collect',
        paragraphs: [
          'Booking details: the parent or guardian’s name, e-mail, phone, address and relationship to the student; the student’s name, grade, age or date of birth and school; optional secondary contact and payer details; the chosen tutor, subject, days and times.',
          'Account details: username, e-mail and a securely hashed password. Messages you send us through the contact form, newsletter subscriptions and blog comments.',
          'Lessons: messages between a family and its tutor, the pictures and PDFs attached to them and to homework, homework and the tutor’s notes, and reports of lessons that were interrupted or missed. Files are readable only by the two sides of the conversation or lesson (and by our staff when a conversation is reported to us).',
          'Payment: our payment provider processes your card; we receive only the payment status, amount and a reference, never your card number.',
          'Technical data: the IP address and basic request logs needed to keep the Service secure and to limit abuse.',
        ],
      },
      {
        id: 'use',
        heading: '3. How we use it',
        paragraphs: [
          'To arrange and run the lessons you book, take payment, send confirmations and receipts, answer your messages, send the newsletter you asked for, keep the Service secure, and meet our legal obligations. We do not sell personal data and we do not use it for third-party advertising.',
        ],
      },
      {
        id: 'sharing',
        heading: '4. Who we share it with',
        paragraphs: [
          'The tutor of a booking sees the student and guardian details needed to teach. Service providers process data on our behalf under contract: our payment provider, e-mail delivery and hosting. We disclose data to authorities only when the law requires it.',
        ],
      },
      {
        id: 'children',
        heading: '5. Children',
        paragraphs: [
          `Our lessons are for students from kindergarten (KG) upward, but children under ${MINIMUM_AGE} do not give us their data themselves: a parent or guardian books their lessons and provides the student's details, and the tutor of the booking sees only what is needed to teach. We do not knowingly collect personal data directly from a child under ${MINIMUM_AGE}. If you believe one has given us personal data without a parent's consent, contact us and we will delete it.`,
        ],
      },
      {
        id: 'retention',
        heading: '6. How long we keep it',
        paragraphs: [
          'Booking and payment records are kept for as long as tax and accounting law requires (usually up to seven years). Contact messages are kept for two years. Newsletter subscriptions are kept until you unsubscribe, which you can do from the link in every e-mail.',
        ],
      },
      {
        id: 'rights',
        heading: '7. Your rights',
        paragraphs: [
          'You may ask to see, correct, export or delete your personal data, object to its use, or withdraw consent you gave. Write to us using the details below; we answer within 30 days. You may also complain to your local data protection authority.',
        ],
      },
      {
        id: 'security',
        heading: '8. Security and transfers',
        paragraphs: [
          'Data is sent over encrypted connections, passwords are stored only as strong hashes, and access is limited to staff who need it. Because our families and tutors live in different countries, data may be processed outside your country with appropriate safeguards.',
        ],
      },
      {
        id: 'cookies',
        heading: '9. Cookies and local storage',
        paragraphs: [
          'We use your browser’s storage only to keep you signed in. We do not use advertising or tracking cookies.',
        ],
      },
      {
        id: 'changes',
        heading: '10. Changes to this policy',
        paragraphs: [
          `For material changes we will give at least ${NOTICE_DAYS} days' notice by e-mail or on the Service before they take effect.`,
        ],
      },
    ],
  };
}
