import { codedMessages } from '../shared/error-codes.ts';

/** The booking wizard's and the reservation API's user-facing texts (spec §5, §8), in one place. */
export const bookingMessages = {
  // Step 1 (spec §5 "Booking step 1"), shown together, joined by line breaks.
  guardianNameRequired: 'Parent/guardian full name is required.',
  guardianEmailInvalid: 'Valid parent/guardian email is required.',
  guardianPhoneRequired: 'Parent/guardian phone is required.',
  relationshipRequired: 'Relationship to student is required.',
  subjectRequired: 'Please choose a subject.',
  studentNameRequired: 'Student full name is required.',
  studentGradeAgeOrDob: "Provide the student's grade, age, or date of birth.",
  payerNameRequired: 'Payment owner name is required.',
  payerEmailInvalid: 'Valid payment owner email is required.',
  confirmStudentInfo: 'Please confirm the student info is accurate.',
  // Step 2 (spec §5 "Booking step 2").
  dateAndDayRequired: 'Please select a date and at least one recurring day.',
  dateDayMustBeRecurring: "The selected date's day must be one of the recurring days.",
  timePerDayRequired: 'Please select a time for each selected day.',
  dateFullyBooked: 'The selected date is fully booked. Please pick another date.',
  // On submit (spec §5).
  dateAndTimeRequired: 'Please select a date and time.',
  timeAlreadyReserved: 'This time is already reserved for the selected date. Choose another time.',
  // Errors (spec §8).
  slotTaken: 'That slot has just been taken. Please pick another time.',
  bookingFailed: 'An error occurred during booking. Please try again.',
  tutorLoadFailed: 'Failed to load tutor data.',
  subjectsLoadFailed: 'Unable to load subjects',
  noTimesForDay: (day: string) => `No available times for ${day}.`,
  /** The booking route's rate limit (429). */
  tooManyBookingAttempts: 'Too many booking attempts. Please wait a minute and try again.',
  // Wizard texts (spec §2).
  titleWithTutor: 'Book a Tutoring Session',
  titleBySubject: 'Book by Subject',
  loadingSubjects: 'Loading subjects...',
  selectSubject: 'Select a subject',
  confirmBooking: 'Confirm Booking',
  processing: 'Processing...',
  estimatedMonthlyCost: 'Estimated Monthly Cost',
  costHint: 'hr × duration × 4 weeks',
  calculatedAtCheckout: 'Calculated at checkout',
  skippedNote:
    'If a later weekly occurrence clashes with an existing booking, it is skipped automatically after payment.',
} as const;

/** Their codes (shared/error-codes.ts): `slot_taken`, `booking_failed`, … */
export const bookingMessageCodes = codedMessages(bookingMessages, {
  params: { noTimesForDay: ['day'] },
  // The wizard's own labels: never an answer of the API.
  skip: [
    'titleWithTutor',
    'titleBySubject',
    'loadingSubjects',
    'selectSubject',
    'confirmBooking',
    'processing',
    'estimatedMonthlyCost',
    'costHint',
    'calculatedAtCheckout',
    'skippedNote',
  ],
});

/** Weekday codes (spec §3), Monday first as the calendar's week (spec §2). */
export const weekdayCodes = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekdayCode = (typeof weekdayCodes)[number];

export const weekdayNames: Record<WeekdayCode, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Grade options (spec §3). */
export const gradeOptions = [
  'KG',
  ...Array.from({ length: 12 }, (_, i) => `Grade ${i + 1}`),
  'IGCSE Prep',
  'SAT Prep',
] as const;

/** Limits (spec §5, §9). */
export const bookingLimits = {
  durationMinHours: 0.5,
  durationMaxHours: 8,
  durationStepHours: 0.5,
  durationDefaultHours: 1,
  studentAgeMin: 3,
  studentAgeMax: 20,
  slotStepMinutes: 30,
  defaultBookedMinutes: 30,
  weeksPerPayment: 4,
  redirectToPaymentMs: 600,
} as const;

/** The e-mail pattern of spec §5: no spaces, one @, a dot after it. */
export const bookingEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const defaultTimeZone = 'Africa/Addis_Ababa';
