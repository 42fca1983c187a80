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

  it('reads the three list shapes and refuses any other', () => {
    expect(readList([1])).toEqual([1]);
    expect(readList({ results: [2] })).toEqual([2]);
    expect(readList({ data: [3] })).toEqual([3]);
    expect(() => readList({ items: [] })).toThrow();
  });
});
