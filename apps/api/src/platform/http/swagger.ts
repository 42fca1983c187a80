import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { errorResponseSchema } from './schemas.ts';

const prefix = '/api/docs';
/** Answer headers that belong to the inner exchange, not to the one with the browser. */
const hopHeaders = new Set(['content-length', 'connection', 'keep-alive', 'transfer-encoding', 'date']);

/**
 * The OpenAPI document, generated from the routes' zod schemas, and its UI at /api/docs. Built on the first
 * request for them (DESIGN §4 memory budgets: @fastify/swagger, its YAML library and the UI's plugin are not
 * loaded by a server nobody asks for its documentation): the routes are noted as they are declared, and a
 * separate Fastify instance with @fastify/swagger and @fastify/swagger-ui, given the same routes (schemas, no
 * handlers), answers /api/docs/* through this app, so its headers, compression and 404 are the app's.
 *
 * In production the document and its UI are for administrators only (issue 29 item 6, decision 222): every
 * route's shape, the hidden ones' too, is a map for an attacker; a bearer token of an admin account opens them
 * (`curl -H "Authorization: Bearer …"`), and the answer is never stored by a cache. In development and tests they
 * stay open. Call it after `registerAuth` and before the modules: only routes declared afterwards are documented.
 */
export async function registerSwagger(app: FastifyInstance) {
  const adminOnly = app.config.env === 'production';
  let docs: Promise<FastifyInstance> | undefined;
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= buildDocs(declared);
    const inner = await docs;
    const res = await inner.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
    });
    if (res.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !hopHeaders.has(name)) void reply.header(name, value);
    }
    if (adminOnly) void reply.header('cache-control', 'private, no-store');
    void reply.status(res.statusCode);
    return res.rawPayload.length > 0 ? reply.send(res.rawPayload) : reply.send();
  };
  const options = {
    schema: { hide: true },
    ...(adminOnly ? { preHandler: app.requireRole(ADMIN_ROLES) } : {}),
  };
  app.get(prefix, options, forward);
  app.get(`${prefix}/*`, options, forward);

  const declared: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    // Any operation answers 400 to a malformed request (bad encoding, a query it cannot parse) before its
    // handler runs, and one that takes a body 413 (too large) and 415 (a type it does not read): declared for every
    // documented route that does not say so itself (decision 264).
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (response && !(route.schema as { hide?: boolean }).hide) {
      const methods = [route.method].flat();
      const takesBody = methods.some((m) => ['POST', 'PUT', 'PATCH'].includes(m));
      for (const status of takesBody ? ['400', '413', '415'] : ['400']) {
        if (!(status in response)) response[status] = errorResponseSchema;
      }
    }
    declared.push(route);
  });
}

/** The documentation app: @fastify/swagger and its UI over the app's routes, as they were declared. */
async function buildDocs(routes: readonly RouteOptions[]): Promise<FastifyInstance> {
  const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }, { jsonSchemaTransform }] =
    await Promise.all([
      import('fastify'),
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
      import('fastify-type-provider-zod'),
    ]);
  const docs = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  // The routes are declared for their schemas only: nothing is validated or serialised here.
  docs.setValidatorCompiler(() => (value) => ({ value }));
  docs.setSerializerCompiler(() => (value) => JSON.stringify(value));
  await docs.register(swagger, {
    openapi: {
      info: { title: 'Tibeb Tutoring API', version: '1.0.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await docs.register(swaggerUi, { routePrefix: prefix });
  for (const route of routes) {
    // HEAD routes Fastify added beside GET ones are left out of the document, as @fastify/swagger does.
    if (route.method === 'HEAD') continue;
    docs.route({
      method: route.method,
      url: route.url,
      ...(route.schema ? { schema: route.schema } : {}),
      ...(route.config ? { config: route.config } : {}),
      ...(route.constraints ? { constraints: route.constraints } : {}),
      exposeHeadRoute: false,
      handler: async () => undefined,
    });
  }
  await docs.ready();
  return docs;
}
