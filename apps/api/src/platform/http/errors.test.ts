import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleMessages } from '@tibeb/domain/bookings/lifecycle-messages';
import { bookingMessages } from '@tibeb/domain/bookings/messages';
import { fieldMessages } from '@tibeb/domain/shared/field-messages';
import { httpMessages } from '@tibeb/domain/shared/http-messages';
import { AppError, badRequest, conflict, notFound } from './app-error.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe('one JSON error shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      app.post(
        '/api/_probe',
        {
          // A test probe, not part of the API's document (decision 264).
          schema: {
            hide: true,
            body: z.object({
              name: z.string().min(1, 'Name is required.'),
              age: z.number().int(),
              rate: z.number().min(0).optional(),
              days: z.object({ sun: z.array(z.object({ end: z.string().max(5) })) }).optional(),
            }),
          },
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
    // The detail is the first message itself, never prefixed with its field's path.
    expect(body.detail).toBe('Name is required.');
    expect(body.errors.name).toEqual(['Name is required.']);
    expect(body.errors.age).toEqual([fieldMessages.number]);
    expect(body.field_codes.age).toEqual([{ code: 'field_number' }]);
  });

  it('says what a validator found in plain words with a code, never in the validator’s English (issue 31 item 3)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/_probe',
      payload: { name: 'Abebe', age: 1.5, rate: -1, days: { sun: [{ end: '123456' }] } },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toEqual({
      age: [fieldMessages.wholeNumber],
      rate: [fieldMessages.atLeast(0)],
      'days.sun.0.end': [fieldMessages.tooLong(5)],
    });
    expect(body.field_codes).toEqual({
      age: [{ code: 'field_whole_number' }],
      rate: [{ code: 'field_at_least', params: { minimum: 0 } }],
      'days.sun.0.end': [{ code: 'field_too_long', params: { maximum: 5 } }],
    });
    expect(body.detail).toBe(fieldMessages.wholeNumber);
    expect(JSON.stringify(body)).not.toMatch(/Too small|expected|Invalid input/);
    const missing = await t.app.inject({ method: 'POST', url: '/api/_probe', payload: { age: 3 } });
    expect(missing.json().errors).toEqual({ name: [fieldMessages.required] });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/_probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed JSON body.', code: 'malformed_json' });
  });

  it('hides the details of an unexpected error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({
      detail: 'Something went wrong on our side. Please try again.',
      code: 'internal_error',
      request_id: res.headers['x-request-id'],
    });
  });

  it('maps an AppError to its status and fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_app_error' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Pick a date.',
      code: 'invalid_input',
      errors: { date: ['Pick a date.'] },
      // A text of no domain table: the thrower's own words, shown as written.
      field_codes: { date: [{ code: 'invalid_value' }] },
    });
  });
});

