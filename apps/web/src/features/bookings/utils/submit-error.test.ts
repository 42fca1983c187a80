import { bookingMessages } from '@tibeb/domain/bookings/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { bookingSubmitErrorMessage } from './submit-error.ts';

const apiError = (body: unknown, status = 400) => new ApiError(status, 'x', body);

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
});
