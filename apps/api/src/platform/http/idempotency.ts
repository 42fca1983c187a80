import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Job } from '../jobs/runner.ts';
import { httpMessages } from '@tibeb/domain/shared/http-messages';
import { AppError, badRequest } from './app-error.ts';

/**
 * Requests a family can send twice (decision 248): a second identical request answers what the first one did.
 * Two layers. The services find the same pending object where that is the natural rule (the unpaid renewal, the
 * open checkout, the cancelled session); and a client's `Idempotency-Key` (one per user action, reused on a retry
 * or a double tap) replays the stored answer of any route marked `config: { idempotent: true }`. The key store is
 * the database (every instance sees it), behind `IdempotencyStore`; its answers expire after `REPLAY_WINDOW_MS`
 * and a job purges them.
 */

/** How long a first answer is given back to the same request (and a key is remembered). */
export const REPLAY_WINDOW_MS = 24 * 3_600_000;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A client's key: a UUID or any 8–100 letters, digits, `-` and `_` (Stripe's and the IETF draft's style). */
const keyPattern = /^[A-Za-z0-9_-]{8,100}$/;

/** Whose key, for which route, over which body: a key is one user's (or one visitor's) for one request. */
export type IdempotencyScope = {
  /** The signed-in user; null for a visitor (the booking form): the key alone, unguessable, is the scope. */
  userId: string | null;
  key: string;
  /** The route's method and pattern with its parameters (`POST /api/student/renewals/:id/ {"id":"…"}`). */
  route: string;
  bodyHash: string;
};

export type StoredAnswer = { status: number; contentType: string; body: string };

export type Claim =
  { kind: 'new' } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'in_progress' } | { kind: 'mismatch' };

/**
 * The key store. `claim` is atomic across instances (an insert that a second claim of the same key finds):
 * the first claim runs the request, a later one with the same route and body gets the stored answer (or
 * `in_progress` while the first still runs), another route or body gets `mismatch`.
 */
export interface IdempotencyStore {
  claim(scope: IdempotencyScope, now: Date): Promise<Claim>;
  /** The first request's answer, kept until `now + REPLAY_WINDOW_MS`. */
  complete(scope: IdempotencyScope, answer: StoredAnswer, now: Date): Promise<void>;
  /** The first request failed in a way worth retrying (5xx): the key is free again. */
  release(scope: IdempotencyScope): Promise<void>;
  /** Drops the keys expired at `now`; answers how many. */
  purge(now: Date): Promise<number>;
}

/** A stable hash of a JSON body: the same fields in any order hash the same. */
export function bodyHash(body: unknown): string {
  return createHash('sha256')
    .update(stableJson(body ?? null))
    .digest('base64url');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The request's key, or null when it sends none; a malformed one is a 400 (never silently ignored). */
export function idempotencyKeyOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !keyPattern.test(key)) throw badRequest(httpMessages.idempotencyKeyInvalid);
  return key;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A state-changing route a family may send twice: its `Idempotency-Key` answers are stored and replayed. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyScope?: IdempotencyScope;
  }
}

/**
 * Replays stored answers on the routes marked `idempotent`. A preHandler (after authentication and validation,
 * so a key is scoped to the signed-in user and a refused body is never stored), and an onSend that stores any
 * answer below 500; a 5xx frees the key so that the retry runs again.
 */
export function registerIdempotency(app: FastifyInstance, store: IdempotencyStore, clock = () => new Date()) {
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config?.idempotent) return;
    const key = idempotencyKeyOf(request);
    if (key === null) return;
    const scope: IdempotencyScope = {
      userId: (request.user as { sub?: string } | null | undefined)?.sub ?? null,
      key,
      route: `${request.method} ${request.routeOptions.url ?? ''} ${stableJson(request.params ?? {})}`,
      bodyHash: bodyHash(request.body),
    };
    const claim = await store.claim(scope, clock());
    if (claim.kind === 'in_progress')
      throw new AppError(409, httpMessages.requestInProgress);
    if (claim.kind === 'mismatch')
      throw new AppError(422, httpMessages.idempotencyKeyReused);
    if (claim.kind === 'replay') {
      reply.header('idempotent-replayed', 'true');
      return reply.code(claim.answer.status).type(claim.answer.contentType).send(claim.answer.body);
    }
    request.idempotencyScope = scope;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const scope = request.idempotencyScope;
    if (!scope) return payload;
    request.idempotencyScope = undefined;
    if (reply.statusCode >= 500) {
      await store.release(scope);
    } else {
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : '';
      await store.complete(scope, { status: reply.statusCode, contentType, body }, clock());
    }
    return payload;
  });
}

/** Expired keys deleted by one run of the purge job. */
export const PURGE_BATCH = 5000;

/** The job that deletes expired keys (app.jobs.add): every 10 minutes, again at once after a full batch. */
export function idempotencyPurgeJob(store: IdempotencyStore): Job<number> {
  return {
    name: 'idempotency-purge',
    intervalMs: 10 * 60_000,
    run: () => store.purge(new Date()),
    report: (purged, log) => {
      if (purged > 0) log.info({ purged }, 'expired idempotency keys purged');
    },
    again: (purged) => purged >= PURGE_BATCH,
  };
}
