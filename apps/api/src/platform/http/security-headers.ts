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

/**
 * What a JSON answer needs (OWASP REST Security Cheat Sheet): it loads nothing and is never framed, so a policy
 * of `default-src 'none'`, no sniffing, no framing, no referrer, same-origin reads only, and HTTPS. The page
 * headers (helmet's, for documents: the web app's page, the HTML pages under /api, feeds, files) mean nothing
 * to a JSON answer and were ~900 bytes of every API answer's headers, about a tenth of a small answer's CPU (issue 17).
 */
const jsonHeaders: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** A JSON media type (`application/json`, `application/problem+json`, with or without parameters). */
const jsonType = /^application\/(?:[\w.-]+\+)?json\b/i;
const isJson = (type: unknown) => typeof type === 'string' && jsonType.test(type);

/**
 * Sets the security headers on every answer, from tables made once: helmet's (as configured by `options`) on
 * documents, and the JSON set (`jsonHeaders`, with helmet's HSTS) on JSON answers. Decided by what the answer
 * is, when it is sent, so an HTML page under /api keeps the page headers.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const page = await securityHeadersFor(options);
  const hsts = page['strict-transport-security'];
  const json = hsts ? { ...jsonHeaders, 'strict-transport-security': hsts } : jsonHeaders;
  const pageNames = Object.keys(page);
  const jsonNames = Object.keys(json);
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isJson(reply.getHeader('content-type'))) for (const name of jsonNames) reply.header(name, json[name]);
    else for (const name of pageNames) reply.header(name, page[name]);
    done(null, payload);
  });
}
