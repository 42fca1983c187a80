import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { loggableError, loggableUrl, redactSecrets } from './loggable-error.ts';

/** Where log lines go instead of stdout (a test reads them). */
export type LogStream = { write: (line: string) => void };

/** Keys whose values never reach a log line, at the top of a log object or one level down (issue 29 item 3). */
const secretKeys = [
  'to',
  'recipient',
  'email',
  'subject',
  'text',
  'html',
  'body',
  'password',
  'token',
  'link',
];

/**
 * The logger as the product ships it: Fastify's pino, JSON lines at LOG_LEVEL (info by default) to stdout (or
 * `stream`: tests read the lines), each request's lines carrying its request id. Nothing secret gets through
 * (issue 29 item 3, `docs/security.md`): every error goes through `loggableError` (no query values, no detail,
 * no SMTP response), the keys above are censored, and every other string is passed through `redactSecrets`
 * (addresses, link queries, tokens) before the line is written.
 */
export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        ...secretKeys,
        ...secretKeys.map((key) => `*.${key}`),
      ],
      // A count under one of these names (the reminder job's `{ email: 3, sms: 1 }`) is no secret: only text is.
      censor: (value: unknown) =>
        typeof value === 'number' || typeof value === 'boolean' ? value : '[redacted]',
    },
    serializers: { err: serializeError, error: serializeError },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => redactDeep(arg, 0)) as Parameters<typeof method>);
      },
    },
  };
}

const serializeError = (error: unknown) =>
  loggableError(error) as { type: string; message: string; stack: string; [key: string]: unknown };

/** Every string of a log call's arguments through `redactSecrets`; errors are left to the `err` serializer. */
function redactDeep(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (depth > 4 || typeof value !== 'object' || value === null || value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === 'err' || k === 'error' ? v : redactDeep(v, depth + 1)]),
  );
}

/** An answer slower than this is logged at info whatever its status. */
const slowMs = 1_000;
const verbose = new Set(['debug', 'trace']);

/** Whether this level logs every answered request, fast successes included. */
const logsEveryRequest = (level: string) => verbose.has(level);

/**
 * Fastify's request log lines, as the product ships them (issue 17): one line per answered request (method,
 * path, status, time) instead of Fastify's two ("incoming request", "request completed"). Failures (4xx, 5xx)
 * and slow answers are logged at info; a fast success at debug: `/api/metrics` counts every request per route,
 * status and latency, so the log keeps what needs a look, and a cached public read or a health probe does not
 * pay for a log line (LOG_LEVEL=debug logs them all). Every line carries the request id (`reqId`).
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const elapsed = reply.elapsedTime;
    const notable = error || reply.statusCode >= 400 || elapsed >= slowMs;
    if (!notable && !logsEveryRequest(reply.log.level)) return;
    const line = {
      // The path without its query's values or a token segment (calendar feeds, unsubscribe and reset links).
      req: { method: request.method, url: loggableUrl(request.url) },
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(elapsed * 100) / 100,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[notable ? 'info' : 'debug'](line, 'request completed');
  }
}
