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
export function databaseError(
  err: unknown,
): { code: string; constraint?: string; message: string } | undefined {
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

/** Node's own codes of a connection that could not be made or was cut (the driver's socket). */
const LOST_CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * node-postgres' own words for a connection that ended (it gives them no code), and PGlite's once closed (the
 * server shutting down).
 */
const LOST_CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end on the pool|timeout exceeded when trying to connect|PGlite is closed)/;

/** Every error in `err`'s cause chain, and inside an AggregateError (a refused connect to each address). */
function* errorChain(err: unknown): Generator<Record<string, unknown>> {
  const pending: unknown[] = [err];
  for (let seen = 0; pending.length > 0 && seen < 16; seen++) {
    const e = pending.shift();
    if (!e || typeof e !== 'object') continue;
    const record = e as Record<string, unknown>;
    yield record;
    if (record.cause !== undefined) pending.push(record.cause);
    if (Array.isArray(record.errors)) pending.push(...(record.errors as unknown[]).slice(0, 4));
  }
}

/**
 * True when `err` says the database could not be reached or the connection was lost (a restart, a failover,
 * `pg_terminate_backend`): SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, crash
 * shutdown, cannot connect now), node-postgres' "Connection terminated…" and the socket's ECONNREFUSED or
 * ECONNRESET. Nothing was committed by the statement that failed; the next one may work.
 */
export function isConnectionLost(err: unknown): boolean {
  for (const e of errorChain(err)) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && /^[0-9A-Z]{5}$/.test(code)) {
      if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
      continue;
    }
    if (code && LOST_CONNECTION_CODES.has(code)) return true;
    if (typeof e.message === 'string' && LOST_CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** True when `err` says the disk is full: the database's SQLSTATE 53100, or ENOSPC from a file write. */
export function isDiskFull(err: unknown): boolean {
  for (const e of errorChain(err)) {
    if (e.code === SqlState.diskFull || e.code === 'ENOSPC') return true;
    // Emscripten's file system (PGlite) throws an ErrnoError with errno 28 (ENOSPC) and no code.
    if (e.name === 'ErrnoError' && e.errno === 28) return true;
    if (typeof e.message === 'string' && /\bno space left on device\b/i.test(e.message)) return true;
  }
  return false;
}