/** Every error answer carries a stable `code` (and `params` for a message with values): the web translates by it. */
describe('error codes (issue 26)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      app.post(
        '/api/_probe',
        { schema: { hide: true, body: z.object({ name: z.string().min(1, 'Name is required.') }) } },
        async () => ({}),
      );
      app.get('/api/_slot_taken', async () => {
        throw conflict(bookingMessages.slotTaken);
      });
      app.get('/api/_inside_notice', async () => {
        throw conflict(lifecycleMessages.insideNotice(24));
      });
      app.get('/api/_not_movable', async () => {
        throw conflict(lifecycleMessages.notMovable('no_show'));
      });
      app.get('/api/_uncoded', async () => {
        throw notFound('No such widget.');
      });
      app.get('/api/_coded', async () => {
        throw new AppError(409, 'The widget is busy.', { code: 'widget_busy', params: { widget: 7 } });
      });
      app.get('/api/_sent', async (_request, reply) => reply.status(410).send({ detail: 'Gone for good.' }));
    });
  });
  afterAll(() => t.close());
  const get = async (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('codes a domain message thrown without one: 409 slot taken is slot_taken', async () => {
    const res = await get('/api/_slot_taken');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: bookingMessages.slotTaken, code: 'slot_taken' });
  });

  it('gives a message with values its params, the detail staying the English text', async () => {
    expect((await get('/api/_inside_notice')).json()).toEqual({
      detail: lifecycleMessages.insideNotice(24),
      code: 'inside_notice',
      params: { hours: 24 },
    });
    expect((await get('/api/_not_movable')).json()).toEqual({
      detail: 'This session cannot be moved: it is no show.',
      code: 'not_movable',
      params: { status: 'no show' },
    });
  });

  it("keeps a thrower's own code, and codes any other answer by its status", async () => {
    expect((await get('/api/_coded')).json()).toEqual({
      detail: 'The widget is busy.',
      code: 'widget_busy',
      params: { widget: 7 },
    });
    expect((await get('/api/_uncoded')).json()).toEqual({ detail: 'No such widget.', code: 'not_found' });
    expect((await get('/api/_sent')).json()).toEqual({ detail: 'Gone for good.', code: 'gone' });
  });

  it('codes 400 invalid input, 401, 403 and 404 on real routes', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/_probe', payload: { name: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_input', errors: { name: ['Name is required.'] } });
    const anonymous = await get('/api/admin/users/');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { username: 'nobody-at-all', password: 'wrong-password-1' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ code: 'invalid_credentials' });
    const unknown = await get('/api/no-such-route/');
    expect(unknown.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    const tutor = await get('/api/tutors/public/999999/');
    expect(tutor.statusCode).toBe(404);
    expect(tutor.json()).toEqual({ detail: 'Tutor not found.', code: 'tutor_not_found' });
  });
});

/** Issue 29 item 1: a dependency's failure answers 503 with a clear message, never 500. */
describe('a lost database or a full disk answers 503', () => {
  let t: TestApp;
  const wrapped = (cause: unknown) =>
    new Error('Failed query: insert into "contacts" …\nparams: a@b.c', { cause });
  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      app.get('/api/_terminated', async () => {
        // What node-postgres answers a query on a connection the server ended.
        throw wrapped(
          Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
        );
      });
      app.get('/api/_connection_ended', async () => {
        throw wrapped(new Error('Connection terminated unexpectedly'));
      });
      app.get('/api/_refused', async () => {
        throw new AggregateError(
          [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
          'connect failed',
        );
      });
      app.get('/api/_cannot_connect_now', async () => {
        throw wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' }));
      });
      app.get('/api/_db_disk_full', async () => {
        throw wrapped(Object.assign(new Error('could not extend file'), { code: '53100' }));
      });
      app.get('/api/_file_disk_full', async () => {
        // A real ENOSPC from a file write: /dev/full answers every write with it.
        const { writeFile } = await import('node:fs/promises');
        await writeFile('/dev/full', 'x'.repeat(10_000));
        return { written: true };
      });
      app.get('/api/_not_connection', async () => {
        throw wrapped(Object.assign(new Error('division by zero'), { code: '22012' }));
      });
    });
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers a lost or refused database connection with 503 database_unavailable', async () => {
    for (const url of [
      '/api/_terminated',
      '/api/_connection_ended',
      '/api/_refused',
      '/api/_cannot_connect_now',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toEqual({
        detail: httpMessages.databaseUnavailable,
        code: 'database_unavailable',
      });
      expect(res.headers['retry-after'], url).toBe('5');
      expect(res.body).not.toContain('a@b.c');
    }
  });

  it('answers a full disk, the database’s or a file’s, with 503 disk_full', async () => {
    for (const url of ['/api/_db_disk_full', '/api/_file_disk_full']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toEqual({ detail: httpMessages.diskFull, code: 'disk_full' });
    }
  });

  it('keeps 500 for any other database error', async () => {
    const res = await get('/api/_not_connection');
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('internal_error');
  });
});
