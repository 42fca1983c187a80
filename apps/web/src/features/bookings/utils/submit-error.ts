import { bookingMessages } from '@tibeb/domain/bookings/messages';
import { ApiError } from '../../../lib/api-client.ts';
import type { Problem } from '../../../lib/translate-message.ts';

/** The answers that mean the slot was taken meanwhile: the wizard says so and goes back to the schedule. */
const slotTakenCodes = new Set(['slot_taken', 'time_already_reserved']);

/** An answer without a code naming the tutor/date/time uniqueness rule (or the overlap constraint). */
const slotTakenPattern =
  /unique|constraint|already (been )?(taken|booked|reserved)|just been taken|overlap|double[- ]book/i;

/** A line of an answer without a code: shown as it was sent, in any language. */
const asSent = (message: string): Problem => ({ message });

/** Spec §8's reading of an answer without a code (another server's): its own words, or the slot-taken sentence. */
function uncodedProblems(error: ApiError): Problem[] {
  const body = error.body;
  let lines: string[] = [];
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const nonField = b.non_field_errors;
    if (typeof b.error === 'string' && b.error.trim()) lines = [b.error];
    else if (typeof b.detail === 'string' && b.detail.trim()) lines = [b.detail];
    else if (Array.isArray(nonField) && nonField.length > 0) lines = [nonField.map(String).join(' ')];
    else
      lines = Object.entries(error.fieldErrors).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
  } else if (typeof body === 'string' && error.status < 500) {
    lines = [body];
  }
  lines = lines.filter((line) => line.trim());
  if (lines.length === 0) return [bookingMessages.bookingFailed];
  if (lines.some((line) => slotTakenPattern.test(line))) return [bookingMessages.slotTaken];
  return lines.map(asSent);
}

/**
 * The booking submit error of spec §8, as the wizard's lines (each translated where shown). An answer of the API
 * is translated by its code: a taken slot is 'That slot has just been taken. Please pick another time.', a body
 * check (`invalid_input`) lists its field messages, any other answer is itself. An answer without a code keeps
 * the spec's reading: its `error` or `detail`; else `non_field_errors` joined; else each field's errors as
 * 'field: message' lines. No answer at all: the generic sentence.
 */
export function bookingSubmitProblems(error: unknown): Problem[] {
  if (!(error instanceof ApiError)) return [bookingMessages.bookingFailed];
  const code = error.code;
  if (!code) return uncodedProblems(error);
  if (slotTakenCodes.has(code)) return [bookingMessages.slotTaken];
  const fields = [...new Set(Object.values(error.fieldErrors).flat())];
  return code === 'invalid_input' && fields.length > 0 ? fields : [error];
}
