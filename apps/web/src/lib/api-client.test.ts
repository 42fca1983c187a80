import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/msw-server.ts';
import { api, ApiError, readList } from './api-client.ts';

describe('the API client (spec §6–7)', () => {
  it('sends the bearer token from access_token, stripping a stored Bearer prefix', async () => {
    localStorage.setItem('access_token', 'Bearer abc.def.ghi');
    let auth: string | null = null;
    server.use(
      http.get('/api/things/', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json([]);
      }),
    );
    await api.get('/things/');
    expect(auth).toBe('Bearer abc.def.ghi');
  });

  it("reads the token from an auth object's access field", async () => {
    localStorage.setItem('auth', JSON.stringify({ access: 'tok-from-auth' }));
    let auth: string | null = null;
    server.use(
      http.get('/api/things/', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json([]);
      }),
    );
    await api.get('/things/');
    expect(auth).toBe('Bearer tok-from-auth');
  });

  it('adds _ts when asked to bust caches', async () => {
    let url = '';
    server.use(
      http.get('/api/things/', ({ request }) => {
        url = request.url;
        return HttpResponse.json([]);
      }),
    );
    await api.get('/things/', { bustCache: true, query: { is_active: 1 } });
    expect(url).toMatch(/is_active=1/);
    expect(url).toMatch(/_ts=\d+/);
  });

  it("treats any status outside 200–299 as an error carrying the server's detail", async () => {
    server.use(
      http.post('/api/things/', () =>
        HttpResponse.json({ detail: 'Nope.', errors: { a: ['Bad a.'] } }, { status: 400 }),
      ),
    );
    const err = await api.post('/things/', { a: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Nope.');
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).fieldErrors).toEqual({ a: ['Bad a.'] });
  });

  it('asks again with the same key while the first request with it is in progress, and answers its result', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post('/api/renew/', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return keys.length < 3
          ? HttpResponse.json({ detail: 'still running', code: 'request_in_progress' }, { status: 409 })
          : HttpResponse.json({ id: 'r1' }, { status: 201 });
      }),
    );
    await expect(api.post('/renew/', { a: 1 }, { idempotent: true })).resolves.toEqual({ id: 'r1' });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('another 409 is an error at once', async () => {
    let calls = 0;
    server.use(
      http.post('/api/taken/', () => {
        calls += 1;
        return HttpResponse.json({ detail: 'That slot has just been taken' }, { status: 409 });
      }),
    );
    await expect(api.post('/taken/', {}, { idempotent: true })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });

  it('reads the three list shapes and refuses any other', () => {
    expect(readList([1])).toEqual([1]);
    expect(readList({ results: [2] })).toEqual([2]);
    expect(readList({ data: [3] })).toEqual([3]);
    expect(() => readList({ items: [] })).toThrow();
  });
});
