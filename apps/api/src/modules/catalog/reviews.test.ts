import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyTutor, TutorReviews } from '@tibeb/domain/reviews/contracts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  createTutorWithAccount,
  createUser,
  linkFamily,
  mondayAhead,
  paidBooking,
  setSessionStart,
} from '../bookings/lifecycle/test/fixtures.ts';
import { authorName } from './reviews.service.ts';

/** Reviews (issue 15 item 4): eligibility, one per family and tutor, and the directory's arithmetic. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let week = 3;
async function bookedFamily(tutor: Awaited<ReturnType<typeof createTutorWithAccount>>, completed: boolean) {
  const family = await createUser(t.app.db, t.config.jwtSecret, 'student', {
    email: `family-${randomUUID().slice(0, 8)}@example.com`,
  });
  const summary = await paidBooking(t.app, {
    tutorId: tutor.id,
    familyEmail: family.email,
    date: mondayAhead((week += 4)),
  });
  await linkFamily(t.app.db, summary.id, family.id);
  if (completed) {
    const id = summary.sessions[0]!.id;
    await setSessionStart(t.app.db, id, new Date(Date.now() - week * 24 * 3_600_000));
    const mark = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/sessions/${id}/attendance/`,
      headers: tutor.account.headers,
      payload: { status: 'attended' },
    });
    expect(mark.statusCode).toBe(200);
  }
  return family;
}

const review = (tutorId: number, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/student/tutors/${tutorId}/review/`, headers, payload });
const directoryCard = async (tutorId: number) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/tutors/public/' });
  const list = res.json() as { id: number; average_rating: number; total_reviews: number }[];
  return list.find((x) => x.id === tutorId)!;
};

describe('reviews', () => {
  it('signs a review with the first name and the last initial', () => {
    expect(authorName('Almaz Bekele Tesfaye')).toBe('Almaz T.');
    expect(authorName('Almaz')).toBe('Almaz');
    expect(authorName('  ')).toBe('A family');
  });

  it('only after a completed session with that tutor: before, 403 and the tutor is listed as not reviewable', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const family = await bookedFamily(tutor, false);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/student/my-tutors/', headers: family.headers })
    ).json() as FamilyTutor[];
    expect(mine).toEqual([
      expect.objectContaining({ tutor_id: tutor.id, can_review: false, upcoming_sessions: 4, review: null }),
    ]);
    const res = await review(tutor.id, family.headers, { rating: 5, comment: 'Great' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      detail: 'You can review a tutor once a session with them is completed.',
    });
    // A family that never booked this tutor cannot either.
    const stranger = await createUser(t.app.db, t.config.jwtSecret, 'student');
    expect((await review(tutor.id, stranger.headers, { rating: 5 })).statusCode).toBe(403);
    expect((await review(999_999, family.headers, { rating: 5 })).statusCode).toBe(404);
  });

  it('one review per family, editable; the directory’s mean and count follow at once', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const a = await bookedFamily(tutor, true);
    const b = await bookedFamily(tutor, true);
    expect(await directoryCard(tutor.id)).toMatchObject({ average_rating: 0, total_reviews: 0 });

    expect((await review(tutor.id, a.headers, { rating: 5, comment: 'Patient and clear.' })).statusCode).toBe(
      200,
    );
    expect((await review(tutor.id, b.headers, { rating: 4, comment: 'Good lessons.' })).statusCode).toBe(200);
    expect(await directoryCard(tutor.id)).toMatchObject({ average_rating: 4.5, total_reviews: 2 });

    // Family A edits its review: still two reviews, (2 + 4) / 2 = 3.
    const edit = await review(tutor.id, a.headers, { rating: 2, comment: 'Often late.' });
    expect(edit.statusCode).toBe(200);
    expect(await directoryCard(tutor.id)).toMatchObject({ average_rating: 3, total_reviews: 2 });

    const pub = await t.app.inject({ method: 'GET', url: `/api/tutors/public/${tutor.id}/reviews/` });
    expect(pub.statusCode).toBe(200);
    const body = pub.json() as TutorReviews;
    expect(body).toMatchObject({ average_rating: 3, total_reviews: 2 });
    // Latest first: the edit moved A's review to the top.
    expect(body.reviews.map((r) => [r.rating, r.comment])).toEqual([
      [2, 'Often late.'],
      [4, 'Good lessons.'],
    ]);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/student/my-tutors/', headers: a.headers })
    ).json() as FamilyTutor[];
    expect(mine[0]).toMatchObject({ can_review: true, completed_sessions: 1, review: { rating: 2 } });
  });

  it('public pages come from memory with an ETag (304 when unchanged), and a new review shows at once', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const family = await bookedFamily(tutor, true);
    const url = `/api/tutors/public/${tutor.id}/reviews/`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ reviews: [], total: 0 });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    expect((await review(tutor.id, family.headers, { rating: 5, comment: 'Kind.' })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json()).toMatchObject({ total: 1, reviews: [{ rating: 5, comment: 'Kind.' }] });
    // An unknown or unpublished tutor stays a 404 (and is not kept).
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/tutors/public/999999/reviews/' })).statusCode,
    ).toBe(404);
  });

  it('refuses ratings outside 1–5 with a field message', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const family = await bookedFamily(tutor, true);
    for (const rating of [0, 6, 3.5, 'x']) {
      const res = await review(tutor.id, family.headers, { rating, comment: '' });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('Choose 1 to 5 stars.');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/tutors/public/abc/reviews/' })).statusCode).toBe(
      400,
    );
  });
});
