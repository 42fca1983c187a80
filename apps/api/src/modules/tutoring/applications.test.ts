import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  bearer,
  createUser,
  decodeMail,
  loginAs,
  uniq,
  verifyLinkToken,
} from '../accounts/accounts.test-helpers.ts';
import { insertSubject } from '../catalog/test/fixtures.ts';
import { rateFor } from '../bookings/reservations/assignment.service.ts';
import { findTutorEtbRate } from '../bookings/reservations/reservations.repository.ts';
import type { ReservationRequest } from '@tibeb/domain/bookings/payload';

/** Issue 27 items 1–2: apply at /teach, the applicant's application and private documents, the admin's vetting. */

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);

function multipart(
  file: Buffer,
  type: string,
  name: string,
  auth: Record<string, string>,
  fields: Record<string, string> = {},
) {
  const boundary = '----tibebdocs';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([key, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('applying to teach and vetting (issue 27)', () => {
  let t: TestApp;
  let mathId: number;
  let codingId: number;
  let admin: { authorization: string };
  let address = 0;

  const fields = (overrides: Record<string, unknown> = {}) => ({
    first_name: 'Hanna',
    last_name: 'Tesfaye',
    phone: '+251 911 234 567',
    city: 'Addis Ababa',
    subject_ids: [mathId],
    grade_from: 5,
    grade_to: 10,
    languages: ['Amharic', 'English'],
    education: 'BSc Mathematics, Addis Ababa University',
    years_of_experience: 4,
    hourly_rate: 18.5,
    hourly_rate_etb: 900,
    availability: { mon: [{ start: '16:00', end: '19:00' }], sat: [{ start: '09:00', end: '12:00' }] },
    bio: 'I help students understand algebra and geometry step by step, with practice after each lesson.',
    teaching_style: 'Patient, with worked examples.',
    ...overrides,
  });

  async function apply(email: string, extra: Record<string, unknown> = {}) {
    address += 1;
    return t.app.inject({
      method: 'POST',
      url: '/api/tutor-applications/',
      payload: { ...fields(), email, password: 'teach-with-tibeb-1', ...extra },
      remoteAddress: `10.77.0.${address}`,
    });
  }

  /** The texts of every e-mail queued for `email`, as written (before any transfer encoding). */
  const mailTexts = async (email: string) =>
    (
      await queryRows<{ text: string }>(
        t.app.db,
        sql`select text from mail_outbox where lower("to") = ${email}`,
      )
    )
      .map((r) => r.text)
      .join('\n');

  /** Applies, follows the e-mailed link, signs in: the applicant's headers. */
  async function applicant(email = `hanna.${uniq()}@example.test`) {
    const res = await apply(email);
    expect(res.statusCode).toBe(201);
    const token = await verifyLinkToken(t.app, email);
    expect(token).toBeTruthy();
    const ok = await t.app.inject({ method: 'POST', url: '/api/accounts/verify-email/', payload: { token } });
    expect(ok.statusCode).toBe(200);
    const { access } = await loginAs(t.app, { username: email, password: 'teach-with-tibeb-1' });
    return { id: res.json().id as string, email, headers: bearer(access) };
  }

  /** The applicant's photo, uploaded from the tutor area: approving publishes, and a profile needs one (decision 265). */
  async function addPhoto(me: { headers: Record<string, string> }) {
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tutor/profile/photo/',
      ...multipart(photo, 'image/png', 'me.png', me.headers),
    });
    expect(res.statusCode).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp();
    mathId = (
      await insertSubject(t.app.db, {
        name: 'Mathematics',
        category: 'Mathematics',
        pricePerHourEtbCents: 80_000,
      })
    ).id;
    codingId = (await insertSubject(t.app.db, { name: 'Python', category: 'Coding' })).id;
    const a = await createUser(t.app, 'admin');
    admin = bearer((await loginAs(t.app, a)).access);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an application makes an unpublished tutor with an account whose address is still to be proved', async () => {
    const email = `selam.${uniq()}@example.test`;
    const res = await apply(email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'submitted' });
    const [row] = await queryRows<{
      role: string;
      verified: boolean;
      published: boolean;
      rate: number;
      etb: number;
      status: string;
      windows: number;
    }>(
      t.app.db,
      sql`select u.role, u.email_verified_at is not null as verified, tu.is_published as published,
                 tu.hourly_rate_cents as rate, tu.hourly_rate_etb_cents as etb, a.status,
                 (select count(*)::int from tutor_availability w where w.tutor_id = tu.id) as windows
            from tutor_applications a join users u on u.id = a.user_id join tutors tu on tu.id = a.tutor_id
           where a.id = ${res.json().id}`,
    );
    expect(row).toEqual({
      role: 'tutor',
      verified: false,
      published: false,
      rate: 1850,
      etb: 90_000,
      status: 'submitted',
      windows: 2,
    });
    // Not in the directory.
    const list = (await t.app.inject({ url: '/api/tutors/public/' })).json() as { full_name: string }[];
    expect(list.some((x) => x.full_name === 'Hanna Tesfaye')).toBe(false);
  });

  it('refuses bad input with field messages, and a birr rate where no subject is sold in birr', async () => {
    const short = await apply(`x.${uniq()}@example.test`, { bio: 'Too short', subject_ids: [] });
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain('Choose at least one subject.');
    const birr = await apply(`y.${uniq()}@example.test`, { subject_ids: [codingId], hourly_rate_etb: 500 });
    expect(birr.statusCode).toBe(400);
    expect(birr.json().errors.hourly_rate_etb).toEqual([
      'None of your subjects is offered in birr: leave the birr rate empty.',
    ]);
  });

  it('an address that has an account gets the same answer; only its owner is told, nothing is made', async () => {
    const owner = await createUser(t.app, 'student');
    const before = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from tutor_applications`,
    );
    const res = await apply(owner.email);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'submitted' });
    const after = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from tutor_applications`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
    const mails = (await t.app.mailer.readOutbox(owner.email)).map(decodeMail);
    expect(mails.some((m) => !m.includes('verify-email?token='))).toBe(true);
  });

  it('a filled honeypot writes nothing', async () => {
    const email = `bot.${uniq()}@example.test`;
    const res = await apply(email, { website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    const rows = await queryRows(t.app.db, sql`select 1 from users where email = ${email}`);
    expect(rows).toHaveLength(0);
  });

  it('the applicant follows, edits and documents the application; documents are private', async () => {
    const me = await applicant();
    const own = await t.app.inject({ url: '/api/tutor/application/', headers: me.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      status: 'submitted',
      editable: true,
      email_verified: true,
      missing: ['photo', 'identity', 'police_clearance', 'certificate'],
    });
    expect(own.json().fields).toMatchObject({ city: 'Addis Ababa', hourly_rate: 18.5, hourly_rate_etb: 900 });

    const up = await t.app.inject({
      method: 'POST',
      url: '/api/tutor/application/documents/?kind=identity',
      ...multipart(pdf, 'application/pdf', 'My Fayda card (front).pdf', me.headers),
    });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({
      kind: 'identity',
      content_type: 'application/pdf',
      file_name: 'My-Fayda-card-front.pdf',
    });
    expect(up.json().url).not.toContain('/uploads/');

    // A renamed file is refused by its content.
    const fake = await t.app.inject({
      method: 'POST',
      url: '/api/tutor/application/documents/?kind=certificate',
      ...multipart(Buffer.from('MZ this is a program'), 'application/pdf', 'diploma.pdf', me.headers),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors.file).toEqual(['Upload a PDF, JPEG, PNG or WebP file.']);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/tutor/application/documents/?kind=certificate',
      ...multipart(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'image/png', 'big.png', me.headers),
    });
    expect(big.statusCode).toBe(413);

    const fileUrl = up.json().url as string;
    const mine = await t.app.inject({ url: fileUrl, headers: me.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toBe('attachment; filename="My-Fayda-card-front.pdf"');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.rawPayload.equals(pdf)).toBe(true);

    // Another applicant, a family, a visitor: no.
    const other = await applicant();
    expect((await t.app.inject({ url: fileUrl, headers: other.headers })).statusCode).toBe(404);
    const family = await createUser(t.app, 'student');
    const familyHeaders = bearer((await loginAs(t.app, family)).access);
    expect((await t.app.inject({ url: fileUrl, headers: familyHeaders })).statusCode).toBe(403);
    expect((await t.app.inject({ url: fileUrl })).statusCode).toBe(401);
    // The admin reads it through the application.
    const adminUrl = `/api/admin/tutor-applications/${me.id}/documents/${up.json().id}/file/`;
    expect((await t.app.inject({ url: adminUrl, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ url: adminUrl, headers: other.headers })).statusCode).toBe(403);

    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/tutor/application/',
      headers: me.headers,
      payload: fields({ city: 'Bahir Dar', hourly_rate: 20 }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().fields).toMatchObject({ city: 'Bahir Dar', hourly_rate: 20 });
    expect(edited.json().missing).toEqual(['photo', 'police_clearance', 'certificate']);
  });

  it('vetting: request changes → edit → resubmitted → approve with checks → in the directory with the checks', async () => {
    const me = await applicant();
    const decide = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/tutor-applications/${me.id}/decision/`,
        headers: admin,
        payload: body,
      });

    expect((await decide({ decision: 'request_changes', reason: '' })).statusCode).toBe(400);
    const changes = await decide({
      decision: 'request_changes',
      reason: 'Please upload your police clearance.',
      checks: [{ kind: 'identity', note: 'Fayda seen on a video call' }],
    });
    expect(changes.statusCode).toBe(200);
    expect(changes.json()).toMatchObject({
      status: 'changes_requested',
      decision_reason: 'Please upload your police clearance.',
    });
    const mail = await mailTexts(me.email);
    expect(mail).toContain('Please upload your police clearance.');
    expect(mail).toContain('/tutor/application');

    const own = (await t.app.inject({ url: '/api/tutor/application/', headers: me.headers })).json();
    expect(own).toMatchObject({ status: 'changes_requested', editable: true });
    const resubmitted = await t.app.inject({
      method: 'PUT',
      url: '/api/tutor/application/',
      headers: me.headers,
      payload: fields(),
    });
    expect(resubmitted.json().status).toBe('submitted');

    await addPhoto(me);
    const list = await t.app.inject({
      url: '/api/admin/tutor-applications/?status=submitted',
      headers: admin,
    });
    expect(list.json().results.some((r: { id: string }) => r.id === me.id)).toBe(true);

    const approved = await decide({
      decision: 'approve',
      reason: '',
      checks: [{ kind: 'police_clearance' }, { kind: 'interview', note: 'Demo lesson on fractions' }],
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect(approved.json().checks.map((c: { kind: string }) => c.kind)).toEqual([
      'identity',
      'police_clearance',
      'interview',
    ]);
    expect(approved.json().checks[0].checked_by).toBeTruthy();
    expect(approved.json().history.map((h: { action: string }) => h.action)).toEqual([
      'tutor_application.request_changes',
      'tutor_application.approve',
    ]);

    const tutors = (await t.app.inject({ url: '/api/tutors/public/' })).json() as {
      id: number;
      full_name: string;
      checks: string[];
    }[];
    const tutorId = approved.json().tutor_id as number;
    const listed = tutors.find((x) => x.id === tutorId);
    expect(listed?.checks).toEqual(['identity', 'police_clearance', 'interview']);
    expect(JSON.stringify(listed)).not.toContain('Demo lesson');
    // Decided: no second decision, no more edits.
    expect((await decide({ decision: 'reject', reason: 'Changed my mind' })).statusCode).toBe(409);
    const locked = await t.app.inject({
      method: 'PUT',
      url: '/api/tutor/application/',
      headers: me.headers,
      payload: fields(),
    });
    expect(locked.statusCode).toBe(409);
  });

  it('approval needs a proved address and the identity check; rejection e-mails the reason in the applicant’s language', async () => {
    const email = `abebe.${uniq()}@example.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tutor-applications/',
      payload: { ...fields(), email, password: 'teach-with-tibeb-1', locale: 'am' },
      remoteAddress: '10.78.0.1',
    });
    const id = res.json().id as string;
    const unverified = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tutor-applications/${id}/decision/`,
      headers: admin,
      payload: { decision: 'approve', checks: [{ kind: 'identity' }] },
    });
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().detail).toBe('The applicant has not confirmed their e-mail address yet.');
    const token = await verifyLinkToken(t.app, email);
    await t.app.inject({ method: 'POST', url: '/api/accounts/verify-email/', payload: { token } });
    const noId = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tutor-applications/${id}/decision/`,
      headers: admin,
      payload: { decision: 'approve' },
    });
    expect(noId.statusCode).toBe(400);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tutor-applications/${id}/decision/`,
      headers: admin,
      payload: { decision: 'reject', reason: 'We have enough mathematics tutors in your area.' },
    });
    expect(rejected.json().status).toBe('rejected');
    const mail = await mailTexts(email);
    expect(mail).toContain('We have enough mathematics tutors in your area.');
    expect(mail).toContain('ማመልከቻዎን መቀበል አልቻልንም');
    const audit = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from audit_log where entity_type = 'tutor_application' and entity_id = ${id}`,
    );
    expect(audit.map((a) => a.action)).toEqual(['tutor_application.reject']);
  });

  it('an admin-made tutor has no application; families and tutors cannot use the admin routes', async () => {
    const tutor = await createUser(t.app, 'tutor');
    const headers = bearer((await loginAs(t.app, tutor)).access);
    const none = await t.app.inject({ url: '/api/tutor/application/', headers });
    expect(none.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/tutor-applications/', headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/tutor-applications/' })).statusCode).toBe(401);
  });

  const signIn = (username: string, password = 'teach-with-tibeb-1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { username, password },
      remoteAddress: `10.80.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
  const upload = (headers: Record<string, string>, kind = 'certificate', file = pdf) =>
    t.app.inject({
      method: 'POST',
      url: `/api/tutor/application/documents/?kind=${kind}`,
      ...multipart(file, 'application/pdf', 'doc.pdf', headers),
    });
  const decideOn = (id: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/tutor-applications/${id}/decision/`,
      headers: admin,
      payload: body,
    });

  it('the account opens only once its address is proved: before, a sign-in answers as a wrong password (decision 223)', async () => {
    const email = `early.${uniq()}@example.test`;
    expect((await apply(email)).statusCode).toBe(201);
    const early = await signIn(email);
    expect(early.statusCode).toBe(401);
    // The same answer as an address someone else holds, tried with the applicant's password.
    const owner = await createUser(t.app, 'student');
    expect((await apply(owner.email)).statusCode).toBe(201);
    const taken = await signIn(owner.email);
    expect(taken.statusCode).toBe(401);
    expect(early.json()).toEqual(taken.json());
    const token = await verifyLinkToken(t.app, email);
    await t.app.inject({ method: 'POST', url: '/api/accounts/verify-email/', payload: { token } });
    const after = await signIn(email);
    expect(after.statusCode).toBe(200);
    expect(after.json().role).toBe('tutor');
    // An office-made tutor whose address was never proved still signs in.
    const office = await createUser(t.app, 'tutor');
    expect((await signIn(office.username, office.password)).statusCode).toBe(200);
  });

  it('documents: at most 10, deleted while open, content checked; nothing after a decision', async () => {
    const me = await applicant();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(32),
    ]);
    expect((await upload(me.headers, 'identity', jpeg)).json().content_type).toBe('image/jpeg');
    expect((await upload(me.headers, 'identity', webp)).json().content_type).toBe('image/webp');
    const html = await upload(me.headers, 'certificate', Buffer.from('<html><script>alert(1)</script>'));
    expect(html.statusCode).toBe(400);
    const badKind = await upload(me.headers, 'diploma');
    expect(badKind.statusCode).toBe(400);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await upload(me.headers);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id as string);
    }
    const eleventh = await upload(me.headers);
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().errors.file).toEqual([
      'An application holds at most 10 documents: delete one first.',
    ]);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/tutor/application/documents/${ids[0]}/`,
      headers: me.headers,
    });
    expect(gone.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: `/api/tutor/application/documents/${ids[0]}/file/`, headers: me.headers }))
        .statusCode,
    ).toBe(404);
    expect((await upload(me.headers)).statusCode).toBe(201);
    // Another applicant cannot delete it.
    const other = await applicant();
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/tutor/application/documents/${ids[1]}/`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await decideOn(me.id, { decision: 'reject', reason: 'Not this term.' })).statusCode).toBe(200);
    expect((await upload(me.headers)).statusCode).toBe(409);
    const locked = await t.app.inject({
      method: 'DELETE',
      url: `/api/tutor/application/documents/${ids[1]}/`,
      headers: me.headers,
    });
    expect(locked.statusCode).toBe(409);
    expect((await decideOn(me.id, { decision: 'approve', checks: [{ kind: 'identity' }] })).statusCode).toBe(
      409,
    );
    // The files never reach the public uploads.
    const rows = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from tutor_document_files f join tutor_documents d on d.id = f.document_id
           join tutor_applications a on a.id = d.application_id where a.id = ${me.id}`,
    );
    expect(rows[0]!.n).toBe(10);
  });

  it('approval: the English e-mail says they are live, the profile shows the checks and the birr rate is the tutor’s', async () => {
    const me = await applicant();
    await addPhoto(me);
    const approved = await decideOn(me.id, {
      decision: 'approve',
      checks: [{ kind: 'interview', note: 'Private note' }, { kind: 'identity' }, { kind: 'qualifications' }],
    });
    expect(approved.statusCode).toBe(200);
    const detail = approved.json();
    expect(detail.decided_by).toBeTruthy();
    expect(detail.checks.every((c: { checked_by: string | null }) => c.checked_by)).toBe(true);
    const mail = await mailTexts(me.email);
    expect(mail).toContain('Your application has been approved');
    expect(mail).toContain('/tutor/dashboard');
    const profile = await t.app.inject({ url: `/api/tutors/public/${detail.tutor_id}/` });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().checks).toEqual(['identity', 'qualifications', 'interview']);
    expect(profile.body).not.toContain('Private note');
    expect(profile.body).not.toContain('tutor_documents');
    const audit = await queryRows<{ action: string; actor: string | null }>(
      t.app.db,
      sql`select action, actor_user_id::text as actor from audit_log
           where entity_type = 'tutor_application' and entity_id = ${me.id}`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe('tutor_application.approve');
    expect(audit[0]!.actor).toBeTruthy();

    // The tutor's own birr rate (900 birr) is the price, not the subject's (800 birr).
    const request = { currency: 'ETB' } as ReservationRequest;
    const etb = await findTutorEtbRate(t.app.db, { id: detail.tutor_id, subjectId: mathId });
    expect(etb).toBe(90_000);
    const assignment = {
      rateCents: 1850,
      etbRateCents: etb,
    } as Parameters<typeof rateFor>[1];
    expect(
      rateFor(request, assignment, { currencies: ['USD', 'ETB'] } as Parameters<typeof rateFor>[2]),
    ).toBe(90_000);
    // A tutor with no birr rate of its own is priced from its subject's.
    await queryRows(
      t.app.db,
      sql`update tutors set hourly_rate_etb_cents = null where id = ${detail.tutor_id}`,
    );
    expect(await findTutorEtbRate(t.app.db, { id: detail.tutor_id, subjectId: mathId })).toBe(80_000);
  });

  it('a request for changes is e-mailed in Amharic to an applicant who applied in Amharic', async () => {
    const email = `meron.${uniq()}@example.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tutor-applications/',
      payload: { ...fields(), email, password: 'teach-with-tibeb-1' },
      headers: { 'accept-language': 'am-ET,am;q=0.9' },
      remoteAddress: '10.81.0.1',
    });
    expect(res.statusCode).toBe(201);
    const changes = await decideOn(res.json().id, {
      decision: 'request_changes',
      reason: 'እባክዎ የፖሊስ ማስረጃ ይጫኑ።',
    });
    expect(changes.statusCode).toBe(200);
    const mail = await mailTexts(email);
    expect(mail).toContain('ለውጦች ያስፈልጋሉ');
    expect(mail).toContain('እባክዎ የፖሊስ ማስረጃ ይጫኑ።');
    expect(mail).not.toContain('We have read your application');
  });

  it('the admin list filters by status and pages 20 at a time, newest first', async () => {
    const all = await t.app.inject({ url: '/api/admin/tutor-applications/', headers: admin });
    expect(all.statusCode).toBe(200);
    const { count, results } = all.json() as { count: number; results: { submitted_at: string }[] };
    expect(count).toBeGreaterThan(0);
    expect(results.length).toBe(Math.min(count, 20));
    const times = results.map((r) => r.submitted_at);
    expect([...times].sort().reverse()).toEqual(times);
    for (let i = 0; i < 21 - count; i++) await apply(`filler.${uniq()}@example.test`);
    const second = await t.app.inject({ url: '/api/admin/tutor-applications/?page=2', headers: admin });
    expect(second.json().results.length).toBe(second.json().count - 20);
    const rejected = await t.app.inject({
      url: '/api/admin/tutor-applications/?status=rejected',
      headers: admin,
    });
    expect(rejected.json().results.every((r: { status: string }) => r.status === 'rejected')).toBe(true);
    expect(rejected.json().count).toBeGreaterThan(0);
    const bad = await t.app.inject({ url: '/api/admin/tutor-applications/?status=maybe', headers: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('one inbox gets at most 5 e-mails an hour however often its address is used (the recipient cap)', async () => {
    const email = `target.${uniq()}@example.test`;
    for (let i = 0; i < 8; i++) expect((await apply(email)).statusCode).toBe(201);
    const accounts = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from users where lower(email) = ${email}`,
    );
    expect(accounts[0]!.n).toBe(1);
    expect(await t.app.mailer.readOutbox(email)).toHaveLength(5);
  });

  it('limits applications per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tutor-applications/',
        payload: { ...fields(), email: `many.${uniq()}@example.test`, password: 'teach-with-tibeb-1' },
        remoteAddress: '10.79.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses[5]).toBe(429);
  });

  it('the document kind comes as a form field before the file, as the web sends it', async () => {
    const me = await applicant();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/tutor/application/documents/',
      ...multipart(pdf, 'application/pdf', 'clearance.pdf', me.headers, { kind: 'police_clearance' }),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().kind).toBe('police_clearance');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/tutor/application/documents/',
      ...multipart(pdf, 'application/pdf', 'x.pdf', me.headers, { kind: 'selfie' }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.kind).toEqual(['Choose what the document is.']);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/tutor/application/documents/',
      ...multipart(pdf, 'application/pdf', 'x.pdf', me.headers),
    });
    expect(none.statusCode).toBe(400);
  });

  it('approving publishes, so a profile without a photo is not approved and stays out of the directory (decision 265)', async () => {
    const me = await applicant();
    const refused = await decideOn(me.id, { decision: 'approve', checks: [{ kind: 'identity' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'tutor_not_ready',
      errors: { profile_image: ['Add a photo.'] },
    });
    const detail = (
      await t.app.inject({ url: `/api/admin/tutor-applications/${me.id}/`, headers: admin })
    ).json();
    expect(detail.status).toBe('submitted');
    expect((await t.app.inject({ url: `/api/tutors/public/${detail.tutor_id}/` })).statusCode).toBe(404);
    await addPhoto(me);
    expect((await decideOn(me.id, { decision: 'approve', checks: [{ kind: 'identity' }] })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: `/api/tutors/public/${detail.tutor_id}/` })).statusCode).toBe(200);
  });

  it('approving drops the cached directory: a list read before shows the tutor after', async () => {
    const me = await applicant();
    const id = (await t.app.inject({ url: `/api/admin/tutor-applications/${me.id}/`, headers: admin })).json()
      .tutor_id as number;
    const before = (await t.app.inject({ url: '/api/tutors/public/' })).json() as { id: number }[];
    expect(before.some((x) => x.id === id)).toBe(false);
    expect((await t.app.inject({ url: `/api/tutors/public/${id}/` })).statusCode).toBe(404);
    await addPhoto(me);
    const approved = await decideOn(me.id, { decision: 'approve', checks: [{ kind: 'identity' }] });
    expect(approved.statusCode).toBe(200);
    const after = (await t.app.inject({ url: '/api/tutors/public/' })).json() as {
      id: number;
      checks: string[];
    }[];
    expect(after.find((x) => x.id === id)?.checks).toEqual(['identity']);
    expect((await t.app.inject({ url: `/api/tutors/public/${id}/` })).json().checks).toEqual(['identity']);
  });

  it('a lost link: “Forgot password” proves the address and opens the account (decision 223)', async () => {
    const email = `lost.${uniq()}@example.test`;
    expect((await apply(email)).statusCode).toBe(201);
    expect((await signIn(email)).statusCode).toBe(401);
    await t.app.inject({ method: 'POST', url: '/api/accounts/password-reset/', payload: { email } });
    const mails = (await t.app.mailer.readOutbox(email)).map(decodeMail).reverse();
    const token = mails.map((mail) => /reset-password\?token=([\w%-]+)/.exec(mail)?.[1]).find(Boolean);
    expect(token).toBeTruthy();
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset/confirm/',
      payload: { token: decodeURIComponent(token!), password: 'a-new-pass-phrase-2' },
    });
    expect(set.statusCode).toBe(200);
    const opened = await signIn(email, 'a-new-pass-phrase-2');
    expect(opened.statusCode).toBe(200);
    const own = await t.app.inject({
      url: '/api/tutor/application/',
      headers: bearer(opened.json().access as string),
    });
    expect(own.json()).toMatchObject({ email_verified: true, status: 'submitted' });
  });

  it('bounds the e-mails to one address: repeated applications with it queue at most the cap', async () => {
    const owner = await createUser(t.app, 'student');
    for (let i = 0; i < 8; i++) expect((await apply(owner.email)).statusCode).toBe(201);
    const rows = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from mail_outbox where lower("to") = ${owner.email.toLowerCase()}`,
    );
    // The recipient cap: 5 an hour to one address, whatever the sender's address.
    expect(rows[0]!.n).toBe(5);
  });
});
