import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bearer } from '../../catalog/test/fixtures.ts';
import { insertReservation, insertTutorRow } from './test/fixtures.repository.ts';

const day = 86_400_000;

describe('admin reservations: list with filters and paging, and one reservation in full', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let tutorA: number;
  let tutorB: number;
  let full: { id: string; sessionIds: string[] };
  // Sessions at 13:00 UTC = 16:00 EAT, 10 and 40 days ahead.
  const base = new Date(Date.UTC(2030, 0, 7, 13, 0));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await bearer(t.config.jwtSecret, 'staff', t.app.db);
    tutorA = await insertTutorRow(t.app.db, 'Abebe Tutor');
    tutorB = await insertTutorRow(t.app.db, 'Birtukan Tutor');
    full = await insertReservation(t.app.db, {
      tutorId: tutorA,
      family: 'Almaz Desta',
      email: 'Almaz@Example.com',
      student: 'Kidus Desta',
      starts: [base, new Date(base.getTime() + 7 * day)],
      withPayment: true,
      credit: 1500,
    });
    await insertReservation(t.app.db, {
      tutorId: tutorB,
      family: 'Tsion Bekele',
      student: 'Nahom Bekele',
      status: 'cancelled',
      starts: [new Date(base.getTime() + 30 * day)],
    });
    for (let i = 0; i < 3; i += 1) {
      await insertReservation(t.app.db, {
        tutorId: tutorB,
        family: `Family ${i}`,
        student: `Student ${i}`,
        starts: [new Date(base.getTime() + (60 + i) * day)],
      });
    }
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: admin });
    return { status: res.statusCode, body: res.json() };
  };
  const names = (body: { results: { family_name: string }[] }) => body.results.map((r) => r.family_name);

  it('filters by status, tutor, family or student search and a date range of the sessions', async () => {
    expect(names((await get('/api/admin/reservations/?status=cancelled')).body)).toEqual(['Tsion Bekele']);
    expect(names((await get(`/api/admin/reservations/?tutor_id=${tutorA}`)).body)).toEqual(['Almaz Desta']);
    expect(names((await get('/api/admin/reservations/?q=almaz')).body)).toEqual(['Almaz Desta']);
    expect(names((await get('/api/admin/reservations/?q=nahom')).body)).toEqual(['Tsion Bekele']);
    expect(names((await get('/api/admin/reservations/?q=example.com&tutor_id=' + tutorA)).body)).toEqual([
      'Almaz Desta',
    ]);
    // The second session (2030-01-14, EAT) is in the range; the reservation is listed once.
    const ranged = (await get('/api/admin/reservations/?from=2030-01-14&to=2030-01-14')).body;
    expect(names(ranged)).toEqual(['Almaz Desta']);
    expect(ranged.count).toBe(1);
    expect(names((await get('/api/admin/reservations/?from=2030-01-15&to=2030-01-20')).body)).toEqual([]);
  });

  it('pages with a total count', async () => {
    const first = (await get('/api/admin/reservations/?page=1&page_size=2')).body;
    expect(first.count).toBe(5);
    expect(first.results).toHaveLength(2);
    const third = (await get('/api/admin/reservations/?page=3&page_size=2')).body;
    expect(third.results).toHaveLength(1);
    const beyond = (await get('/api/admin/reservations/?page=9&page_size=2')).body;
    expect(beyond).toEqual({ count: 5, results: [] });
  });

  it('answers bad filters with 400 and field messages', async () => {
    for (const query of [
      'status=paid',
      'tutor_id=abc',
      'from=2030-1-1',
      'from=2030-02-01&to=2030-01-01',
      'page=0',
      'page_size=1000',
      'q=' + 'x'.repeat(101),
    ]) {
      const res = await get(`/api/admin/reservations/?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.detail).toBeTruthy();
    }
  });

  it('shows one reservation: family, student, sessions, payments, credit and history', async () => {
    const { status, body } = await get(`/api/admin/reservations/${full.id}/`);
    expect(status).toBe(200);
    expect(body.family).toMatchObject({
      name: 'Almaz Desta',
      email: 'Almaz@Example.com',
      credit_balance_cents: 1500,
    });
    expect(body.student).toMatchObject({ name: 'Kidus Desta', grade: '7' });
    expect(body.reservation).toMatchObject({ tutor_name: 'Abebe Tutor', status: 'confirmed', amount: 40 });
    expect(
      body.sessions.map((s: { date: string; time: string; status: string }) => [s.date, s.time, s.status]),
    ).toEqual([
      ['2030-01-07', '16:00', 'scheduled'],
      ['2030-01-14', '16:00', 'scheduled'],
    ]);
    expect(body.payments).toHaveLength(1);
    expect(body.payments[0]).toMatchObject({ provider: 'demo', status: 'paid', amount: 40 });
    expect(body.history.map((h: { action: string }) => h.action)).toEqual(['confirmed']);
  });

  it('answers 404 for an unknown or malformed id, and guards the role', async () => {
    expect((await get('/api/admin/reservations/00000000-0000-4000-8000-000000000000/')).status).toBe(404);
    expect((await get('/api/admin/reservations/not-a-uuid/')).status).toBe(404);
    const anon = await t.app.inject({ method: 'GET', url: '/api/admin/reservations/' });
    expect(anon.statusCode).toBe(401);
    for (const role of ['tutor', 'student'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/reservations/${full.id}/`,
        headers: await bearer(t.config.jwtSecret, role, t.app.db),
      });
      expect(res.statusCode).toBe(403);
    }
  });
});
