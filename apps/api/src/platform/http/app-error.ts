/** Field errors in the shape the web client reads: field name → messages. */
export type FieldErrors = Record<string, string[]>;

/**
 * Every expected failure is an AppError; the error handler turns it into `{ detail, errors? }`.
 * Anything else is a bug and answers a bare 500 without details.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly fieldErrors: FieldErrors | undefined;
  readonly code: string | undefined;

  constructor(
    statusCode: number,
    detail: string,
    options: { fieldErrors?: FieldErrors; code?: string } = {},
  ) {
    super(detail);
    this.statusCode = statusCode;
    this.fieldErrors = options.fieldErrors;
    this.code = options.code;
  }
}

export const badRequest = (detail: string, fieldErrors?: FieldErrors) =>
  new AppError(400, detail, { fieldErrors });
export const unauthorized = (detail = 'Authentication credentials were not provided.') =>
  new AppError(401, detail);
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new AppError(403, detail);
export const notFound = (detail = 'Not found.') => new AppError(404, detail);
export const conflict = (detail: string, code?: string) => new AppError(409, detail, { code });
