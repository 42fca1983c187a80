import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../../platform/db/schema/messaging.ts';
import { payments } from '../../platform/db/schema/payments.ts';
import { reservations, sessions } from '../../platform/db/schema/bookings.ts';
import { subjects, tutors } from '../../platform/db/schema/catalog.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { adminDashboard } from './dashboard.service.ts';
import { bearer, createUser, loginAs, uniq } from '../accounts/accounts.test-helpers.ts';

const HOUR = 60 * 60_000;

describe("the admin dashboard and the areas' reads", () => {
  let t: TestApp;
  let tutorAuth: { authorization: string };
  let studentAuth: { authorization: string };
  let otherStudentAuth: { authorization: string };
  let adminAuth: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    const tutorUser = await createUser(t.app, 'tutor');
    const family = await createUser(t.app, 'student');
    const otherFamily = await createUser(t.app, 'student');
    const admin = await createUser(t.app, 'admin');
    const [subject] = await db
      .insert(subjects)
      .values({
        name: 'Mathematics',
        slug: `math-${uniq()}`,
        category: 'Mathematics',
        pricePerHourCents: 2500,
      })
      .returning();
    const [tutor] = await db
      .insert(tutors)
      .values({
        userId: tutorUser.id,
        fullName: 'Dawit Bekele',
        subject: 'math',
        subjectId: subject!.id,
        hourlyRateCents: 2500,
      })
      .returning();
    const [otherTutor] = await db
      .insert(tutors)
      .values({ fullName: 'Other Tutor', subject: 'physics', hourlyRateCents: 3000 })
      .returning();
    const now = Date.now();
    const base = {
      date: '2026-01-05',
      time: '16:00',
      durationMinutes: 60,
      fullName: 'Almaz Kebede',
      email: family.email,
      studentFullName: 'Liya Kebede',
      studentGrade: 'Grade 7',
      subject: 'Mathematics',
      amountCents: 10_000,
      holdExpiresAt: new Date(now),
    };
    const [res] = await db
      .insert(reservations)
      .values({ ...base, tutorId: tutor!.id, familyUserId: family.id, status: 'confirmed' })
      .returning();
    const [pending] = await db
      .insert(reservations)
      .values({ ...base, tutorId: tutor!.id, status: 'pending_payment', studentFullName: 'Someone Else' })
      .returning();
    const [elsewhere] = await db
      .insert(reservations)
      .values({ ...base, tutorId: otherTutor!.id, familyUserId: otherFamily.id, status: 'confirmed' })
      .returning();
    await db.insert(sessions).values([
      {
        reservationId: res!.id,
        tutorId: tutor!.id,
        startsAt: new Date(now + 48 * HOUR),
        endsAt: new Date(now + 49 * HOUR),
        status: 'scheduled',
      },
      {
        reservationId: res!.id,
        tutorId: tutor!.id,
        startsAt: new Date(now + 20 * 24 * HOUR),
        endsAt: new Date(now + 20 * 24 * HOUR + HOUR),
        status: 'scheduled',
      },
      {
        reservationId: res!.id,
        tutorId: tutor!.id,
        startsAt: new Date(now - 72 * HOUR),
        endsAt: new Date(now - 71 * HOUR),
        status: 'completed',
      },
      {
        reservationId: pending!.id,
        tutorId: tutor!.id,
        startsAt: new Date(now + 30 * HOUR),
        endsAt: new Date(now + 31 * HOUR),
        status: 'held',
      },
      {
        reservationId: elsewhere!.id,
        tutorId: otherTutor!.id,
        startsAt: new Date(now + 5 * HOUR),
        endsAt: new Date(now + 6 * HOUR),
        status: 'scheduled',
      },
    ]);
    await db.insert(payments).values([
      {
        reservationId: res!.id,
        provider: 'demo',
        providerSessionId: `d_${uniq()}`,
        amountCents: 10_000,
        status: 'paid',
        refundedCents: 2_000,
        expiresAt: new Date(now),
      },
      {
        reservationId: pending!.id,
        provider: 'demo',
        providerSessionId: `d_${uniq()}`,
        amountCents: 10_000,
        status: 'pending',
        expiresAt: new Date(now),
      },
    ]);
    const [conv] = await db
      .insert(conversations)
      .values({ tutorUserId: tutorUser.id, familyUserId: family.id })
      .returning();
    await db.insert(messages).values([
      {
        conversationId: conv!.id,
        senderUserId: family.id,
        body: 'Hello, can we move Thursday?',
        createdAt: new Date(now - HOUR),
      },
    ]);
    tutorAuth = bearer((await loginAs(t.app, tutorUser)).access);
    studentAuth = bearer((await loginAs(t.app, family)).access);
    otherStudentAuth = bearer((await loginAs(t.app, otherFamily)).access);
    adminAuth = bearer((await loginAs(t.app, admin)).access);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: { authorization: string }) =>
    t.app.inject({ method: 'GET', url, headers });

  it('admin: counts, and revenue as paid minus refunded', async () => {
    const res = await get('/api/admin/dashboard/', adminAuth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      users: 4,
      tutors: 2,
      reservations: 3,
      confirmed_reservations: 2,
      upcoming_sessions: 3,
      revenue: 80,
      revenue_cents: 8000,
      currency: 'USD',
      // No Jitsi in this test app: tutors families can book without an own link have no room (decision 267).
      lesson_rooms: { provider: 'tutor_links', tutors_without_room: 2 },
    });
    // With Jitsi set up every lesson has a room.
    expect((await adminDashboard(t.app.db, new Date(), true)).lesson_rooms).toEqual({
      provider: 'jitsi',
      tutors_without_room: 0,
    });
  });

  it('admin: the counts follow writes and the clock at once (kept per database snapshot, decision 244)', async () => {
    const before = (await get('/api/admin/dashboard/', adminAuth)).json();
    // The sessions to come fall as their starts pass, with the same data: 5 h from now one has started.
    const later = await adminDashboard(t.app.db, new Date(Date.now() + 6 * HOUR));
    expect(later).toMatchObject({ ...before, upcoming_sessions: before.upcoming_sessions - 1 });
    const afterAll = await adminDashboard(t.app.db, new Date(Date.now() + 30 * 24 * HOUR));
    expect(afterAll.upcoming_sessions).toBe(0);
    // A write shows on the next request.
    const [reservation] = await t.app.db.select({ id: reservations.id }).from(reservations).limit(1);
    const [tutor] = await t.app.db.select({ id: tutors.id }).from(tutors).limit(1);
    const [added] = await t.app.db
      .insert(sessions)
      .values({
        reservationId: reservation!.id,
        tutorId: tutor!.id,
        startsAt: new Date(Date.now() + 90 * 24 * HOUR),
        endsAt: new Date(Date.now() + 90 * 24 * HOUR + HOUR),
        status: 'scheduled',
      })
      .returning();
    await t.app.db.update(tutors).set({ isActive: false }).where(eq(tutors.id, tutor!.id));
    const now = (await get('/api/admin/dashboard/', adminAuth)).json();
    expect(now).toMatchObject({
      upcoming_sessions: before.upcoming_sessions + 1,
      tutors: before.tutors - 1,
    });
    // Leaves the data as the other tests expect it.
    await t.app.db.delete(sessions).where(eq(sessions.id, added!.id));
    await t.app.db.update(tutors).set({ isActive: true }).where(eq(tutors.id, tutor!.id));
  });

  it("tutor: only this tutor's students, and the conversation with its unread message", async () => {
    const students = (await get('/api/tutor/students/', tutorAuth)).json();
    expect(students).toEqual([
      expect.objectContaining({
        student_name: 'Liya Kebede',
        guardian_name: 'Almaz Kebede',
        sessions_remaining: 2,
      }),
    ]);
    const inbox = (await get('/api/tutor/messages/', tutorAuth)).json();
    expect(inbox).toEqual([
      expect.objectContaining({ last_message: 'Hello, can we move Thursday?', unread: 1 }),
    ]);
  });

  it("student: the family's own conversation, its own message read", async () => {
    const messagesList = (await get('/api/student/messages/', studentAuth)).json();
    expect(messagesList[0].unread).toBe(0);
    expect((await get('/api/student/messages/', otherStudentAuth)).json()).toEqual([]);
  });

  it('a tutor account without a profile sees empty lists, not an error', async () => {
    const lone = await createUser(t.app, 'tutor');
    const auth = bearer((await loginAs(t.app, lone)).access);
    expect((await get('/api/tutor/students/', auth)).json()).toEqual([]);
  });
});
