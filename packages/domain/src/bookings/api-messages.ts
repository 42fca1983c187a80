import { codedMessages } from '../shared/error-codes.ts';

/**
 * The reservation API's own texts, beyond the wizard's (those live in messages.ts): answers to input the wizard
 * never sends, worded for a person reading them in the wizard's red box.
 */
export const reservationApiMessages = {
  invalidDate: 'Enter a real date as YYYY-MM-DD.',
  invalidTime: 'Times must be HH:MM on the half hour (for example 09:00 or 09:30).',
  invalidDuration: 'Duration must be between 0.5 and 8 hours, in steps of 0.5.',
  unknownDay: (day: string) => `Unknown day "${day}": use mon, tue, wed, thu, fri, sat or sun.`,
  timeMismatch: "The start time must match the time chosen for the selected date's day.",
  invalidEmail: 'Enter a valid e-mail address.',
  invalidAge: 'Student age must be a whole number from 3 to 20.',
  invalidDob: 'Enter the date of birth as YYYY-MM-DD, not in the future.',
  invalidCommunication: 'Communication preference must be email, phone or whatsapp.',
  invalidLocale: 'Language must be en or am.',
  invalidTutor: 'Tutor not found.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
  tutorNotFound: 'Tutor not found.',
  subjectNotFound: 'Subject not found.',
  reservationNotFound: 'Reservation not found.',
  dayTimeUnavailable: (dayName: string, time: string) =>
    `${time} on ${dayName} is not one of the tutor's available times. Choose another time.`,
  tooSoon: (hours: number) => `Please pick a time at least ${hours} hours from now.`,
  noTutorAvailable: 'No tutor of this subject is free at that time. Please pick another time.',
  /** Book by subject (decision 249): no one tutor is free for every chosen time; the one that went. */
  tutorNoLongerFree: (dayName: string, time: string) =>
    `This tutor is no longer free on ${dayName} at ${time}. Please pick another time.`,
  invalidYear: 'Year must be a whole number from 2000 to 2100.',
  invalidMonth: 'Month must be a whole number from 1 to 12.',
  invalidDurationMinutes: 'duration_minutes must be a multiple of 30 from 30 to 480.',
  invalidTutorId: 'tutor_id must be a positive whole number.',
  subjectQueryRequired: 'subject is required (a slug such as mathematics, or an id).',
} as const;

/** Their codes (shared/error-codes.ts): `tutor_not_found`, `day_time_unavailable`, `too_soon`, … */
export const reservationApiMessageCodes = codedMessages(reservationApiMessages, {
  codes: { invalidTutor: 'tutor_not_found' },
  params: {
    unknownDay: ['day'],
    tooLong: ['max'],
    dayTimeUnavailable: ['day', 'time'],
    tooSoon: ['hours'],
    tutorNoLongerFree: ['day', 'time'],
  },
});
