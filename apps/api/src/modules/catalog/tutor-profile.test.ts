import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { addDays, weekdayOf } from '@tibeb/domain/bookings/slots';
import { instantToWallClock, zonedTimeToInstant } from '@tibeb/domain/bookings/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../audit/audit.service.ts';
import { daysOffOf } from './tutor-profile.service.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bearer, bearerFor, insertScheduledSession, insertTutor, insertUser } from './test/fixtures.ts';

const EAT = 'Africa/Addis_Ababa';

/** The next date (in EAT, at least 3 days ahead) that falls on `weekday`. */
function nextDate(weekday: string, from = 3): string {
  let date = addDays(instantToWallClock(new Date(), EAT).date, from);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
}
const at = (date: string, time: string) => zonedTimeToInstant(date, time, EAT);

function multipart(file: Buffer, type: string, name = 'photo.png') {
  const boundary = '----tibebtest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('tutor profile editing (admin and tutor), availability, time off, photo', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await insertUser(t.app.db, 'admin');
    adminId = user.id;
    admin = await bearerFor(t.config.jwtSecret, user, 'admin');
  });
  afterAll(() => t.close());

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers = admin,
  ) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('lists tutors with a name or subject search and the published filter', async () => {
    await insertTutor(t.app.db, { fullName: 'Selam Zewdu', subject: 'Chemistry', isPublished: false });
    await insertTutor(t.app.db, { fullName: 'Bekele Girma', subject: 'Amharic' });
    const byName = (await inject('GET', '/api/admin/tutors/?q=selam')).json() as { full_name: string }[];
    expect(byName.map((x) => x.full_name)).toEqual(['Selam Zewdu']);
    const bySubject = (await inject('GET', '/api/admin/tutors/?q=amhar')).json() as { full_name: string }[];
    expect(bySubject.map((x) => x.full_name)).toEqual(['Bekele Girma']);
    const hidden = (await inject('GET', '/api/admin/tutors/?published=false')).json() as {
      is_published: boolean;
    }[];
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((x) => !x.is_published)).toBe(true);
    expect((await inject('GET', '/api/admin/tutors/?published=maybe')).statusCode).toBe(400);
  });

  it('creates and edits the whole profile, with an audit entry for each write', async () => {
    const created = await inject('POST', '/api/admin/tutors/', {
      full_name: 'Hanna Alemu',
      subject: 'Biology',
      grade_from: 6,
      grade_to: 10,
      bio: 'Biology made visible.',
      education: 'MSc Biology, Addis Ababa University',
      years_of_experience: 7,
      teaching_style: 'Diagrams first.',
      hourly_rate: 22.5,
      is_published: false,
      profile_image: '/media/tutors/hanna.webp',
      meeting_url: 'https://meet.example.com/hanna',
      availability: { wed: [{ start: '15:00', end: '18:00' }] },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({
      meeting_url: 'https://meet.example.com/hanna',
      is_published: false,
    });

    const edited = await inject('PATCH', `/api/admin/tutors/${id}/`, { hourly_rate: 24, is_published: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      hourly_rate: 24,
      is_published: true,
      education: 'MSc Biology, Addis Ababa University',
    });
    const pub = await t.app.inject({ method: 'GET', url: `/api/tutors/public/${id}/` });
    expect(pub.json()).toMatchObject({ hourly_rate: 24, teaching_style: 'Diagrams first.' });

    const trail = await auditTrail(t.app.db, 'tutor', String(id));
    expect(trail.map((e) => e.action)).toEqual(['tutor.update', 'tutor.create']);
    expect(trail[0]!.actor_user_id).toBe(adminId);
    expect(trail[0]!.before).toMatchObject({ hourly_rate: 22.5, is_published: false });
    expect(trail[0]!.after).toMatchObject({ hourly_rate: 24, is_published: true });
  });

  it('refuses bad profile input with field messages', async () => {
    const tutor = await insertTutor(t.app.db);
    const meeting = await inject('PATCH', `/api/admin/tutors/${tutor.id}/`, {
      meeting_url: 'http://insecure.example.com',
    });
    expect(meeting.statusCode).toBe(400);
    expect(meeting.json().errors.meeting_url).toBeTruthy();
    const range = await inject('PATCH', `/api/admin/tutors/${tutor.id}/`, { grade_from: 9, grade_to: 4 });
    expect(range.statusCode).toBe(400);
    expect((await inject('PATCH', `/api/admin/tutors/${tutor.id}/`, { user_id: 'x' })).statusCode).toBe(400);
    expect((await inject('PATCH', `/api/admin/tutors/${tutor.id}/`, { hourly_rate: -1 })).statusCode).toBe(
      400,
    );
    expect((await inject('PATCH', '/api/admin/tutors/999999/', { bio: 'x' })).statusCode).toBe(404);
    // Linking a family account as the tutor's account is refused.
    const family = await insertUser(t.app.db, 'student');
    const link = await inject('PATCH', `/api/admin/tutors/${tutor.id}/`, { user_id: family.id });
    expect(link.statusCode).toBe(400);
    expect(link.json().errors.user_id).toEqual(['The account must have the tutor role.']);
  });

  it('links a profile to a tutor account, which then edits it from the tutor area; one profile per account', async () => {
    const account = await insertUser(t.app.db, 'tutor');
    const first = await insertTutor(t.app.db, { fullName: 'Linked Tutor' });
    const second = await insertTutor(t.app.db);
    const headers = await bearerFor(t.config.jwtSecret, account, 'tutor');
    expect((await inject('GET', '/api/tutor/profile/', undefined, headers)).statusCode).toBe(404);
    const linked = await inject('PATCH', `/api/admin/tutors/${first.id}/`, { user_id: account.id });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().user_id).toBe(account.id);
    const mine = await inject('GET', '/api/tutor/profile/', undefined, headers);
    expect(mine.json()).toMatchObject({ id: first.id, full_name: 'Linked Tutor' });
    const again = await inject('PATCH', `/api/admin/tutors/${second.id}/`, { user_id: account.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.user_id).toEqual(['That account already has a tutor profile.']);
  });

  it('refuses an availability change that strands a scheduled session, naming it, until the session is moved', async () => {
    const tue = nextDate('tue');
    const tutor = await insertTutor(
      t.app.db,
      {},
      { windows: [{ weekday: 'tue', start: '14:00', end: '18:00' }] },
    );
    const { sessionId } = await insertScheduledSession(t.app.db, tutor.id, at(tue, '16:00'), {
      student: 'Abel Kebede',
    });
    // A cancelled session of the same day does not count.
    await insertScheduledSession(t.app.db, tutor.id, at(tue, '14:00'), { status: 'cancelled' });

    const url = `/api/admin/tutors/${tutor.id}/availability/`;
    const refused = await inject('PUT', url, { tue: [{ start: '14:00', end: '16:00' }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      "A scheduled session would fall outside the tutor's time. Move or cancel it first.",
    );
    expect(refused.json().errors.sessions).toEqual([`${tue} 16:00 (Abel Kebede)`]);
    expect(refused.json()).toMatchObject({ code: 'stranded_sessions', params: { count: 1 } });
    // Through the profile update too, and nothing changed.
    const viaPatch = await inject('PATCH', `/api/admin/tutors/${tutor.id}/`, {
      availability: { mon: [{ start: '09:00', end: '10:00' }] },
    });
    expect(viaPatch.statusCode).toBe(409);
    // Changing the zone moves the session's wall-clock time out of the window as well.
    expect(
      (await inject('PATCH', `/api/admin/tutors/${tutor.id}/`, { time_zone: 'Europe/London' })).statusCode,
    ).toBe(409);
    expect((await inject('GET', `/api/admin/tutors/${tutor.id}/`)).json().availability.tue).toEqual([
      { start: '14:00', end: '18:00' },
    ]);

    // Window still covering the session: accepted.
    expect((await inject('PUT', url, { tue: [{ start: '15:00', end: '17:00' }] })).statusCode).toBe(200);
    // Moved first, the narrower window is accepted; the wizard offers only the new times.
    const moved = await inject('POST', `/api/bookings/sessions/${sessionId}/reschedule/`, {
      date: tue,
      time: '15:00',
      scope: 'one',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const ok = await inject('PUT', url, { tue: [{ start: '15:00', end: '16:00' }] });
    expect(ok.statusCode).toBe(200);
    const [y, m] = tue.split('-').map(Number);
    const available = await t.app.inject({
      method: 'GET',
      url: `/api/reservations/available/?tutor_id=${tutor.id}&year=${y}&month=${m}&duration_minutes=60&only_future=true`,
    });
    expect(available.json().available[tue]).toEqual([]);
    expect((await auditTrail(t.app.db, 'tutor', String(tutor.id)))[0]).toMatchObject({
      action: 'tutor.availability',
      after: { availability: { tue: [{ start: '15:00', end: '16:00' }] } },
    });
  });

  it('adds and removes time off, refusing days that strand a session, with bad input answered 400', async () => {
    const thu = nextDate('thu');
    const tutor = await insertTutor(
      t.app.db,
      {},
      { windows: [{ weekday: 'thu', start: '09:00', end: '12:00' }] },
    );
    await insertScheduledSession(t.app.db, tutor.id, at(thu, '10:00'), { student: 'Mahlet Tadesse' });
    const url = `/api/admin/tutors/${tutor.id}/time-off/`;

    for (const body of [
      {},
      { starts_on: '2026-13-01' },
      { starts_on: '2026-02-30' },
      { starts_on: thu, ends_on: addDays(thu, -1) },
      { starts_on: thu, ends_on: addDays(thu, 400) },
      { starts_on: thu, note: 'unknown field' },
    ]) {
      const res = await inject('POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail).toBeTruthy();
    }

    const refused = await inject('POST', url, {
      starts_on: addDays(thu, -2),
      ends_on: addDays(thu, 1),
      reason: 'Travel',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.sessions).toEqual([`${thu} 10:00 (Mahlet Tadesse)`]);

    const added = await inject('POST', url, { starts_on: addDays(thu, 1), reason: 'Exam marking' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      starts_on: addDays(thu, 1),
      ends_on: addDays(thu, 1),
      reason: 'Exam marking',
    });
    const list = (await inject('GET', url)).json() as { id: number }[];
    expect(list).toHaveLength(1);

    expect((await inject('DELETE', `${url}999999/`)).statusCode).toBe(404);
    expect((await inject('DELETE', `${url}abc/`)).statusCode).toBe(400);
    expect((await inject('DELETE', `${url}${list[0]!.id}/`)).statusCode).toBe(204);
    expect((await inject('GET', url)).json()).toEqual([]);
    expect((await inject('GET', '/api/admin/tutors/999999/time-off/')).statusCode).toBe(404);
    // The booking engine's view of the days off: a range, both ends included, per tutor.
    await inject('POST', url, { starts_on: addDays(thu, 3), ends_on: addDays(thu, 5) });
    const off = (await daysOffOf(t.app.db, [tutor.id], addDays(thu, -10), addDays(thu, 30))).get(tutor.id)!;
    expect([2, 3, 4, 5, 6].map((d) => off(addDays(thu, d)))).toEqual([false, true, true, true, false]);
    const actions = (await auditTrail(t.app.db, 'tutor', String(tutor.id))).map((e) => e.action);
    expect(actions).toEqual(['tutor.time_off.add', 'tutor.time_off.remove', 'tutor.time_off.add']);
  });

  it('uploads a photo: checked, resized, stored under DATA_DIR/uploads and shown in the directory', async () => {
    const tutor = await insertTutor(t.app.db);
    const url = `/api/admin/tutors/${tutor.id}/photo/`;
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const res = await t.app.inject({
      method: 'POST',
      url,
      ...multipart(png, 'image/png'),
      headers: { ...admin, ...multipart(png, 'image/png').headers },
    });
    expect(res.statusCode).toBe(200);
    const image = res.json().profile_image as string;
    expect(image).toMatch(/^\/uploads\/tutors\/[0-9a-f-]+\.webp$/);
    const stored = path.join(t.config.dataDir, image.replace(/^\//, ''));
    const meta = await sharp(fs.readFileSync(stored)).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
    const served = await t.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/tutors/public/${tutor.id}/` })).json().profile_image,
    ).toBe(image);

    const text = multipart(Buffer.from('not an image'), 'image/png');
    const notImage = await t.app.inject({
      method: 'POST',
      url,
      payload: text.payload,
      headers: { ...admin, ...text.headers },
    });
    expect(notImage.statusCode).toBe(400);
    const gif = multipart(Buffer.from('GIF89a'), 'image/gif', 'x.gif');
    const wrongType = await t.app.inject({
      method: 'POST',
      url,
      payload: gif.payload,
      headers: { ...admin, ...gif.headers },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors.file).toEqual(['Upload a JPEG, PNG or WebP image.']);
    const big = multipart(Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'image/jpeg', 'big.jpg');
    const tooBig = await t.app.inject({
      method: 'POST',
      url,
      payload: big.payload,
      headers: { ...admin, ...big.headers },
    });
    expect(tooBig.statusCode).toBe(413);
    expect((await inject('POST', url, { file: 'x' })).statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tutors/999999/photo/',
      payload: text.payload,
      headers: { ...admin, ...text.headers },
    });
    expect(unknown.statusCode).toBe(404);
  });

  describe('the tutor area', () => {
    let tutorId: number;
    let me: { authorization: string };

    beforeAll(async () => {
      const account = await insertUser(t.app.db, 'tutor');
      me = await bearerFor(t.config.jwtSecret, account, 'tutor');
      tutorId = (
        await insertTutor(
          t.app.db,
          { userId: account.id, fullName: 'Yonas Bekele' },
          { windows: [{ weekday: 'fri', start: '16:00', end: '19:00' }] },
        )
      ).id;
    });

    it('answers 404 to a tutor account without a profile, and 403 to other roles', async () => {
      const lonely = await insertUser(t.app.db, 'tutor');
      const headers = await bearerFor(t.config.jwtSecret, lonely, 'tutor');
      const res = await inject('GET', '/api/tutor/profile/', undefined, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('No tutor profile is linked to this account.');
      for (const role of ['admin', 'student'] as const) {
        expect(
          (
            await inject(
              'GET',
              '/api/tutor/availability/',
              undefined,
              await bearer(t.config.jwtSecret, role, t.app.db),
            )
          ).statusCode,
        ).toBe(403);
      }
    });

    it('edits the own texts and meeting link but not the rate or publishing', async () => {
      const res = await inject(
        'PUT',
        '/api/tutor/profile/',
        { bio: 'Physics with experiments.', meeting_url: 'https://meet.jit.si/yonas-physics' },
        me,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        bio: 'Physics with experiments.',
        meeting_url: 'https://meet.jit.si/yonas-physics',
        id: tutorId,
      });
      expect((await inject('PUT', '/api/tutor/profile/', { hourly_rate: 99 }, me)).statusCode).toBe(400);
      expect((await inject('PUT', '/api/tutor/profile/', { is_published: false }, me)).statusCode).toBe(400);
      expect((await inject('PUT', '/api/tutor/profile/', {}, me)).statusCode).toBe(400);
      expect(
        (await inject('PUT', '/api/tutor/profile/', { meeting_url: 'javascript:alert(1)' }, me)).statusCode,
      ).toBe(400);
      const [entry] = await auditTrail(t.app.db, 'tutor', String(tutorId));
      expect(entry).toMatchObject({
        action: 'tutor.update',
        after: { meeting_url: 'https://meet.jit.si/yonas-physics' },
      });
    });

    it('reads and replaces the weekly availability in the public shape, under the same stranding rule', async () => {
      const got = await inject('GET', '/api/tutor/availability/', undefined, me);
      expect(got.json()).toEqual({
        mon: [],
        tue: [],
        wed: [],
        thu: [],
        fri: [{ start: '16:00', end: '19:00' }],
        sat: [],
        sun: [],
      });
      const fri = nextDate('fri');
      await insertScheduledSession(t.app.db, tutorId, at(fri, '17:00'), { student: 'Ruth Asfaw' });
      const refused = await inject(
        'PUT',
        '/api/tutor/availability/',
        { sat: [{ start: '09:00', end: '12:00' }] },
        me,
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors.sessions).toEqual([`${fri} 17:00 (Ruth Asfaw)`]);
      const bad = await inject(
        'PUT',
        '/api/tutor/availability/',
        { fri: [{ start: '18:00', end: '17:00' }] },
        me,
      );
      expect(bad.statusCode).toBe(400);
      const ok = await inject(
        'PUT',
        '/api/tutor/availability/',
        { fri: [{ start: '16:00', end: '19:00' }], sat: [{ start: '09:00', end: '12:00' }] },
        me,
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json().sat).toEqual([{ start: '09:00', end: '12:00' }]);
      const pub = await t.app.inject({ method: 'GET', url: `/api/tutors/public/${tutorId}/` });
      expect(pub.json().availability.sat).toEqual([{ start: '09:00', end: '12:00' }]);
    });

    it('manages the own time off only', async () => {
      const added = await inject(
        'POST',
        '/api/tutor/time-off/',
        { starts_on: nextDate('mon', 20), ends_on: nextDate('mon', 20) },
        me,
      );
      expect(added.statusCode).toBe(201);
      const other = await insertTutor(t.app.db);
      const foreign = await inject('POST', `/api/admin/tutors/${other.id}/time-off/`, {
        starts_on: nextDate('mon', 30),
      });
      // Another tutor's entry cannot be removed through the tutor area.
      expect(
        (await inject('DELETE', `/api/tutor/time-off/${foreign.json().id}/`, undefined, me)).statusCode,
      ).toBe(404);
      expect(((await inject('GET', '/api/tutor/time-off/', undefined, me)).json() as unknown[]).length).toBe(
        1,
      );
      expect(
        (await inject('DELETE', `/api/tutor/time-off/${added.json().id}/`, undefined, me)).statusCode,
      ).toBe(204);
    });
  });
});
