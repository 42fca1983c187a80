import { httpMessages } from '@tibeb/domain/shared/http-messages';
import { resolveErrorCode, type ErrorParams } from './error-codes.ts';

/** Field errors in the shape the web client reads: field name → messages. */
export type FieldErrors = Record<string, string[]>;

/**
 * Every expected failure is an AppError; the error handler turns it into `{ detail, code, params?, errors? }`.
 * Its `code` is the thrower's, else the one packages/domain gives its message (a message of a domain table gets
 * its code and values without the throw site naming them), else its status's (`not_found`, `conflict`, …).
 * Anything else is a bug and answers a bare 500 without details.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly fieldErrors: FieldErrors | undefined;
  readonly code: string;
  readonly params: ErrorParams | undefined;

  constructor(
    statusCode: number,
    detail: string,
    options: { fieldErrors?: FieldErrors | undefined; code?: string; params?: ErrorParams } = {},
  ) {
    super(detail);
    this.statusCode = statusCode;
    this.fieldErrors = options.fieldErrors;
    const resolved = resolveErrorCode(statusCode, detail, {
      code: options.code,
      params: options.params,
      hasFieldErrors: options.fieldErrors !== undefined,
    });
    this.code = resolved.code;
    this.params = resolved.params;
  }
}

export const badRequest = (detail: string, fieldErrors?: FieldErrors, code?: string) =>
  new AppError(400, detail, { fieldErrors, ...(code ? { code } : {}) });
export const unauthorized = (detail: string = httpMessages.notAuthenticated) => new AppError(401, detail);
export const forbidden = (detail: string = httpMessages.permissionDenied) => new AppError(403, detail);
export const notFound = (detail: string = httpMessages.notFound) => new AppError(404, detail);
export const conflict = (detail: string, code?: string) => new AppError(409, detail, code ? { code } : {});
