import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { adminAuth } from '../../modules/reporting/reports.fixtures.ts';
import { undeclaredAnswer } from './openapi-answers.ts';
import { errorResponseSchema, errorResponses, textAnswer } from './schemas.ts';

/** Issue 31 item 9 (decision 264): every answer is declared in the OpenAPI document, with its real content type. */
describe('answers against the OpenAPI document', () => {
  it('names the route and status an answer is missing, and a content type that is not the declared one', () => {
    const schema = { response: { 200: textAnswer('text/csv', 'CSV'), ...errorResponses(400, 401) } };
    const seen = (status: number, contentType: string) => ({
      method: 'GET',
      route: '/api/x/',
      status,
      contentType,
    });
    expect(undeclaredAnswer(schema, seen(200, 'text/csv; charset=utf-8'))).toBeNull();
    expect(undeclaredAnswer(schema, seen(401, 'application/json; charset=utf-8'))).toBeNull();
    expect(undeclaredAnswer(schema, seen(404, 'application/json'))).toBe(
      'GET /api/x/ answered 404 (application/json), which its schema.response does not declare: add 404 (spread errorResponses(404))',
    );
    expect(undeclaredAnswer({ response: { 200: errorResponseSchema } }, seen(200, 'text/html'))).toBe(
      "GET /api/x/ answered 200 as text/html, but declares application/json: use textAnswer('text/html', …)",
    );
    expect(undeclaredAnswer(schema, seen(400, 'text/csv'))).toContain('declares application/json');
    // Hidden routes (the web app's pages) are not in the document.
    expect(undeclaredAnswer({ hide: true } as never, seen(500, 'text/html'))).toBeNull();
    expect(Object.keys(errorResponses())).toEqual(['400', '401', '403', '404', '409', '429']);
  });

  describe('the routes that answer CSV, HTML, iCalendar, XML or text', () => {
    let t: TestApp;
    let admin: Record<string, string>;
    beforeAll(async () => {
      t = await createTestApp();
      admin = (await adminAuth(t.database.db, t.config.jwtSecret)).headers;
    });
    afterAll(() => t.close());

    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });

    it('declare each answer they give, with its content type, in the document', async () => {
      const answers = [
        [await get('/robots.txt'), 200, 'text/plain'],
        [await get('/sitemap.xml'), 200, 'application/xml'],
        [await get('/api/newsletter/unsubscribe/?token=nope'), 404, 'text/html'],
        [await get(`/api/newsletter/unsubscribe/?token=${'x'.repeat(300)}`), 400, 'application/json'],
        [await get('/api/reminders/opt-out/?token=nope'), 404, 'text/html'],
        [await get('/api/calendar/nope.ics'), 404, 'application/json'],
        [await get('/api/admin/payments/ledger/export/', admin), 200, 'text/csv'],
        [await get('/api/admin/payments/ledger/export/?currency=dollars', admin), 400, 'application/json'],
        [await get('/api/admin/payments/ledger/export/'), 401, 'application/json'],
        [await get('/api/admin/reports/export/?table=revenue', admin), 200, 'text/csv'],
        [await get('/api/admin/ledger/export/', admin), 200, 'text/csv'],
      ] as const;
      for (const [res, status, type] of answers) {
        expect(res.statusCode, res.raw.req.url).toBe(status);
        expect(String(res.headers['content-type']), res.raw.req.url).toContain(type);
      }
      expect(t.undeclaredAnswers()).toEqual([]);

      const doc = (await get('/api/docs/json')).json();
      const content = (path: string, status: string, method = 'get') =>
        Object.keys(doc.paths[path][method].responses[status].content ?? {});
      expect(content('/api/admin/payments/ledger/export/', '200')).toEqual(['text/csv']);
      expect(content('/api/admin/payments/ledger/export/', '401')).toEqual(['application/json']);
      expect(content('/robots.txt', '200')).toEqual(['text/plain']);
      // A malformed request is answered 400 by any route: declared for every documented one.
      expect(content('/robots.txt', '400')).toEqual(['application/json']);
      expect(content('/api/calendar/{token}.ics', '200')).toEqual(['text/calendar']);
      expect(content('/api/newsletter/unsubscribe/', '404')).toEqual(['text/html']);
      expect(content('/api/reminders/twilio/inbound/', '200', 'post')).toEqual(['text/xml']);
    });
  });
});
