import { bookingPolicyDefaults } from '../bookings/lifecycle.ts';
import type { PolicyWords } from './contracts.ts';

/**
 * The FAQ's eight questions (spec §2), answered consistently with DESIGN §1. Answers that state a policy
 * number carry it as an i18next placeholder (`{{hours}}`, `{{weeks}}`), filled by `faqValues` from the booking
 * policy settings (decision 254).
 */
export type FaqItem = { id: string; question: string; answer: string };

export const faqItems: readonly FaqItem[] = [
  {
    id: 'subjects',
    question: 'What subjects do you offer?',
    answer:
      'Mathematics (beginner to advanced), Sciences for grades 5-12 (general science, physics, chemistry and biology), Languages (Amharic, Tigrigna, Oromifa and English, conversational to academic) and Coding for kids and teens (Python and JavaScript). Lessons are for students from KG (kindergarten) to Grade 12 and exam preparation (IGCSE, SAT Prep); a parent or guardian books them, and a child under 13 always learns with that adult’s supervision.',
  },
  {
    id: 'online',
    question: 'How are the sessions conducted online?',
    answer:
      'Each session is a live one-to-one video lesson between your child and the tutor, in an online room that opens 15 minutes before the start (or the tutor’s own meeting link). You need a computer, tablet or phone with a microphone, ideally a camera; on a weak connection you can join with audio only. Between lessons, tutors and families write to each other in their messages and can attach a picture or a PDF; the tutor can set homework on a lesson, which you open and mark done under Progress.',
  },
  {
    id: 'scheduling',
    question: 'How does scheduling work?',
    answer:
      'When you book, you choose a start date, the weekdays and a start time for each day, and the length of each lesson. The sessions then repeat every week at those times. Times are the tutor’s time in Ethiopia (EAT, UTC+3); the booking form also shows each time in your own time zone.',
  },
  {
    id: 'cancel',
    question: 'How do I cancel or reschedule a session?',
    answer:
      'Sign in and open your dashboard: your upcoming sessions are listed there, and you can cancel a session or ask for another time from the session itself. Please cancel at least {{hours}} hours in advance so that your tutor can plan.',
  },
  {
    id: 'payments',
    question: 'How do payments work?',
    answer:
      'You pay by card through our payment provider’s secure hosted checkout; we never see or store your card number. The first payment covers the first {{weeks}} weeks of the lessons you booked, in US dollars, and the price is shown before you pay. Some tutors offer a first trial lesson of 30 or 45 minutes, free or at a small price, once per family; you book it from the tutor’s page.',
  },
  {
    id: 'refunds',
    question: 'What is your refund policy?',
    answer:
      'If a session cannot take place because of us or the tutor, you receive a credit or a refund of that session. If a lesson could not happen or was cut short by a power or internet cut, you or the tutor report it within a day and you book a make-up with the same tutor within 14 days at no charge; a make-up not booked in time becomes credit. If the tutor did not come, report it within a day: unless the tutor disputes it within two days, you get the lesson back as credit or a refund. Sessions cancelled at least {{hours}} hours in advance are credited to your next booking, and unused paid sessions can be refunded on request to the card you paid with.',
  },
  {
    id: 'support',
    question: 'How can I contact support?',
    answer:
      'Write to us through the contact form on our Contact page, or use the e-mail address and phone number shown there. We answer within one working day.',
  },
  {
    id: 'switch',
    question: 'Can I switch tutors?',
    answer:
      'Yes. If your child and the tutor are not a good match, or the tutor can no longer teach, contact support: we offer you another tutor of the same subject who is free at every one of your remaining lessons, and e-mail you a link to accept or decline. If you accept, your lessons keep their times with the new tutor; a difference in price is paid at checkout or stays yours as credit.',
  },
];

/** The placeholders' values: the policy's numbers as served, or its defaults until they arrive. */
export function faqValues(words: PolicyWords | undefined): { hours: number; weeks: number } {
  return {
    hours: words?.cancellation_notice_hours ?? bookingPolicyDefaults.cancellation_notice_hours,
    weeks: words?.weeks_per_payment ?? bookingPolicyDefaults.weeks_per_payment,
  };
}

/** An answer in English with its numbers filled in (for texts outside i18next, and tests). */
export function faqAnswer(item: FaqItem, words: PolicyWords | undefined): string {
  const values = faqValues(words);
  return item.answer.replace(/\{\{(hours|weeks)\}\}/g, (_, k: 'hours' | 'weeks') => String(values[k]));
}
