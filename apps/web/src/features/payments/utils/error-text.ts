import { paymentMessages } from '@tibeb/domain/payments/messages';
import { ApiError } from '../../../lib/api-client.ts';

/** Spec §8: the server's error text, else 'Something went wrong while processing payment.' */
export function paymentErrorText(err: unknown): string {
  if (err instanceof ApiError && err.body && typeof err.body === 'object') {
    const body = err.body as { error?: unknown; detail?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
    if (typeof body.detail === 'string' && body.detail) return body.detail;
  }
  return paymentMessages.genericError;
}
