import { createRequire } from 'node:module';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from '../config.ts';

/** pino as Fastify itself loads it (Fastify's own dependency, so always the version Fastify speaks). */
const pino = createRequire(createRequire(import.meta.url).resolve('fastify'))('pino') as {
  destination: (opts: { dest: number; sync: boolean; minLength: number }) => NodeJS.WritableStream;
};

/**
 * The logger as the product ships it (issue 17): JSON lines at LOG_LEVEL (info by default) to stdout, each
 * request's lines carrying its request id. Lines are written in batches of about 4 KB rather than one system
 * call each (pino flushes what is left when the process exits).
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
    ...(config.env === 'test' ? {} : { stream: pino.destination({ dest: 1, sync: false, minLength: 4096 }) }),
  };
}

/** An answer slower than this is logged at info whatever its status. */
const slowMs = 1_000;
const verbose = new Set(['debug', 'trace']);

/** Whether this level logs every answered request, fast successes included. */
export const logsEveryRequest = (level: string) => verbose.has(level);

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
      req: { method: request.method, url: request.url },
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(elapsed * 100) / 100,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[notable ? 'info' : 'debug'](line, 'request completed');
  }
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Methods = Record<Level, (...args: unknown[]) => void> & { bindings?: () => Record<string, unknown> };

/**
 * A request's logger, made when the request first logs (issue 17). Fastify makes a pino child for every request
 * (its bindings serialised and redacted) though a fast success logs nothing (`RequestLogController`); this stands
 * in for it with the same methods and makes the real child, the request id bound, on the first call.
 */
class LazyRequestLogger {
  #parent: FastifyBaseLogger;
  #bindings: Record<string, unknown>;
  #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): Methods & FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child as Methods & FastifyBaseLogger;
  }

  get level(): string {
    return this.#child ? this.#child.level : (this.#options?.level ?? this.#parent.level);
  }
  set level(value: string) {
    this.#real().level = value;
  }
  fatal(...args: unknown[]) {
    this.#real().fatal(...args);
  }
  error(...args: unknown[]) {
    this.#real().error(...args);
  }
  warn(...args: unknown[]) {
    this.#real().warn(...args);
  }
  info(...args: unknown[]) {
    this.#real().info(...args);
  }
  debug(...args: unknown[]) {
    this.#real().debug(...args);
  }
  trace(...args: unknown[]) {
    this.#real().trace(...args);
  }
  silent(...args: unknown[]) {
    this.#real().silent(...args);
  }
  child(bindings: Record<string, unknown>, options?: ChildOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
  bindings(): Record<string, unknown> {
    return this.#real().bindings?.() ?? {};
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made on its first line (see LazyRequestLogger). */
export function lazyChildLogger(
  this: unknown,
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: ChildOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
