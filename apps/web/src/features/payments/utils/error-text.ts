import { paymentMessages } from '@tibeb/domain/payments/messages';
import { ApiError } from '../../../lib/api-client.ts';
import type { Problem } from '../../../lib/translate-message.ts';

/**
 * Spec §8: the server's error (translated by its code where shown; an answer without a code in its own words),
 * else 'Something went wrong while processing payment.'.
 */
export function paymentProblem(err: unknown): Problem {
  if (err instanceof ApiError && err.body && typeof err.body === 'object') {
    const body = err.body as { error?: unknown; detail?: unknown };
    if (typeof body.error === 'string' && body.error) return { message: body.error, code: err.code };
    if (typeof body.detail === 'string' && body.detail) return err;
  }
  return paymentMessages.genericError;
}
