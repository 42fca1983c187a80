/**
 * An error as it may be logged: a failed query's parameters and the database's `detail` (which quotes the
 * values: names, e-mails) are dropped, along with any message line after the first (issue 12 item 9). What stays
 * (type, SQLSTATE, constraint, table, the statement without its values, the stack frames) is enough to debug.
 * What is left of a message is passed through `redactSecrets` (issue 29 item 3): an SMTP server's or a
 * library's message can still quote an address, a link or a token. The logger's `err` serializer
 * (`request-log.ts`) applies this to every logged error, so a call site cannot forget it.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (isLoggable(error)) return error;
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) {
    return mark({ message: redactSecrets(String(error).split('\n')[0]?.slice(0, 200) ?? '') });
  }
  const e = error as Error & Record<string, unknown>;
  const query = typeof e.query === 'string' ? e.query : undefined;
  const message = String(e.message ?? '')
    .replace(/\nparams:[\s\S]*$/, '')
    .split('\n')
    .filter((line, i) => i === 0 || /^\s*(select|insert|update|delete|with)\b/i.test(line))
    .join(' ')
    .slice(0, 2000);
  // Only the frames: the stack's first line repeats the message (values included).
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  const out: Record<string, unknown> = {
    type: e.constructor?.name ?? 'Error',
    message: redactSecrets(
      e.code && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? dbMessage(e) : message,
    ),
    stack: frames.join('\n'),
  };
  for (const key of ['code', 'constraint', 'table', 'column', 'schema', 'routine', 'statusCode'] as const) {
    const value = e[key];
    if (value === undefined) continue;
    out[key] = typeof value === 'string' ? redactSecrets(value.slice(0, 200)) : value;
  }
  // SMTP answers (nodemailer): the reply code and the command, never `response` or `rejected` (addresses).
  for (const key of ['responseCode', 'command'] as const) {
    if (typeof e[key] === 'number') out[key] = e[key];
    else if (typeof e[key] === 'string') out[key] = String(e[key]).split(/\s/)[0]!.slice(0, 20);
  }
  if (query) out.query = query;
  if (e.cause !== undefined && depth < 3) out.cause = loggableError(e.cause, depth + 1);
  return mark(out);
}

/**
 * A one-line summary of a failure that is safe to show and keep (the outbox's `last_error`, the admin's outbox
 * list): the error's code and SMTP reply code, then its first message line with secrets redacted.
 */
export function safeErrorSummary(error: unknown): string {
  const e = loggableError(error);
  const parts = [
    typeof e.code === 'string' ? e.code : undefined,
    typeof e.responseCode === 'number' ? String(e.responseCode) : undefined,
  ].filter(Boolean);
  const message = typeof e.message === 'string' ? e.message : '';
  return `${parts.length ? `${parts.join(' ')}: ` : ''}${message}`.slice(0, 300);
}

const EMAIL =
  /[\w.!#$%&'*+/=?^`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+/gi;
const EMAIL_ONE = new RegExp(EMAIL.source, 'i');
const URL_WITH_QUERY = /\b(https?:\/\/[^\s?#"'<>]*)\?[^\s#"'<>]*/gi;
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;
/** A run of URL-safe characters long enough to be a random token (base64url of 16+ bytes, hex of 12+). */
const RUN = /(?<![\w-])[\w-]{22,}(?![\w-])/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Removes from a text what must never reach a log line: e-mail addresses, the query of every URL (tokens ride
 * there: reset, verify, unsubscribe, opt-out links), signed tokens (JWT) and long random strings (calendar
 * feed tokens in a path, refresh tokens). Record ids (UUIDs) stay: they are what a log reader follows.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(JWT, '[token]')
    .replace(URL_WITH_QUERY, '$1?[redacted]')
    .replace(EMAIL, '[address]')
    .replace(RUN, (run) => (tokenLike(run) ? '[token]' : run));
}

/**
 * A request's path as it may be logged: the query's values are dropped (tokens, session ids, search text) and
 * any path segment that looks like a token (`/api/calendar/<token>.ics`) is replaced. The route's shape stays.
 */
export function loggableUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = path
    .split('/')
    .map((segment) => {
      const decoded = safeDecode(segment);
      if (EMAIL_ONE.test(decoded)) return '[address]';
      const [stem = '', ...ext] = decoded.split('.');
      if (tokenLike(stem)) return `[token]${ext.length ? `.${ext.join('.')}` : ''}`;
      return redactSecrets(decoded) !== decoded ? '[redacted]' : segment;
    })
    .join('/');
  if (query === undefined) return safePath;
  const keys = query
    .split('&')
    .filter(Boolean)
    .map(
      (pair) =>
        `${safeDecode(pair.split('=')[0] ?? '')
          .replace(/[^\w.[\]-]/g, '')
          .slice(0, 40)}=…`,
    );
  return `${safePath}?${keys.join('&')}`;
}

/**
 * Whether a long run of URL-safe characters is a random token rather than a word, a slug or a constant: it
 * mixes at least two of lower case, upper case and digits (a slug is lower case with hyphens and maybe a
 * year; a constant is upper case), and is no UUID (record ids are kept on purpose).
 */
export function tokenLike(run: string): boolean {
  if (run.length < 22 || UUID.test(run) || !/^[\w-]+$/.test(run)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /\d/].filter((re) => re.test(run)).length;
  if (classes >= 3) return true;
  if (classes < 2) return false;
  // Two classes: a hex or base64url token has no word breaks; a slug ('exam-2026-tips') has hyphens.
  return !/[a-z]+-[a-z]+-/i.test(run);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const done = new WeakSet<object>();
function mark(out: Record<string, unknown>): Record<string, unknown> {
  done.add(out);
  return out;
}
/** Already made by `loggableError` (a call site passing `err: loggableError(e)` to the logger's serializer). */
function isLoggable(error: unknown): error is Record<string, unknown> {
  return typeof error === 'object' && error !== null && done.has(error);
}

/** A database error's own message can quote a value ("invalid input syntax for type uuid: \"…\""): keep its kind. */
function dbMessage(e: Record<string, unknown>): string {
  return String(e.message ?? '')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\([^)]*\)=\([^)]*\)/g, '(…)=(…)')
    .split('\n')[0]!
    .slice(0, 300);
}
