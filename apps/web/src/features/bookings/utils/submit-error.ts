import { bookingMessages } from '@tibeb/domain/bookings/messages';
import { ApiError } from '../../../lib/api-client.ts';

/** A message naming the tutor/date/time uniqueness rule (or the overlap constraint) means the slot was taken. */
const slotTakenPattern =
  /unique|constraint|already (been )?(taken|booked|reserved)|just been taken|overlap|double[- ]book/i;

/**
 * The booking submit error of spec §8: the answer's `error` or `detail`; else `non_field_errors` joined; else
 * each field's errors as 'field: message' lines; else the generic sentence. A slot-taken message is replaced
 * by 'That slot has just been taken. Please pick another time.'
 */
export function bookingSubmitErrorMessage(error: unknown): string {
  const body = error instanceof ApiError ? error.body : null;
  let message = '';
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const nonField = b.non_field_errors;
    if (typeof b.error === 'string' && b.error.trim()) message = b.error;
    else if (typeof b.detail === 'string' && b.detail.trim()) message = b.detail;
    else if (Array.isArray(nonField) && nonField.length > 0) message = nonField.map(String).join(' ');
    else {
      const fields = (error as ApiError).fieldErrors;
      message = Object.entries(fields)
        .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
        .join('\n');
    }
  } else if (typeof body === 'string' && error instanceof ApiError && error.status < 500) {
    message = body;
  }
  if (!message.trim()) return bookingMessages.bookingFailed;
  if (slotTakenPattern.test(message)) return bookingMessages.slotTaken;
  return message;
}
