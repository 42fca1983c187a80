import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequest } from './app-error.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe('one JSON error shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      app.post(
        '/api/_probe',
        {
          schema: { body: z.object({ name: z.string().min(1, 'Name is required.'), age: z.number().int() }) },
        },
        async () => ({ ok: true }),
      );
      app.get('/api/_boom', async () => {
        throw new Error('secret internals at /srv/app.ts:12');
      });
      app.get('/api/_app_error', async () => {
        throw badRequest('Pick a date.', { date: ['Pick a date.'] });
      });
    });
  });
  afterAll(() => t.close());

  it('answers invalid input with 400, a detail and field errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/_probe', payload: { name: '', age: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.detail).toBe('name: Name is required.');
    expect(body.errors.name).toEqual(['Name is required.']);
    expect(body.errors.age).toHaveLength(1);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/_probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed JSON body.' });
  });

  it('hides the details of an unexpected error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({
      detail: 'Something went wrong on our side. Please try again.',
      request_id: res.headers['x-request-id'],
    });
  });

  it('maps an AppError to its status and fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_app_error' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Pick a date.', errors: { date: ['Pick a date.'] } });
  });
});
