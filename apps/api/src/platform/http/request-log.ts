import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The logger as the product ships it: Fastify's pino, JSON lines at LOG_LEVEL (info by default) to stdout, each
 * request's lines carrying its request id.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
  };
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
      req: { method: request.method, url: request.url },
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(elapsed * 100) / 100,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[notable ? 'info' : 'debug'](line, 'request completed');
  }
}
