/** SQLSTATE codes the product reacts to (PostgreSQL's appendix A; PGlite raises the same). */
export const SqlState = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  exclusionViolation: '23P01',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  lockNotAvailable: '55P03',
  diskFull: '53100',
} as const;

/**
 * The SQLSTATE of a database error anywhere in its cause chain (node-postgres, PGlite and drizzle each wrap
 * errors differently), or undefined for anything that is not one.
 */
export function sqlState(err: unknown): string | undefined {
  return databaseError(err)?.code;
}

/** The database's own error in the cause chain: its SQLSTATE, and the constraint it names when it names one. */
export function databaseError(err: unknown): { code: string; constraint?: string; message: string } | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return {
        code,
        constraint: typeof constraint === 'string' ? constraint : undefined,
        message: String(message ?? ''),
      };
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when `err` is a database error with this SQLSTATE. */
export const isSqlState = (err: unknown, state: string): boolean => sqlState(err) === state;
export const isUniqueViolation = (err: unknown): boolean => isSqlState(err, SqlState.uniqueViolation);
