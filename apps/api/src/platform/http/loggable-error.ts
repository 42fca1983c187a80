/**
 * An error as it may be logged: a failed query's parameters and the database's `detail` (which quotes the
 * values: names, e-mails) are dropped, along with any message line after the first (issue 12 item 9). What stays
 * (type, SQLSTATE, constraint, table, the statement without its values, the stack frames) is enough to debug.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) {
    return { message: String(error).split('\n')[0]?.slice(0, 200) };
  }
  const e = error as Error & Record<string, unknown>;
  const query = typeof e.query === 'string' ? e.query : undefined;
  const message = String(e.message ?? '')
    .replace(/\nparams:[\s\S]*$/, '')
    .split('\n')
    .filter((line, i) => i === 0 || /^\s*(select|insert|update|delete|with)\b/i.test(line))
    .join(' ')
    .slice(0, 2000);
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  const out: Record<string, unknown> = {
    type: e.constructor?.name ?? 'Error',
    message: e.code && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? dbMessage(e) : message,
    stack: frames.join('\n'),
  };
  for (const key of ['code', 'constraint', 'table', 'column', 'schema', 'routine', 'statusCode'] as const) {
    if (e[key] !== undefined) out[key] = e[key];
  }
  if (query) out.query = query;
  if (e.cause !== undefined && depth < 3) out.cause = loggableError(e.cause, depth + 1);
  return out;
}

/** A database error's own message can quote a value ("invalid input syntax for type uuid: \"…\""): keep its kind. */
function dbMessage(e: Record<string, unknown>): string {
  return String(e.message ?? '')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\([^)]*\)=\([^)]*\)/g, '(…)=(…)')
    .split('\n')[0]!
    .slice(0, 300);
}
