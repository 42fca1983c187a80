import { bookingMessages } from '@tibeb/domain/bookings/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { englishText, translateMessage, type Translate } from '../../../lib/translate-message.ts';
import { bookingSubmitProblems } from './submit-error.ts';

/** As lib/api-client.ts makes it: the answer's `detail` is the error's message. */
const apiError = (body: unknown, status = 400) => {
  const detail = (body as { detail?: unknown } | null)?.detail;
  return new ApiError(
    status,
    typeof detail === 'string' ? detail : `Request failed with status ${status}`,
    body,
  );
};
/** i18next in English: no resource file, so a key reads as written and an answer's code as its detail. */
const english: Translate = (key, options) => englishText(String(options?.defaultValue ?? key), options);
/** The lines as the wizard shows them in English, one a line. */
const bookingSubmitErrorMessage = (error: unknown) =>
  bookingSubmitProblems(error)
    .map((p) => translateMessage(english, p))
    .join('\n');

describe('booking submit errors (spec §8)', () => {
  it("shows the answer's error, else its detail", () => {
    expect(bookingSubmitErrorMessage(apiError({ error: 'Tutor is on leave.', detail: 'other' }))).toBe(
      'Tutor is on leave.',
    );
    expect(bookingSubmitErrorMessage(apiError({ detail: 'Subject not found.' }))).toBe('Subject not found.');
  });

  it('else joins non_field_errors', () => {
    expect(bookingSubmitErrorMessage(apiError({ non_field_errors: ['First.', 'Second.'] }))).toBe(
      'First. Second.',
    );
  });

  it("else lists each field's errors as 'field: message' lines", () => {
    expect(
      bookingSubmitErrorMessage(apiError({ email: ['Enter a valid e-mail address.'], date: ['Bad date.'] })),
    ).toBe('email: Enter a valid e-mail address.\ndate: Bad date.');
    expect(bookingSubmitErrorMessage(apiError({ errors: { phone: ['Required.'] } }))).toBe(
      'phone: Required.',
    );
  });

  it('else shows the generic sentence (also for a network failure)', () => {
    expect(bookingSubmitErrorMessage(apiError({}, 500))).toBe(bookingMessages.bookingFailed);
    expect(bookingSubmitErrorMessage(apiError(null, 502))).toBe(bookingMessages.bookingFailed);
    expect(bookingSubmitErrorMessage(new TypeError('Failed to fetch'))).toBe(bookingMessages.bookingFailed);
  });

  it('turns a uniqueness-constraint message into the slot-taken sentence', () => {
    for (const body of [
      { non_field_errors: ['The fields tutor, date, time must make a unique set.'] },
      { detail: 'duplicate key value violates unique constraint "unique_active_tutor_date_time"' },
      { detail: 'conflicting key value violates exclusion constraint "sessions_no_overlap"' },
      { detail: bookingMessages.slotTaken },
    ]) {
      expect(bookingSubmitErrorMessage(apiError(body, 409))).toBe(bookingMessages.slotTaken);
    }
  });

  it('translates an answer of the API by its code, lists a body check by field, and knows a taken slot by code', () => {
    const soon = 'Please pick a time at least 24 hours from now.';
    const tooSoon = apiError({
      detail: soon,
      code: 'too_soon',
      params: { hours: 24 },
      errors: { date: [soon] },
    });
    expect(bookingSubmitProblems(tooSoon)).toEqual([tooSoon]);
    const check = apiError({
      detail: 'Enter a valid e-mail address.\nStudent age must be a whole number from 3 to 20.',
      code: 'invalid_input',
      errors: {
        email: ['Enter a valid e-mail address.'],
        payer_email: ['Enter a valid e-mail address.'],
        student_age: ['Student age must be a whole number from 3 to 20.'],
      },
    });
    expect(bookingSubmitProblems(check)).toEqual([
      'Enter a valid e-mail address.',
      'Student age must be a whole number from 3 to 20.',
    ]);
    // The code decides, whatever the English says.
    for (const code of ['slot_taken', 'time_already_reserved']) {
      expect(bookingSubmitProblems(apiError({ detail: 'Gone.', code }, 409))).toEqual([
        bookingMessages.slotTaken,
      ]);
    }
    expect(
      bookingSubmitErrorMessage(apiError({ detail: 'Overlap with a unique slot.', code: 'tutor_away' })),
    ).toBe('Overlap with a unique slot.');
  });
});
