import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  acceptedEncoding,
  PackedJson,
  PublicCache,
  publicCacheControl,
  sendPreparedJson,
  sendPreparedText,
} from './public-cache.ts';

describe('PublicCache', () => {
  it('loads once for concurrent readers and again after invalidation', async () => {
    const cache = new PublicCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { n: loads };
    };
    const [a, b] = await Promise.all([cache.get('tutors:list', load), cache.get('tutors:list', load)]);
    expect(loads).toBe(1);
    expect(a.etag).toBe(b.etag);
    cache.invalidate('tutors:');
    const c = await cache.get('tutors:list', load);
    expect(loads).toBe(2);
    expect(c.value).toEqual({ n: 2 });
    expect(c.etag).not.toBe(a.etag);
  });

  it('holds at most its bound, dropping the least recently used (issue 16)', async () => {
    const cache = new PublicCache(60_000, { name: 'test-bound', max: 100 });
    for (let i = 0; i < 1_000; i++) await cache.get(`blog:post:${i}|`, async () => ({ i }));
    expect(cache.size).toBe(100);
    let loads = 0;
    await cache.get('blog:post:999|', async () => ({ loads: ++loads }));
    expect(loads).toBe(0); // the most recent stayed
    await cache.get('blog:post:0|', async () => ({ loads: ++loads }));
    expect(loads).toBe(1); // the oldest went
  });

  it('holds at most its bytes, whatever the count allows', async () => {
    const cache = new PublicCache(60_000, { name: 'test-bytes', max: 1_000, maxBytes: 100_000 });
    // Amharic text is a two-byte string: 10,000 characters hold 20,000 bytes.
    for (let i = 0; i < 100; i++) await cache.get(`blog:post:${i}|`, async () => 'ሀ'.repeat(10_000));
    expect(cache.size).toBe(5);
    expect(cache.bytes).toBe(100_000);
    let loads = 0;
    await cache.get('blog:post:99|', async () => String(++loads));
    expect(loads).toBe(0); // the most recent stayed
    // ASCII text is one byte a character; an object counts its JSON twice (the objects and the route's JSON).
    cache.drop('');
    await cache.get('blog:list|en', async () => 'x'.repeat(10_000));
    expect(cache.bytes).toBe(10_000);
    await cache.get('blog:list|object', async () => ({ items: 'y'.repeat(9_988) }));
    expect(cache.bytes).toBe(10_000 + 20_000);
    // An answer larger than the whole budget is answered, not kept, and pushes nothing out.
    const huge = await cache.get('blog:list|huge', async () => ({ items: 'z'.repeat(60_000) }));
    expect(huge.value.items).toHaveLength(60_000);
    expect(cache.size).toBe(2);
  });

  it('does not store an unknown id', async () => {
    const cache = new PublicCache(60_000, { name: 'test-miss' });
    for (let i = 0; i < 500; i++) {
      const found = await cache.get(`blog:post:slug:nope-${i}|`, async () => null);
      expect(found.value).toBeNull();
    }
    expect(cache.size).toBe(0);
  });

  it('never stores what a load read before a write that overtook it', async () => {
    const cache = new PublicCache();
    let release!: () => void;
    const slow = cache.get('offers', () => new Promise<string>((r) => (release = () => r('old'))));
    cache.invalidate('');
    release();
    expect((await slow).value).toBe('old');
    expect((await cache.get('offers', async () => 'new')).value).toBe('new');
  });
});

describe('what a client or a CDN may keep', () => {
  it('lets shared caches keep public reads briefly and serve them stale while they refetch; browsers revalidate', () => {
    expect(publicCacheControl).toMatch(/^public, /);
    expect(publicCacheControl).toContain('max-age=0');
    expect(publicCacheControl).toMatch(/s-maxage=\d+/);
    expect(publicCacheControl).toMatch(/stale-while-revalidate=\d+/);
  });

  it('picks brotli over gzip, honours q=0 and takes * as gzip', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
  });
});

