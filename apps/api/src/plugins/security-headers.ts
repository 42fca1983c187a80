import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The headers helmet sets for these options, worked out once. @fastify/helmet builds helmet's middleware on
 * every request (parsing the CSP directives each time) in two hooks, one of them async: the largest share of a
 * small answer's cost (issue 17 profile). The headers never depend on the request here (no nonces), so they
 * are computed at start by running the plugin once, and set by one synchronous hook.
 */
export async function securityHeadersFor(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', (_request, reply) => reply.send('ok'));
  const plain = Fastify({ logger: false });
  plain.get('/', (_request, reply) => reply.send('ok'));
  const [withHelmet, without] = await Promise.all([probe.inject('/'), plain.inject('/')]);
  await Promise.all([probe.close(), plain.close()]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(withHelmet.headers)) {
    if (name in without.headers || typeof value !== 'string') continue;
    headers[name] = value;
  }
  return headers;
}

/** Sets helmet's headers (as configured by `options`) on every answer, from a table made once. */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const headers = await securityHeadersFor(options);
  const names = Object.keys(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const name of names) reply.header(name, headers[name]);
    done();
  });
}
