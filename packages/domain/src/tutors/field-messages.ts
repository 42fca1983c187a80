import { codedMessages } from '../shared/error-codes.ts';

/**
 * The tutor profile's own field errors (the contract's and the profile's schemas), each with a code so that it
 * shows in the interface's language under its field (issue 31 item 3).
 */
export const tutorFieldMessages = {
  timeFormat: 'Use HH:MM (00:00 to 23:59).',
  endAfterStart: 'The end must be after the start.',
  windowsOverlap: 'Windows of one day must not overlap.',
  fullNameRequired: 'Full name is required.',
  subjectRequired: 'Subject is required.',
  httpsOnly: 'Use an https:// address, or leave it empty.',
  notAnAccount: 'Not an account id.',
  dateFormat: 'Use a date as YYYY-MM-DD.',
  notARealDate: 'Not a real date.',
  lastBeforeFirst: 'The last day must not be before the first.',
  timeOffTooLong: 'A time off lasts at most a year.',
} as const;

/** Their codes: `time_format`, `end_after_start`, …, `time_off_too_long`. */
export const tutorFieldMessageCodes = codedMessages(tutorFieldMessages, {
  codes: { subjectRequired: 'tutor_subject_required' },
});
