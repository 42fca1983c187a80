import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { httpMessages } from '@tibeb/domain/shared/http-messages';
import { AppError } from './app-error.ts';
import {
  bodyHash,
  registerIdempotency,
  REPLAY_WINDOW_MS,
  type Claim,
  type IdempotencyScope,
  type IdempotencyStore,
  type StoredAnswer,
} from './idempotency.ts';

/**
 * The `Idempotency-Key` layer (decision 248) against an in-memory store: the database store is the product's
 * (idempotency.repository.ts); this fake only lets the hooks be tested without its table.
 */
function memoryStore() {
  const rows = new Map<string, IdempotencyScope & { answer: StoredAnswer | null; expiresAt: number }>();
  const id = (s: IdempotencyScope) => `${s.userId ?? 'visitor'} ${s.key}`;
  const store: IdempotencyStore = {
    async claim(scope, now): Promise<Claim> {
      const row = rows.get(id(scope));
      if (!row || row.expiresAt <= now.getTime()) {
        rows.set(id(scope), { ...scope, answer: null, expiresAt: now.getTime() + REPLAY_WINDOW_MS });
        return { kind: 'new' };
      }
      if (row.route !== scope.route || row.bodyHash !== scope.bodyHash) return { kind: 'mismatch' };
      return row.answer ? { kind: 'replay', answer: row.answer } : { kind: 'in_progress' };
    },
    async complete(scope, answer, now) {
      const row = rows.get(id(scope));
      if (row) Object.assign(row, { answer, expiresAt: now.getTime() + REPLAY_WINDOW_MS });
    },
    async release(scope) {
      rows.delete(id(scope));
    },
    async purge(now) {
      let n = 0;
      for (const [k, row] of rows) if (row.expiresAt <= now.getTime() && rows.delete(k)) n += 1;
      return n;
    },
  };
  return { store, rows };
}

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** A route that counts its runs: a replay must not run it again. */
async function appWith(store: IdempotencyStore, clock = () => new Date()) {
  const server = Fastify();
  app = server;
  server.setErrorHandler((err, _request, reply) => {
    if (err instanceof AppError)
      void reply.code(err.statusCode).send({ detail: err.message, code: err.code });
    else void reply.code(500).send({ detail: 'error' });
  });
  // Who is signed in, as authentication would have set it before the preHandler.
  server.addHook('onRequest', async (request) => {
    const sub = request.headers['x-user'];
    if (typeof sub === 'string') (request as unknown as { user: { sub: string } }).user = { sub };
  });
  registerIdempotency(server, store, clock);
  let runs = 0;
  let fail = false;
  server.post<{ Params: { id: string } }>(
    '/things/:id/',
    { config: { idempotent: true } },
    async (request, reply) => {
      runs += 1;
      if (fail) throw new Error('down');
      return reply.code(201).send({ id: request.params.id, run: runs });
    },
  );
  server.post('/plain/', async () => ({ run: (runs += 1) }));
  await server.ready();
  return {
    send: (url: string, body: object, key?: string, user?: string) =>
      server.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { ...(key ? { 'idempotency-key': key } : {}), ...(user ? { 'x-user': user } : {}) },
      }),
    runs: () => runs,
    failNext: (on: boolean) => (fail = on),
  };
}

describe('Idempotency-Key', () => {
  it('a second request with the same key and body answers the first answer, without running again', async () => {
    const { send, runs } = await appWith(memoryStore().store);
    const first = await send('/things/a/', { n: 1, m: 2 }, 'key-00000001');
    expect(first.statusCode).toBe(201);
    // The same fields in another order are the same body.
    const again = await send('/things/a/', { m: 2, n: 1 }, 'key-00000001');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(runs()).toBe(1);
    // Without a key, or with another one, it runs.
    expect((await send('/things/a/', { n: 1, m: 2 })).json()).toMatchObject({ run: 2 });
    expect((await send('/things/a/', { n: 1, m: 2 }, 'key-00000002')).json()).toMatchObject({ run: 3 });
  });

  it('the same key with another body or route is a 422; a malformed key a 400; unmarked routes ignore keys', async () => {
    const { send, runs } = await appWith(memoryStore().store);
    await send('/things/a/', { n: 1 }, 'key-00000003');
    const other = await send('/things/a/', { n: 2 }, 'key-00000003');
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toBe(httpMessages.idempotencyKeyReused);
    expect((await send('/things/b/', { n: 1 }, 'key-00000003')).statusCode).toBe(422);
    const bad = await send('/things/a/', { n: 1 }, 'short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(httpMessages.idempotencyKeyInvalid);
    await send('/plain/', {}, 'key-00000004');
    await send('/plain/', {}, 'key-00000004');
    expect(runs()).toBe(3);
  });

  it('a request still running answers 409 "in progress"; a 5xx frees the key for the retry', async () => {
    const { store, rows } = memoryStore();
    const { send, runs, failNext } = await appWith(store);
    // Claimed by a first request of the same route and body, which has not answered yet.
    const route = 'POST /things/:id/ {"id":"a"}';
    await store.claim({ userId: null, key: 'key-00000005', route, bodyHash: bodyHash({}) }, new Date());
    expect(rows.size).toBe(1);
    const busy = await send('/things/a/', {}, 'key-00000005');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({
      detail: httpMessages.requestInProgress,
      code: 'request_in_progress',
    });

    failNext(true);
    expect((await send('/things/a/', {}, 'key-00000006')).statusCode).toBe(500);
    failNext(false);
    const retry = await send('/things/a/', {}, 'key-00000006');
    expect(retry.statusCode).toBe(201);
    expect(runs()).toBe(2);
  });

  it('keys are one user’s: the same key of another user is another request', async () => {
    const { send, runs } = await appWith(memoryStore().store);
    await send('/things/a/', {}, 'key-00000007', 'u1');
    await send('/things/a/', {}, 'key-00000007', 'u1');
    await send('/things/a/', {}, 'key-00000007', 'u2');
    expect(runs()).toBe(2);
  });

  it('answers expire after the replay window and are purged', async () => {
    let now = new Date('2031-01-01T00:00:00Z');
    const { store, rows } = memoryStore();
    const { send, runs } = await appWith(store, () => now);
    await send('/things/a/', {}, 'key-00000008');
    now = new Date(now.getTime() + REPLAY_WINDOW_MS - 1);
    expect((await send('/things/a/', {}, 'key-00000008')).json()).toMatchObject({ run: 1 });
    now = new Date(now.getTime() + REPLAY_WINDOW_MS + 1);
    expect(await store.purge(now)).toBe(1);
    expect(rows.size).toBe(0);
    expect((await send('/things/a/', {}, 'key-00000008')).json()).toMatchObject({ run: 2 });
    expect(runs()).toBe(2);
  });
});
