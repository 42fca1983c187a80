import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type Prometheus from 'prom-client';
import { cacheBusStats } from './cache/cache-bus.ts';
import { cacheCounters, cacheSizes } from './cache/public-cache.ts';
import { httpMessages } from '@tibeb/domain/shared/http-messages';
import { jobLag } from './health/health.repository.ts';
import { errorBody } from './http/errors.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the request carries `Authorization: Bearer <token>` (compared in constant time). */
function authorized(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? timingSafeEqual(digest(match[1]!.trim()), expected) : false;
}

/**
 * Prometheus metrics at `/api/metrics` (issue 16), protected by `METRICS_TOKEN` (without it the route does not
 * exist): requests and latency per route and status (booking outcomes are the statuses of
 * `POST /api/reservations/`), how far the hold-expiry and e-mail jobs lag, the caches' hits and misses, the
 * cache bus's messages, and the process's own figures (resident memory, event-loop delay, GC).
 *
 * Call it on the root instance before the modules are registered: each route gets its own onResponse hook
 * with its label set resolved once, so a request costs two increments and no label lookup.
 */
export async function registerMetrics(app: FastifyInstance) {
  const token = app.config.metricsToken;
  if (!token) return;
  // Loaded only when metrics are on (DESIGN §4 memory budgets).
  const { default: client } = await import('prom-client');
  const register = new client.Registry();
  // The process's own figures, in every environment (each app has its own registry: no clash between tests).
  client.collectDefaultMetrics({ register });

  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [register],
  });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });

  app.addHook('onRoute', (route) => {
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    const routeLabel = route.url;
    const timer = duration.labels(method, routeLabel);
    const byStatus = new Map<number, Prometheus.Counter.Internal>();
    const observe: onResponseHookHandler = (_request, reply, done) => {
      timer.observe(reply.elapsedTime / 1000);
      let counter = byStatus.get(reply.statusCode);
      if (!counter) {
        counter = requests.labels(method, routeLabel, String(reply.statusCode));
        byStatus.set(reply.statusCode, counter);
      }
      counter.inc();
      done();
    };
    const hooks = route.onResponse;
    route.onResponse = hooks ? [...(Array.isArray(hooks) ? hooks : [hooks]), observe] : [observe];
  });

  new client.Counter({
    name: 'cache_requests_total',
    help: 'In-process cache lookups by cache and result (hit or miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [register],
    collect() {
      this.reset();
      for (const [cache, c] of cacheCounters) {
        this.inc({ cache, result: 'hit' }, c.hits);
        this.inc({ cache, result: 'miss' }, c.misses);
      }
    },
  });
  new client.Gauge({
    name: 'cache_booked_entries',
    help: 'Entries in the month-availability cache (bounded)',
    registers: [register],
    collect() {
      this.set(cacheSizes.get('booked')?.() ?? 0);
    },
  });
  new client.Counter({
    name: 'cache_bus_messages_total',
    help: 'Cache invalidations sent to and received from the other instances (PostgreSQL NOTIFY)',
    labelNames: ['direction'] as const,
    registers: [register],
    collect() {
      const stats = cacheBusStats();
      this.reset();
      this.inc({ direction: 'sent' }, stats.published);
      this.inc({ direction: 'received' }, stats.received);
    },
  });
  new client.Gauge({
    name: 'cache_bus_listening',
    help: '1 when this instance listens for the other instances’ invalidations (PostgreSQL only)',
    registers: [register],
    collect() {
      this.set(cacheBusStats().listening ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'job_lag_seconds',
    help: 'Age of the oldest overdue work of a background job (0: nothing overdue)',
    labelNames: ['job'] as const,
    registers: [register],
    async collect() {
      try {
        const lag = await jobLag(app.db, new Date());
        this.set({ job: 'mail_outbox' }, lag.mail);
        this.set({ job: 'hold_expiry' }, lag.holds);
      } catch (err) {
        app.log.warn({ err }, 'metrics: job lag unavailable');
      }
    },
  });

  const expected = digest(token);
  app.get(
    '/api/metrics',
    { schema: { hide: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      void reply.header('cache-control', 'no-store');
      if (!authorized(request, expected)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send(errorBody(401, httpMessages.metricsTokenRequired));
      }
      const body = await register.metrics();
      return reply.type(register.contentType).send(body);
    },
  );
}
