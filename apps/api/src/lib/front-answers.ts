import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';

/** Fastify's server settings, defaults applied, as it hands them to a `serverFactory`. */
type ServerTimeouts = {
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket?: number | null;
};

/** Whether an answer's source (a cache entry) is still the current one. */
export type Freshness = { readonly fresh: boolean };
/** For an answer made once for the process's life (the liveness probe's). */
export const alwaysFresh: Freshness = { fresh: true };

/** Records one answer in the route's metrics (plugins/metrics.ts): its status and its time in seconds. */
export type AnswerRecorder = (status: number, seconds: number) => void;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's 200 answer depends only on its address (with any one `_ts` left out), the accepted encoding
     * and the cache entry it was sent from: repeated as it was, ahead of the framework, while that entry is
     * current (lib/front-answers.ts).
     */
    front?: boolean;
    /** Set by plugins/metrics.ts when metrics are on. */
    recordAnswer?: AnswerRecorder;
  }
  interface FastifyInstance {
    front: FrontAnswers;
  }
}

/**
 * One encoding's answer. A small body is kept as a latin1 string (the same bytes): Node writes it with the
 * headers in one system call, where a buffer takes a second, gathered write (issue 17: the probe's answer).
 */
type Variant = { headers: string[]; body: Buffer | string };

/** Bodies up to this size are kept as latin1 strings (see Variant). */
const inlineBodyBytes = 1024;
type Entry = { freshness: Freshness; variants: [Variant?, Variant?, Variant?]; record?: AnswerRecorder };

/** At most this many addresses are remembered; the oldest go first. */
const maxEntries = 1_000;

/** The spec's client's cache buster: one `_ts` a request, a plain value (spec §7: it changes nothing). */
const cacheBuster = /(?:^|&)_ts=[\w.-]{0,64}(?=&|$)/;
const anyCacheBuster = /(?:^|&)_ts(?:[=&]|$)/g;

/**
 * The address an answer is remembered under: the request's path and query as they came, without the one `_ts`
 * (any other, or a second `_ts`, and the address is not repeated: the framework answers it). Null when the
 * address cannot be repeated.
 */
export function frontKey(url: string): string | null {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url.slice(mark + 1);
  if (!query.includes('_ts')) return url;
  const count = query.match(anyCacheBuster)?.length ?? 0;
  if (count === 0) return url;
  const found = cacheBuster.exec(query);
  if (!found || count !== 1) return null;
  const rest = (query.slice(0, found.index) + query.slice(found.index + found[0].length)).replace(/^&/, '');
  return rest ? `${url.slice(0, mark)}?${rest}` : url.slice(0, mark);
}

/** The form an answer is kept in: 0 plain, 1 gzip, 2 brotli, as `sendPreparedText` chooses it. */
export function encodingIndex(header: string | string[] | undefined): 0 | 1 | 2 {
  const encoding = acceptedEncoding(header);
  return encoding === 'br' ? 2 : encoding === 'gzip' ? 1 : 0;
}

/** The best encoding this request accepts among brotli and gzip (a q=0 refuses it), or null. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  const accepts = (name: string) => {
    const at = value.indexOf(name);
    if (at < 0) return false;
    const rest = value.slice(at + name.length).split(',', 1)[0]!;
    return !/q\s*=\s*0(\.0*)?\s*$/.test(rest);
  };
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** A request the framework's answer may be repeated to: a GET without a body or a validator to check. */
function repeatable(req: IncomingMessage): boolean {
  const headers = req.headers;
  return (
    req.method === 'GET' &&
    headers['if-none-match'] === undefined &&
    headers['content-length'] === undefined &&
    headers['transfer-encoding'] === undefined
  );
}

/** Answers offered by the route (`offerToFront`), until its onSend hook has seen them. */
const offered = new WeakMap<FastifyReply, Freshness>();

/**
 * Called by `sendPreparedText`: this answer may be repeated while `freshness` holds. Only a route with
 * `config.front` keeps it (its onSend hook); for the others the offer goes with the reply.
 */
export function offerToFront(reply: FastifyReply, freshness: Freshness) {
  offered.set(reply, freshness);
}