describe('prepared JSON answers (issue 17)', () => {
  const body = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Tutor ${i}` })));
  const app = Fastify();
  app.get('/list', (_request, reply) => sendPreparedJson(reply, body));
  app.get('/small', (_request, reply) => sendPreparedJson(reply, '{"ok":true}'));

  it('sends brotli, gzip or the plain bytes as the browser accepts, each the same JSON', async () => {
    const br = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(body);
    expect(br.rawPayload.length).toBeLessThan(body.length / 4);

    const gz = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(body);

    const refused = await app.inject({ url: '/list', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');

    const plain = await app.inject({ url: '/list' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.body).toBe(body);
  });

  it('compresses a body once per change, not once per request', async () => {
    const first = await app.inject({ url: '/list', headers: { 'accept-encoding': 'br' } });
    const again = await app.inject({ url: '/list', headers: { 'accept-encoding': 'br' } });
    // The same prepared buffer both times: identical bytes (brotli of one input is deterministic anyway, so
    // the timing shows it: a second answer costs no compression).
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const started = performance.now();
    for (let i = 0; i < 200; i++) await app.inject({ url: '/list', headers: { 'accept-encoding': 'br' } });
    const perRequestMs = (performance.now() - started) / 200;
    const { brotliCompressSync, constants } = await import('node:zlib');
    const t0 = performance.now();
    for (let i = 0; i < 20; i++)
      brotliCompressSync(Buffer.from(body), { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    const compressMs = (performance.now() - t0) / 20;
    expect(perRequestMs).toBeLessThan(compressMs);
  });

  it('leaves small bodies alone', async () => {
    const res = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
  });
});

describe('cached objects sent by withEtag (issue 17)', () => {
  it('serialises through the route schema once, then sends the prepared forms and answers 304', async () => {
    const { z } = await import('zod');
    const { serializerCompiler, validatorCompiler } = await import('fastify-type-provider-zod');
    const { withEtag } = await import('./public-cache.ts');
    const cache = new PublicCache(60_000, { name: 'test-objects' });
    let serialisations = 0;
    let loads = 0;
    const load = async () => {
      loads += 1;
      // Reading `title` counts: the route's serializer reads it once per serialisation.
      return Array.from({ length: 100 }, (_, i) => ({
        id: i,
        get title() {
          serialisations += 1;
          return `Offer ${i}`;
        },
        internal: 'not public',
      }));
    };
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const item = z.object({ id: z.number(), title: z.string() });
    app.get('/offers', { schema: { response: { 200: z.array(item) } } }, async (request, reply) =>
      withEtag(request, reply, await cache.get('offers', load)),
    );
    const first = await app.inject({ url: '/offers', headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const parsed = JSON.parse(brotliDecompressSync(first.rawPayload).toString());
    expect(parsed).toHaveLength(100);
    expect(parsed[0]).toEqual({ id: 0, title: 'Offer 0' }); // the schema's shape, not the stored row
    const plain = await app.inject({ url: '/offers' });
    expect(plain.json()).toEqual(parsed);
    const again = await app.inject({ url: '/offers', headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(again.rawPayload).toString())).toEqual(parsed);
    expect(serialisations).toBe(200); // the ETag when the cache filled, and one serialisation: nothing per request
    expect(loads).toBe(1);
    const notModified = await app.inject({
      url: '/offers',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(notModified.statusCode).toBe(304);
    cache.invalidate('');
    await app.inject({ url: '/offers' });
    expect(serialisations).toBe(400); // a change: a new ETag and one new serialisation
    await app.close();
  });
});

describe('a large JSON answer kept as its gzip only (decision 246)', () => {
  it('sends the gzip to clients that accept it, inflates it for others, with the same ETag and Cache-Control', async () => {
    const { withEtag } = await import('./public-cache.ts');
    const body = JSON.stringify(
      Array.from({ length: 2_000 }, (_, i) => ({
        id: i,
        full_name: `Tutor ${i}`,
        bio: `ተማሪ ${i} `.repeat(8),
      })),
    );
    const cache = new PublicCache(60_000, { name: 'test-packed', packAbove: 100_000 });
    let loads = 0;
    const app = Fastify();
    app.get('/list', async (request, reply) =>
      withEtag(
        request,
        reply,
        await cache.get('tutors:list', async () => {
          loads += 1;
          return body;
        }),
      ),
    );
    const gz = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(body);
    const etag = gz.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(gz.headers['cache-control']).toBe(publicCacheControl);
    expect(gz.headers.vary).toBe('accept-encoding');
    // Kept compressed: a small part of the text it answers, not the text, its bytes and their compressed forms.
    const entry = await cache.get('tutors:list', async () => '');
    expect(entry).toBeInstanceOf(PackedJson);
    expect(cache.bytes).toBeLessThan(body.length / 4);
    expect(entry.value).toBe(body);

    const br = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('gzip');
    expect(br.rawPayload.equals(gz.rawPayload)).toBe(true);
    const plain = await app.inject({ url: '/list' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.etag).toBe(etag);
    expect(plain.headers['cache-control']).toBe(publicCacheControl);
    expect(plain.body).toBe(body);
    const notModified = await app.inject({ url: '/list', headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(loads).toBe(1);

    // A smaller answer of the same cache is kept whole, as before.
    const small = await cache.get('tutors:detail:1', async () => '{"id":1}');
    expect(small).not.toBeInstanceOf(PackedJson);
    await app.close();
  });
});

describe("a prepared text with its validator (the web app's page)", () => {
  it('carries an ETag made once per text, answers 304 to a browser that has it, and a new one after a change', async () => {
    let page = `<!doctype html><title>Tibeb</title>${'<p>Find a tutor.</p>'.repeat(200)}`;
    const app = Fastify();
    app.get('/', (_request, reply) =>
      sendPreparedText(reply, page, 'text/html; charset=utf-8', { etag: true }),
    );
    const first = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(page);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    // The same validator whatever the encoding: it names the page, not its bytes on the wire.
    const plain = await app.inject({ url: '/' });
    expect(plain.headers.etag).toBe(etag);
    expect(plain.body).toBe(page);

    const cached = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);

    page = page.replace('Find a tutor.', 'Find a tutor today.');
    const changed = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toBe(page);
    await app.close();
  });
});
