import { reservationApiMessages as api } from '@tibeb/domain/bookings/api-messages';
import { bookingMessages } from '@tibeb/domain/bookings/messages';
import { describe, expect, it } from 'vitest';
import { createSubject, createTutor } from './test-fixtures.repository.ts';
import { bookingPayload, bookingTestApp } from './test/booking-app.ts';

/**
 * Book by subject with one tutor (issue 32 item 2, decision 249): Saturday 08:00 is one tutor's, Tuesday 16:00
 * another's; the pair is never offered, and the preview and the booking say which time went.
 */
const { t, book, get } = bookingTestApp();

const SAT = '2031-03-08';
const TUE = '2031-03-11';

/** A subject whose best tutor teaches Sat 08:00 and Tue 10:00, and whose second teaches Sat 10:00 and Tue 16:00. */
async function twoTutors() {
  const subject = await createSubject(t.app.db);
  const a = await createTutor(t.app.db, {
    subjectId: subject.id,
    rating: 5,
    windows: { sat: [{ start: '08:00', end: '09:00' }], tue: [{ start: '10:00', end: '11:00' }] },
  });
  const b = await createTutor(t.app.db, {
    subjectId: subject.id,
    rating: 4,
    windows: { sat: [{ start: '10:00', end: '11:00' }], tue: [{ start: '16:00', end: '17:00' }] },
  });
  return { subject, a, b };
}

const monthUrl = (slug: string, extra = '') =>
  `/api/reservations/available-by-subject/?subject=${slug}&year=2031&month=3&duration_minutes=60&only_future=1${extra}`;

const twoDays = (slug: string, sat: string, tue: string) =>
  bookingPayload(null, {
    subject: slug,
    date: SAT,
    time: sat,
    days: ['sat', 'tue'],
    days_times: { sat, tue },
  });

const preview = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/reservations/preview/', payload: body as object });

describe('available-by-subject with the times chosen so far', () => {
  it('offers the other days only the times one tutor can teach with them, and says who', async () => {
    const { subject, a, b } = await twoTutors();
    // Without a plan: the spec's union, unchanged.
    const month = await get(monthUrl(subject.slug));
    expect(month.statusCode).toBe(200);
    expect(month.json().plan).toBeUndefined();
    expect(month.json().available[SAT]).toEqual(['08:00', '10:00']);
    expect(month.json().available['2031-03-04']).toEqual(['10:00', '16:00']);

    const withSat = await get(monthUrl(subject.slug, `&date=${SAT}&days_times=sat:08:00`));
    expect(withSat.statusCode).toBe(200);
    const plan = withSat.json().plan;
    expect(plan.tutor).toEqual({ id: a.id, full_name: a.fullName });
    expect(plan.times.tue).toEqual([{ time: '10:00', tutor: { id: a.id, full_name: a.fullName } }]);
    expect(plan.times.sat.map((x: { time: string }) => x.time)).toEqual(['08:00', '10:00']);

    // A pair no one tutor teaches: no tutor for it; Saturday then offers only the other tutor's time.
    const pair = (await get(monthUrl(subject.slug, `&date=${SAT}&days_times=sat:08:00,tue:16:00`))).json()
      .plan;
    expect(pair.tutor).toBeNull();
    expect(pair.times.sat).toEqual([{ time: '10:00', tutor: { id: b.id, full_name: b.fullName } }]);
    expect(pair.times.tue).toEqual([{ time: '10:00', tutor: { id: a.id, full_name: a.fullName } }]);
  });

  it('leaves out a time its tutor is busy at in a later week of the plan', async () => {
    const { subject, b } = await twoTutors();
    const url = monthUrl(subject.slug, `&date=${SAT}&days_times=sat:10:00`);
    expect((await get(url)).json().plan.times.tue.map((x: { time: string }) => x.time)).toEqual(['16:00']);
    // The second tutor is booked on Tuesdays at 16:00 from week 2 on.
    expect((await book(bookingPayload(b.id, { date: '2031-03-18', time: '16:00' }))).statusCode).toBe(201);
    expect((await get(url)).json().plan.times.tue).toEqual([]);
  });

  it('answers 400 for a plan without the first date or its time', async () => {
    const { subject } = await twoTutors();
    for (const extra of [
      `&date=${SAT}`,
      '&days_times=sat:08:00',
      `&date=${SAT}&days_times=tue:10:00`,
      `&date=${SAT}&days_times=sat:8`,
      `&date=${SAT}&days_times=xyz:08:00`,
      '&date=2031-02-30&days_times=sat:08:00',
    ]) {
      const res = await get(monthUrl(subject.slug, extra));
      expect(res.statusCode, extra).toBe(400);
    }
  });
});

describe('booking by subject with two days', () => {
  it('names the day and time no tutor is free at, in the preview and the booking', async () => {
    const { subject } = await twoTutors();
    const body = twoDays(subject.slug, '08:00', '16:00');
    const words = api.tutorNoLongerFree('Tuesday', '16:00');
    expect(words).toBe('This tutor is no longer free on Tuesday at 16:00. Please pick another time.');
    for (const res of [await preview(body), await book(body)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        detail: words,
        code: 'tutor_no_longer_free',
        params: { day: 'Tuesday', time: '16:00' },
      });
    }
  });

  it('assigns the tutor free at every chosen time, and the preview says who', async () => {
    const { subject, a, b } = await twoTutors();
    const res = await preview(twoDays(subject.slug, '10:00', '16:00'));
    expect(res.statusCode).toBe(200);
    expect(res.json().tutor).toEqual({ id: b.id, full_name: b.fullName });
    expect(res.json().sessions.filter((s: { status: string }) => s.status === 'planned')).toHaveLength(8);
    const booked = await book(twoDays(subject.slug, '08:00', '10:00'));
    expect(booked.statusCode).toBe(201);
    expect(booked.json().tutor.id).toBe(a.id);
    // Taken since, from the first session on: the spec's sentence.
    const again = await preview(twoDays(subject.slug, '08:00', '10:00'));
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(bookingMessages.slotTaken);
  });

  it('a tutor whose second day is taken in the first week is not assigned: the answer names that day', async () => {
    const { subject, b } = await twoTutors();
    expect((await book(bookingPayload(b.id, { date: TUE, time: '16:00' }))).statusCode).toBe(201);
    const res = await book(twoDays(subject.slug, '10:00', '16:00'));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(api.tutorNoLongerFree('Tuesday', '16:00'));
  });
});
