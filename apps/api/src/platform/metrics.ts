import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type Prometheus from 'prom-client';
import { cacheBusStats } from './cache/cache-bus.ts';
import { cacheCounters } from './cache/public-cache.ts';
import { httpMessages } from '@tibeb/domain/shared/http-messages';
import { errorBody } from './http/errors.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the request carries `Authorization: Bearer <token>` (compared in constant time). */
function authorized(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? timingSafeEqual(digest(match[1]!.trim()), expected) : false;
}

/** Figures the modules publish (`publishGauge`), by metric name. */
const published = new Map<string, { help: string; read: () => number }>();

/**
 * Publishes a figure of a module (a cache's size, say) as a gauge at `/api/metrics`, read at each scrape. The
 * platform names no module's metric: each module publishes its own. A name published again is replaced.
 */
export function publishGauge(name: string, help: string, read: () => number): void {
  published.set(name, { help, read });
}

/**
 * Prometheus metrics at `/api/metrics` (issue 16), protected by `METRICS_TOKEN` (without it the route does not
 * exist): requests and latency per route and status (booking outcomes are the statuses of
 * `POST /api/reservations/`), how far the jobs that report a lag are behind, the caches' hits and misses, the
 * cache bus's messages, the gauges the modules publish, and the process's own figures (resident memory,
 * event-loop delay, GC).
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
      const now = new Date();
      for (const { name, lag } of app.jobs.lagChecks()) {
        try {
          // The job's name with underscores: `hold-expiry` is `hold_expiry`.
          this.set({ job: name.replaceAll('-', '_') }, await lag(now));
        } catch (err) {
          app.log.warn({ err, job: name }, 'metrics: job lag unavailable');
        }
      }
    },
  });
  // With REDIS_URL: whether the limits are shared now, or counted on this instance alone (issue 29 item 1).
  new client.Gauge({
    name: 'rate_limit_counters_shared',
    help: '1 while rate limits count in Redis for every instance; 0 while Redis is away and this instance counts alone',
    registers: [register],
    collect() {
      const shared = app.hasDecorator('countersState') ? app.countersState.shared() : undefined;
      if (shared === undefined) this.reset();
      else this.set(shared ? 1 : 0);
    },
  });
  new client.Counter({
    name: 'rate_limit_local_fallbacks_total',
    help: 'Rate-limit counts this instance made in its own memory because Redis did not answer',
    registers: [register],
    collect() {
      this.reset();
      if (app.hasDecorator('countersState')) this.inc(app.countersState.localFallbacks());
    },
  });
  // A module's gauges, added at the first scrape after it published them (modules register after this).
  const addPublished = () => {
    for (const [name, { help }] of published) {
      if (register.getSingleMetric(name)) continue;
      new client.Gauge({
        name,
        help,
        registers: [register],
        collect() {
          this.set(published.get(name)?.read() ?? 0);
        },
      });
    }
  };

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
      addPublished();
      const body = await register.metrics();
      return reply.type(register.contentType).send(body);
    },
  );
}
