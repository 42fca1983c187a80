import { codedMessages } from './error-codes.ts';

/** The API's answers that belong to no feature: signing in, permissions, malformed requests, its own failures. */
export const httpMessages = {
  notAuthenticated: 'Authentication credentials were not provided.',
  permissionDenied: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  invalidInput: 'Invalid input.',
  malformedJson: 'Malformed JSON body.',
  unsupportedMediaType: 'Unsupported content type.',
  badRequest: 'Bad request.',
  addressTooLong: 'The address is too long.',
  malformedAddress: 'The address is malformed.',
  controlCharacters: 'Text may not contain control characters.',
  /** A PATCH naming no field its route knows (`{}`): nothing to change. */
  emptyPatch: 'Send at least one field to change.',
  metricsTokenRequired: 'A valid metrics token is required.',
  internalError: 'Something went wrong on our side. Please try again.',
  /** The rate-limit plugin's own 429 (a route without its own wording); `after` is its English duration. */
  rateLimited: (after: string) => `Rate limit exceeded, retry in ${after}`,
  /** The image store (S3) failed or did not answer an upload. */
  storageUnavailable: 'The image store is not answering right now. Please try again in a moment.',
  /** The database connection was lost (a restart, a failover): nothing was saved; the next try may work. */
  databaseUnavailable: 'The service is briefly unavailable. Nothing was saved; please try again in a moment.',
  /** The server's disk is full: nothing was saved. */
  diskFull: 'The server has run out of storage space. Nothing was saved; please try again later.',
  /** A malformed `Idempotency-Key` header (decision 248). */
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 8 to 100 letters, digits, "-" or "_".',
  /** The first request with this `Idempotency-Key` is still running (a double tap): it will not run twice. */
  requestInProgress: 'This request is still being handled. Please wait a moment; it will not be done twice.',
  /** The `Idempotency-Key` came before with another request. */
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request. Please try again.',
} as const;

export const httpMessageCodes = codedMessages(httpMessages, { params: { rateLimited: ['after'] } });

/**
 * The code of an answer whose text is none of the coded messages: its status's (a 400 with field errors is
 * `invalid_input`). The web shows `detail` for these: their wording is the thrower's.
 */
export function statusErrorCode(status: number, hasFieldErrors = false): string {
  if (status === 400) return hasFieldErrors ? 'invalid_input' : 'bad_request';
  return statusCodes[status] ?? (status >= 500 ? 'internal_error' : 'request_failed');
}

const statusCodes: Record<number, string> = {
  401: 'not_authenticated',
  403: 'permission_denied',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  414: 'address_too_long',
  415: 'unsupported_media_type',
  422: 'invalid_input',
  429: 'rate_limited',
  502: 'upstream_unavailable',
  503: 'service_unavailable',
  504: 'upstream_timeout',
};
