import { reservationApiMessages as api } from '@tibeb/domain/bookings/api-messages';
import { describe, expect, it } from 'vitest';
import { availableForTutorJson } from './availability.service.ts';
import { createSubject, createTutor } from './test-fixtures.repository.ts';
import { bookingPayload, bookingTestApp, MON } from './test/booking-app.ts';

const { t, book, get } = bookingTestApp();

describe('GET /api/reservations/available/', () => {
  it("lists every date of the month with the tutor's free start times", async () => {
    const tutor = await createTutor(t.app.db);
    const res = await get(
      `/api/reservations/available/?tutor_id=${tutor.id}&year=2031&month=3&duration_minutes=60&_ts=1`,
    );
    expect(res.statusCode).toBe(200);
    const { available } = res.json() as { available: Record<string, string[]> };
    expect(Object.keys(available)).toHaveLength(31);
    expect(Object.keys(available)[0]).toBe('2031-03-01');
    // Windows 09:00–12:00 and 14:00–18:00: a 60-minute slot must end by the window's end.
    expect(available[MON]).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
    ]);
    const long = await get(
      `/api/reservations/available/?tutor_id=${tutor.id}&year=2031&month=3&duration_minutes=180`,
    );
    expect(long.json().available[MON]).toEqual(['09:00', '14:00', '14:30', '15:00']);
  });

  it('answers empty lists for days without windows and for the past with only_future=1', async () => {
    const tutor = await createTutor(t.app.db, { windows: { mon: [{ start: '09:00', end: '10:00' }] } });
    const res = await get(`/api/reservations/available/?tutor_id=${tutor.id}&year=2031&month=3`);
    expect(res.json().available['2031-03-04']).toEqual([]);
    expect(res.json().available[MON]).toEqual(['09:00']);
    const past = await get(
      `/api/reservations/available/?tutor_id=${tutor.id}&year=2020&month=3&only_future=1`,
    );
    expect(Object.values(past.json().available as Record<string, string[]>).flat()).toEqual([]);
  });

  it('removes the slots a new booking takes, at once (the cache is invalidated by the write)', async () => {
    const tutor = await createTutor(t.app.db);
    const url = `/api/reservations/available/?tutor_id=${tutor.id}&year=2031&month=3&duration_minutes=60`;
    expect((await get(url)).json().available[MON]).toContain('10:00');
    expect((await book(bookingPayload(tutor.id))).statusCode).toBe(201);
    const after = (await get(url)).json().available as Record<string, string[]>;
    // 10:00–11:00 is held: 09:30 and 10:30 overlap it too; 09:00 and 11:00 only touch it.
    expect(after[MON]).toEqual(expect.arrayContaining(['09:00', '11:00']));
    expect(after[MON]).not.toEqual(expect.arrayContaining(['09:30']));
    expect(after[MON]!.filter((s) => ['09:30', '10:00', '10:30'].includes(s))).toEqual([]);
    expect(after['2031-03-24']).not.toContain('10:00');
    expect(after['2031-03-31']).toContain('10:00'); // a fifth Monday is not part of the 4-week plan
  });

  it('reopens a held slot when its hold lapses, without any write (the remembered answer expires with it)', async () => {
    const tutor = await createTutor(t.app.db);
    const created = (await book(bookingPayload(tutor.id))).json();
    const q = { year: 2031, month: 3, durationMinutes: 60, onlyFuture: true };
    const during = JSON.parse(await availableForTutorJson(t.app.db, tutor.id, q));
    expect(during.available[MON]).not.toContain('10:00');
    const later = new Date(new Date(created.hold_expires_at).getTime() + 1000);
    const after = JSON.parse(await availableForTutorJson(t.app.db, tutor.id, q, { now: later }));
    expect(after.available[MON]).toContain('10:00');
  });

  it('answers JSON', async () => {
    const tutor = await createTutor(t.app.db);
    const res = await get(`/api/reservations/available/?tutor_id=${tutor.id}&year=2031&month=3`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers 404 for an unknown or unpublished tutor', async () => {
    const res = await get('/api/reservations/available/?tutor_id=999999&year=2031&month=3');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Tutor not found.', code: 'tutor_not_found' });
    const hidden = await createTutor(t.app.db, { isPublished: false });
    expect(
      (await get(`/api/reservations/available/?tutor_id=${hidden.id}&year=2031&month=3`)).statusCode,
    ).toBe(404);
  });

  it.each([
    ['tutor_id=abc&year=2031&month=3', api.invalidTutorId],
    ['tutor_id=0&year=2031&month=3', api.invalidTutorId],
    ['tutor_id=1&year=1999&month=3', api.invalidYear],
    ['tutor_id=1&year=2031&month=13', api.invalidMonth],
    ['tutor_id=1&year=2031&month=0', api.invalidMonth],
    ['tutor_id=1&year=2031&month=3&duration_minutes=45', api.invalidDurationMinutes],
    ['tutor_id=1&year=2031&month=3&duration_minutes=510', api.invalidDurationMinutes],
    ['year=2031&month=3', api.invalidTutorId],
  ])('answers 400 with a clear message for %s', async (query, message) => {
    const res = await get(`/api/reservations/available/?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(message);
  });
});

describe('GET /api/reservations/available-by-subject/', () => {
  it("is the union of the subject's published tutors' free slots, by slug or id", async () => {
    const subject = await createSubject(t.app.db);
    await createTutor(t.app.db, {
      subjectId: subject.id,
      windows: { mon: [{ start: '09:00', end: '10:00' }] },
    });
    await createTutor(t.app.db, {
      subjectId: subject.id,
      windows: {
        mon: [
          { start: '09:00', end: '09:30' },
          { start: '15:00', end: '16:00' },
        ],
      },
    });
    await createTutor(t.app.db, {
      subjectId: subject.id,
      isPublished: false,
      windows: { mon: [{ start: '20:00', end: '21:00' }] },
    });
    const res = await get(
      `/api/reservations/available-by-subject/?subject=${subject.slug}&year=2031&month=3&duration_minutes=30&only_future=1`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().available[MON]).toEqual(['09:00', '09:30', '15:00', '15:30']);
    expect(Object.keys(res.json().available)).toHaveLength(31);
    const byId = await get(
      `/api/reservations/available-by-subject/?subject=${subject.id}&year=2031&month=3&duration_minutes=30`,
    );
    expect(byId.json().available[MON]).toEqual(['09:00', '09:30', '15:00', '15:30']);
  });

  it('answers 404 for an unknown subject and 400 without one', async () => {
    const res = await get('/api/reservations/available-by-subject/?subject=astrology&year=2031&month=3');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(api.subjectNotFound);
    const none = await get('/api/reservations/available-by-subject/?year=2031&month=3');
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toContain(api.subjectQueryRequired);
  });
});

describe('GET /api/reservations/booked/', () => {
  it('maps each date to its booked slots in the tutor wall-clock time', async () => {
    const tutor = await createTutor(t.app.db);
    expect((await get(`/api/reservations/booked/?tutor_id=${tutor.id}&year=2031&month=3`)).json()).toEqual({
      booked: {},
    });
    expect((await book(bookingPayload(tutor.id, { duration_hours: 1.5 }))).statusCode).toBe(201);
    const res = await get(
      `/api/reservations/booked/?tutor_id=${tutor.id}&year=2031&month=3&only_future=1&timestamp=1`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      booked: Object.fromEntries(
        ['2031-03-03', '2031-03-10', '2031-03-17', '2031-03-24'].map((d) => [
          d,
          [{ start: '10:00', duration_minutes: 90 }],
        ]),
      ),
    });
  });

  it('validates its query', async () => {
    const res = await get('/api/reservations/booked/?tutor_id=1&year=2031&month=14');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(api.invalidMonth);
  });
});