/**
 * Public answers repeated ahead of the framework (issue 17, decision 214). A public read that is the same for
 * everyone (the tutor directory, the subjects, the offers, the site settings, the liveness probe) is answered
 * by its route once, through every hook, and the answer as it went out (status 200, every header, the bytes in
 * each encoding) is kept by its address. While the cache entry it came from is current, the same request is
 * answered with those headers and bytes by the server's request listener, before routing, hooks, a request
 * object, a logger or a validation: what costs a small answer most of its CPU time. Anything else (another
 * method, a validator, a body, another query, a changed entry, a server that is closing) goes to the framework.
 *
 * Kept as Fastify logs as the product ships: a fast success is not logged (plugins/request-log.ts), and with
 * LOG_LEVEL=debug or trace, where every request is, nothing is repeated. Metrics count repeated answers.
 */
export class FrontAnswers {
  readonly #entries = new Map<string, Entry>();
  #closed = false;
  /** Answers repeated (for tests and figures). */
  hits = 0;

  /** False: nothing is kept (no route gets the hook that keeps answers), and the framework answers everything. */
  readonly enabled: boolean;

  constructor(enabled: boolean) {
    this.enabled = enabled;
  }

  /** Fastify's `serverFactory`: an HTTP server whose requests come here first, set up as Fastify sets its own. */
  readonly serverFactory = (
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    fastifyOptions: Record<string, unknown>,
  ) => {
    const options = fastifyOptions as ServerTimeouts & { http?: http.ServerOptions };
    const server = http.createServer(options.http ?? {}, (req, res) => {
      if (!this.answer(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** Repeats a remembered answer to this request; false when the framework is to answer it. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.#closed || !repeatable(req)) return false;
    const key = frontKey(req.url ?? '');
    if (key === null) return false;
    const entry = this.#entries.get(key);
    if (entry === undefined) return false;
    if (!entry.freshness.fresh) {
      this.#entries.delete(key);
      return false;
    }
    const variant = entry.variants[encodingIndex(req.headers['accept-encoding'])];
    if (variant === undefined) return false;
    const started = entry.record ? performance.now() : 0;
    res.writeHead(200, variant.headers);
    if (typeof variant.body === 'string') res.end(variant.body, 'latin1');
    else res.end(variant.body);
    this.hits += 1;
    entry.record?.(200, (performance.now() - started) / 1000);
    return true;
  }

  /** The route's onSend hook (last of its hooks): keeps an offered 200 answer as it goes out. */
  readonly remember: onSendHookHandler = (request, reply, payload, done) => {
    const freshness = offered.get(reply);
    if (freshness !== undefined) {
      offered.delete(reply);
      const key = frontKey(request.raw.url ?? '');
      if (
        !this.#closed &&
        key !== null &&
        reply.statusCode === 200 &&
        Buffer.isBuffer(payload) &&
        repeatable(request.raw)
      ) {
        this.#keep(
          key,
          freshness,
          encodingIndex(request.headers['accept-encoding']),
          {
            headers: flatHeaders(reply, payload.length),
            body: payload.length <= inlineBodyBytes ? payload.toString('latin1') : payload,
          },
          request.routeOptions.config.recordAnswer,
        );
      }
    }
    done(null, payload);
  };

  #keep(key: string, freshness: Freshness, index: 0 | 1 | 2, variant: Variant, record?: AnswerRecorder) {
    let entry = this.#entries.get(key);
    if (entry === undefined || entry.freshness !== freshness) {
      this.#entries.delete(key);
      if (this.#entries.size >= maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
      entry = { freshness, variants: [], record };
      this.#entries.set(key, entry);
    }
    entry.variants[index] = variant;
  }

  /** Nothing more is repeated: the framework answers (a closing server's 503). */
  close() {
    this.#closed = true;
    this.#entries.clear();
  }

  get closed() {
    return this.#closed;
  }

  get size() {
    return this.#entries.size;
  }
}

/** The answer's headers as Node takes them (`[name, value, ...]`), its length set for these bytes. */
function flatHeaders(reply: FastifyReply, length: number): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (name === 'content-length' || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) flat.push(name, String(one));
  }
  flat.push('content-length', String(length));
  return flat;
}

/**
 * Sets up the repeated answers on the app: routes with `config.front` keep their offered answers (an onSend
 * hook added last, after the security headers), and a closing server repeats nothing.
 */
export function registerFrontAnswers(app: FastifyInstance, front: FrontAnswers) {
  app.decorate('front', front);
  app.addHook('preClose', (done) => {
    front.close();
    done();
  });
  app.addHook('onRoute', (route) => {
    if (!front.enabled || !route.config?.front) return;
    const hooks = route.onSend;
    route.onSend = hooks ? [...(Array.isArray(hooks) ? hooks : [hooks]), front.remember] : [front.remember];
  });
}
