import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { httpMessages } from '@tibeb/domain/shared/http-messages';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import { healthRoutes } from './platform/health/health.routes.ts';
import { registerAccounts, userState } from './modules/accounts/index.ts';
import { registerAreas } from './modules/areas/index.ts';
import { registerAudit } from './modules/audit/index.ts';
import { registerBookings } from './modules/bookings/index.ts';
import { registerCatalog } from './modules/catalog/index.ts';
import { blogPageMeta, registerContent } from './modules/content/index.ts';
import { registerMessaging } from './modules/messaging/index.ts';
import { registerReporting } from './modules/reporting/index.ts';
import { registerTutoring } from './modules/tutoring/index.ts';
import { registerAuth } from './platform/http/auth.ts';
import { errorBody, registerErrorHandling } from './platform/http/errors.ts';
import { registerEdgeInput } from './platform/http/edge-input.ts';
import { idempotencyPurgeJob, registerIdempotency } from './platform/http/idempotency.ts';
import { databaseIdempotencyStore } from './platform/http/idempotency.repository.ts';
import { registerRateLimit } from './platform/http/rate-limit.ts';
import { registerMetrics } from './platform/metrics.ts';
import { loggerOptions, RequestLogController, type LogStream } from './platform/http/request-log.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerCacheBus } from './platform/cache/cache-bus.ts';
import { Mailer } from './platform/mail/mailer.ts';
import { registerMailOutboxJob } from './platform/mail/outbox.job.ts';
import { registerJobs } from './platform/jobs/runner.ts';
import { registerSwagger } from './platform/http/swagger.ts';
import { registerWeb } from './platform/http/web.ts';
import { registerUploads } from './platform/storage/uploads.ts';

import type { AppInstance } from './platform/http/app-instance.ts';

export type { AppInstance };

export type BuildOptions = {
  config: Config;
  database: Database;
  serveWeb?: boolean;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: LogStream;
};

export async function buildApp({
  config,
  database,
  serveWeb = false,
  logStream,
}: BuildOptions): Promise<AppInstance> {
  const app = Fastify({
    // JSON lines; one line per answered request (plugins/request-log.ts).
    logger: loggerOptions(config, logStream),
    logController: new RequestLogController(),
    // Only the configured proxies' X-Forwarded-For is believed (TRUST_PROXY; unset: none), so per-address
    // limits count the real client (issue 12 item 3).
    trustProxy: config.trustProxy,
    // A request id in every log line and error answer (issue 16): a proxy's X-Request-Id when well formed.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 256 * 1024,
    // Slashes are significant in the spec's paths (`/api/offers/`); serve both forms.
    routerOptions: { ignoreTrailingSlash: true },
    // Errors the router raises before any route runs (a malformed or over-long address) get the same shape.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      void reply
        .status(status)
        .header('x-request-id', request.id)
        .send({
          ...errorBody(status, status === 414 ? httpMessages.addressTooLong : httpMessages.malformedAddress),
          request_id: request.id,
        });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbEngine', database.engine);
  app.decorate('mailer', new Mailer(config, database.db));
  // Every background job on one runner (`app.jobs`; off when `config.jobs` is false: the test harness), the
  // shared mail queue's delivery first (DESIGN §3); tests deliver it themselves (`mailer.readOutbox`, `drain`).
  registerJobs(app, database);
  registerMailOutboxJob(app);
  registerErrorHandling(app);
  // Every signed-in request checks its account's current state (the accounts module answers).
  registerAuth(app, userState);
  // Control characters refused at the edge, before any route's validation (issue 12 item 9).
  registerEdgeInput(app);
  // A request a family may send twice (`config: { idempotent: true }`) answers a repeated Idempotency-Key with the
  // first answer, on any instance (decision 248); expired keys are purged.
  const idempotencyStore = databaseIdempotencyStore(database.db);
  registerIdempotency(app, idempotencyStore);
  app.jobs.add(idempotencyPurgeJob(idempotencyStore));
  // Per-route request metrics at /api/metrics (before any route), and cache invalidations across instances.
  await registerMetrics(app);
  registerCacheBus(app, database);

  // helmet's headers, computed once for these options (issue 17: not rebuilt on every request).
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        // With S3_PUBLIC_URL, uploaded images load from the bucket's (or CDN's) own address (decision 200).
        'img-src': [
          "'self'",
          'data:',
          'blob:',
          ...(config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : []),
        ],
        'frame-src': ["'self'", 'https://www.openstreetmap.org'],
        'connect-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // JSON and HTML go out gzip-compressed to browsers that accept it (parents on slow mobile networks); the web
  // build's assets are already precompressed on disk and keep their own encoding.
  // No request bodies arrive compressed: no decompression hook on every route (issue 17).
  // A text sent again and again (a cached public answer, the web app's page) is sent prepared, its gzip and
  // brotli forms made once (lib/public-cache.ts `sendPreparedText`), and does not come through here.
  await app.register(compress, { encodings: ['gzip'], threshold: 1024, globalDecompression: false });
  // Only routes that opt in (sign-in, contact, comments, bookings) are limited.
  // Counters in Redis when REDIS_URL is set, shared by every instance (issue 16), in memory otherwise.
  await registerRateLimit(app, config);
  await registerSwagger(app);
  // Multipart bodies for upload routes, and `/uploads/*` from DATA_DIR/uploads or the S3 bucket (lib/uploads.ts).
  await registerUploads(app, config);

  // Every module, in one readable list (each module's plugin registers its routes under /api, and its jobs).
  await app.register(healthRoutes, { prefix: '/api' });
  await registerAccounts(app);
  await registerCatalog(app);
  await registerContent(app);
  await registerBookings(app);
  await registerTutoring(app);
  await registerMessaging(app);
  await registerAreas(app);
  await registerReporting(app);
  await registerAudit(app);

  if (serveWeb) await registerWeb(app, config.webDist, [blogPageMeta(app)]);
  return app;
}
