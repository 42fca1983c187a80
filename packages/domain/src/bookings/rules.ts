import { bookingEmailPattern, bookingLimits } from './messages.ts';
import { isValidDate } from './slots.ts';

/**
 * The booking rules the wizard's form and the server's payload schema share (issue 11 §2): one definition of
 * each field rule, so the two can no longer differ (the date of birth did: the form took any text).
 */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** A whole number of years in the product's range. */
export function isStudentAge(age: number): boolean {
  return Number.isInteger(age) && age >= bookingLimits.studentAgeMin && age <= bookingLimits.studentAgeMax;
}

/** A real calendar date, not in the future, not before 1900. */
export function isStudentDob(dob: string, today: string = todayIso()): boolean {
  return isValidDate(dob) && dob <= today && dob >= '1900-01-01';
}

export function isBookingEmail(email: string): boolean {
  return bookingEmailPattern.test(email.trim());
}
