import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, type Role } from '@tibeb/domain/accounts/roles';
import { signAccessToken } from '../platform/auth/tokens.ts';
import { createUser } from '../modules/accounts/accounts.test-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';

type Operation = { parameters?: { in: string; name: string; schema?: { type?: string; format?: string } }[] };
type Route = { method: string; url: string; path: string };

const areaRoles: Record<string, readonly Role[]> = {
  admin: ['admin', 'staff', 'superuser'],
  tutor: ['tutor'],
  student: ['student'],
};

/** A syntactically valid value for a path parameter, so that the check is about access, not about input. */
function sampleParam(schema: { type?: string; format?: string } | undefined): string {
  if (schema?.type === 'integer' || schema?.type === 'number') return '1';
  if (schema?.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  return 'sample';
}

/**
 * The route × role matrix (spec §6): every route any module registers under /api/admin, /api/tutor or
 * /api/student, read from the OpenAPI document, answers 401 without a valid token and 403 for every other role.
 */
describe('route × role matrix', () => {
  let t: TestApp;
  let routes: Route[] = [];
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    routes = Object.entries(doc.paths)
      .filter(([path]) => /^\/api\/(admin|tutor|student)(\/|$)/.test(path))
      .flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map(([method, op]) => {
            let url = path;
            for (const p of op.parameters ?? []) {
              if (p.in === 'path') url = url.replace(`{${p.name}}`, sampleParam(p.schema));
            }
            return { method: method.toUpperCase(), url: url.replace(/\{[^}]+\}/g, 'sample'), path };
          }),
      );
    for (const role of roles) {
      // A real, active account of each role: a token of no account is refused (issue 12).
      const user = await createUser(t.app, role);
      tokens[role] = await signAccessToken(
        { sub: user.id, role, username: user.username },
        t.config.jwtSecret,
      );
    }
  });
  afterAll(() => t.close());

  const send = (route: Route, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: route.method as 'GET',
      url: route.url,
      headers,
      ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
    });

  it('finds the protected routes of every area', () => {
    const has = (method: string, path: string) => routes.some((r) => r.method === method && r.path === path);
    expect(has('GET', '/api/admin/users/')).toBe(true);
    expect(has('DELETE', '/api/admin/users/{id}/')).toBe(true);
    expect(has('GET', '/api/admin/dashboard/')).toBe(true);
    // Routes nothing called are gone (issue 26): the old area dashboards and reads, unused admin reads.
    for (const [method, path] of [
      ['GET', '/api/tutor/dashboard/'],
      ['GET', '/api/tutor/schedule/'],
      ['GET', '/api/student/dashboard/'],
      ['GET', '/api/student/tutors/'],
      ['GET', '/api/student/progress/'],
      ['GET', '/api/tutor/sessions/{sessionId}/room/'],
      ['GET', '/api/student/sessions/{sessionId}/room/'],
      ['GET', '/api/admin/offers/{id}/'],
      ['PUT', '/api/admin/offers/{id}/'],
      ['POST', '/api/admin/subjects/'],
      ['GET', '/api/admin/subjects/{id}/'],
      ['POST', '/api/student/settings/password/'],
    ] as const) {
      expect(has(method, path), `${method} ${path}`).toBe(false);
    }
    // The admin back office (issue 13): reports, payments list, audit trail, offers order, blog cover upload.
    for (const [method, path] of [
      ['GET', '/api/admin/reports/'],
      ['GET', '/api/admin/reports/export/'],
      ['GET', '/api/admin/payments/ledger/'],
      ['GET', '/api/admin/payments/ledger/export/'],
      ['GET', '/api/admin/payments/refunds/'],
      ['POST', '/api/admin/payments/refunds/{id}/retry/'],
      ['GET', '/api/admin/audit/'],
      ['PUT', '/api/admin/offers/order/'],
      ['POST', '/api/admin/blog/uploads/'],
      // The ledger and the money report (issue 27).
      ['GET', '/api/admin/ledger/'],
      ['GET', '/api/admin/ledger/export/'],
      ['GET', '/api/admin/reports/money/'],
    ] as const) {
      expect(has(method, path), `${method} ${path}`).toBe(true);
    }
    // Tutor profiles (admin and tutor area): the same service, each route guarded.
    for (const [method, path] of [
      ['GET', '/api/admin/tutors/{id}/time-off/'],
      ['POST', '/api/admin/tutors/{id}/time-off/'],
      ['DELETE', '/api/admin/tutors/{id}/time-off/{timeOffId}/'],
      ['POST', '/api/admin/tutors/{id}/photo/'],
      ['PUT', '/api/admin/tutors/{id}/availability/'],
      ['GET', '/api/tutor/profile/'],
      ['PUT', '/api/tutor/profile/'],
      ['POST', '/api/tutor/profile/photo/'],
      ['GET', '/api/tutor/availability/'],
      ['PUT', '/api/tutor/availability/'],
      ['GET', '/api/tutor/time-off/'],
      ['POST', '/api/tutor/time-off/'],
      ['DELETE', '/api/tutor/time-off/{timeOffId}/'],
      ['GET', '/api/admin/reservations/'],
      ['GET', '/api/admin/reservations/{id}/'],
      // Messages (tutor and student areas), live stream included.
      ['GET', '/api/tutor/messages/'],
      ['POST', '/api/tutor/messages/'],
      ['GET', '/api/tutor/messages/unread/'],
      ['GET', '/api/tutor/messages/stream/'],
      ['GET', '/api/tutor/messages/{conversationId}/'],
      ['POST', '/api/tutor/messages/{conversationId}/'],
      ['POST', '/api/tutor/messages/{conversationId}/read/'],
      ['GET', '/api/student/messages/'],
      ['GET', '/api/student/messages/stream/'],
      ['POST', '/api/student/messages/{conversationId}/'],
      // Calendar feed addresses (the feed itself is public, keyed by its secret token).
      ['GET', '/api/tutor/calendar-token/'],
      ['POST', '/api/tutor/calendar-token/'],
      ['DELETE', '/api/tutor/calendar-token/'],
      ['POST', '/api/student/calendar-token/'],
      ['DELETE', '/api/student/calendar-token/'],
      // The tutor's week.
      ['GET', '/api/tutor/overview/'],
      ['GET', '/api/tutor/sessions/'],
      ['GET', '/api/tutor/students/'],
      // The family area (issue 15): overview, credit, payments and receipts, progress, settings, reviews.
      ['GET', '/api/student/overview/'],
      ['GET', '/api/student/credit/'],
      ['GET', '/api/student/payments/'],
      ['GET', '/api/student/payments/{id}/receipt/'],
      ['GET', '/api/student/progress-by-student/'],
      ['GET', '/api/student/settings/'],
      ['PUT', '/api/student/settings/'],
      ['GET', '/api/student/booking-details/'],
      ['GET', '/api/student/renewals/'],
      ['POST', '/api/student/renewals/{id}/'],
      ['GET', '/api/student/my-tutors/'],
      ['PUT', '/api/student/tutors/{id}/review/'],
      // Applying to teach: the applicant's application and private documents, the admin's vetting (issue 27).
      ['GET', '/api/tutor/application/'],
      ['PUT', '/api/tutor/application/'],
      ['POST', '/api/tutor/application/documents/'],
      ['DELETE', '/api/tutor/application/documents/{documentId}/'],
      ['GET', '/api/tutor/application/documents/{documentId}/file/'],
      ['GET', '/api/admin/tutor-applications/'],
      ['GET', '/api/admin/tutor-applications/{id}/'],
      ['GET', '/api/admin/tutor-applications/{id}/documents/{documentId}/file/'],
      ['POST', '/api/admin/tutor-applications/{id}/decision/'],
    ] as const) {
      expect(has(method, path), `${method} ${path}`).toBe(true);
    }
  });

  it('answers 401 without a token, with a forged token and with a token signed by another secret', async () => {
    const foreign = await signAccessToken(
      { sub: randomUUID(), role: 'admin', username: 'mallory' },
      'another-secret-another-secret-another-secret',
    );
    for (const route of routes) {
      const label = `${route.method} ${route.path}`;
      expect((await send(route)).statusCode, `${label} without a token`).toBe(401);
      expect((await send(route, { authorization: 'Bearer not.a.jwt' })).statusCode, `${label} forged`).toBe(
        401,
      );
      expect((await send(route, { authorization: `Bearer ${foreign}` })).statusCode, `${label} foreign`).toBe(
        401,
      );
    }
  });

  it('answers 401 to a visitor on the booking lifecycle routes (who may act is checked per reservation)', async () => {
    for (const action of ['cancel', 'reschedule', 'attendance']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/sessions/${randomUUID()}/${action}/`,
        payload: {},
      });
      expect(res.statusCode, action).toBe(401);
    }
  });

  it('answers 403 for every role outside the area, and lets the area’s roles through', async () => {
    for (const route of routes) {
      const area = /^\/api\/(admin|tutor|student)/.exec(route.path)![1]!;
      for (const role of roles) {
        // An area's own role opens a live stream that never ends: its access is what the other roles test.
        if (route.path.endsWith('/stream/') && areaRoles[area]!.includes(role)) continue;
        const res = await send(route, { authorization: `Bearer ${tokens[role]}` });
        const label = `${route.method} ${route.path} as ${role}`;
        if (areaRoles[area]!.includes(role)) expect([401, 403], label).not.toContain(res.statusCode);
        else expect(res.statusCode, label).toBe(403);
      }
    }
  });
});
