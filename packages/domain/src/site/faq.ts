/** The FAQ's eight questions (spec §2), answered consistently with DESIGN §1. */
export type FaqItem = { id: string; question: string; answer: string };

export const faqItems: readonly FaqItem[] = [
  {
    id: 'subjects',
    question: 'What subjects do you offer?',
    answer:
      'Mathematics (beginner to advanced), Sciences for grades 5-12 (general science, physics, chemistry and biology), Languages (Amharic, Tigrigna, Oromifa and English, conversational to academic) and Coding for kids and teens (Python and JavaScript).',
  },
  {
    id: 'online',
    question: 'How are the sessions conducted online?',
    answer:
      'Each session is a live one-to-one video lesson between your child and the tutor. You need a computer or tablet with a camera, a microphone and a stable internet connection. Tutors share a digital whiteboard and send practice work between lessons.',
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
      'Sign in and open your dashboard: your upcoming sessions are listed there, and you can cancel a session or ask for another time from the session itself. Please cancel at least 24 hours in advance so that your tutor can plan.',
  },
  {
    id: 'payments',
    question: 'How do payments work?',
    answer:
      'You pay by card through our payment provider’s secure hosted checkout; we never see or store your card number. The first payment covers the first four weeks of the lessons you booked, in US dollars, and the price is shown before you pay.',
  },
  {
    id: 'refunds',
    question: 'What is your refund policy?',
    answer:
      'If a session cannot take place because of us or the tutor, you receive a credit or a refund of that session. Sessions cancelled more than 24 hours in advance are credited to your next booking, and unused paid sessions can be refunded on request to the card you paid with.',
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
      'Yes. If your child and the tutor are not a good match, contact support and we will suggest another tutor for the same subject and move your remaining sessions at no cost.',
  },
];
