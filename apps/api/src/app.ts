import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSwagger } from './plugins/swagger.ts';
import { registerWeb } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbEngine: Database['engine'];
  }
}

/** The app as every module sees it: typed by the zod type provider. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type BuildOptions = { config: Config; database: Database; serveWeb?: boolean };

export async function buildApp({ config, database, serveWeb = false }: BuildOptions): Promise<AppInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
          },
    trustProxy: true,
    bodyLimit: 256 * 1024,
    // Slashes are significant in the spec's paths (`/api/offers/`); serve both forms.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbEngine', database.engine);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'frame-src': ["'self'", 'https://www.openstreetmap.org'],
        'connect-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Only routes that opt in (sign-in, contact, comments, bookings) are limited.
  await app.register(rateLimit, { global: false });
  await registerSwagger(app);

  // Every module, with its prefix, in one readable list.
  await app.register(healthRoutes, { prefix: '/api' });

  if (serveWeb) await registerWeb(app, config.webDist);
  return app;
}
