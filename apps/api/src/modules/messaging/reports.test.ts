import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_REPORTS_PER_HOUR } from '@tibeb/domain/messages/reports';
import { queryRows } from '../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { account, booking, tutorAccount, type Account } from '../areas/test/fixtures.repository.ts';

type Tutor = Account & { tutorId: number };
type Auth = { authorization: string };

describe('reports of messages and the admins’ queue of reported conversations', () => {
  let t: TestApp;
  let tutor: Tutor;
  let family: Account;
  let stranger: Account;
  let admin: Account;
  let conversationId: string;
  let tutorMessageId: string;
  let familyMessageId: string;
  let quietId: string;

  const inject = (method: 'GET' | 'POST', url: string, auth?: Auth, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url,
      headers: auth ?? {},
      ...(payload === undefined ? {} : { payload }),
    });

  /** A booked pair's conversation, with one message from each side. */
  async function pair(tutorName: string, familyName: string) {
    const tu = await tutorAccount(t.app.db, t.config.jwtSecret, tutorName);
    const fa = await account(t.app.db, t.config.jwtSecret, 'student', familyName);
    await booking(t.app.db, tu.tutorId, fa, [new Date(Date.now() + 86_400_000)]);
    const { id } = (await inject('POST', '/api/student/messages/', fa.auth, { tutor_id: tu.tutorId })).json();
    const fromFamily = await inject('POST', `/api/student/messages/${id}/`, fa.auth, { body: 'Hello tutor' });
    const fromTutor = await inject('POST', `/api/tutor/messages/${id}/`, tu.auth, {
      body: 'Rude words here',
    });
    return {
      tutor: tu,
      family: fa,
      id: id as string,
      familyMessageId: fromFamily.json().id as string,
      tutorMessageId: fromTutor.json().id as string,
    };
  }

  const mailsTo = (email: string) =>
    queryRows<{ subject: string; text: string }>(
      t.app.db,
      sql`select subject, text from mail_outbox where "to" = ${email} order by created_at`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    admin = await account(t.app.db, t.config.jwtSecret, 'admin', 'Hana Office');
    stranger = await account(t.app.db, t.config.jwtSecret, 'student', 'Not Involved');
    const p = await pair('Abebe Bekele', 'Almaz Kebede');
    ({ tutor, family, id: conversationId, tutorMessageId, familyMessageId } = p);
    quietId = (await pair('Quiet Tutor', 'Quiet Family')).id;
  });
  afterAll(() => t.close());

  it('the family reports a message of the tutor; again answers the same report; admins are told once', async () => {
    const url = `/api/student/messages/${conversationId}/report/`;
    const first = await inject('POST', url, family.auth, {
      message_id: tutorMessageId,
      reason: '  Rude language  ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      conversation_id: conversationId,
      message_id: tutorMessageId,
      reason: 'Rude language',
      status: 'open',
    });
    const again = await inject('POST', url, family.auth, { message_id: tutorMessageId, reason: 'Again' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const mails = await mailsTo(admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A conversation was reported');
    expect(mails[0]!.text).toContain(`/admin/reported-conversations/${conversationId}`);
    // The notice carries no message text.
    expect(mails[0]!.text).not.toContain('Rude');
  });

  it('the tutor reports the whole conversation; within the hour the admins get no second notice', async () => {
    const res = await inject('POST', `/api/tutor/messages/${conversationId}/report/`, tutor.auth, {
      reason: 'The family keeps insisting on cash',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message_id).toBeNull();
    expect(await mailsTo(admin.email)).toHaveLength(1);
  });

  it('someone outside the conversation gets 404; a made-up conversation 404 too', async () => {
    const res = await inject('POST', `/api/student/messages/${conversationId}/report/`, stranger.auth, {
      reason: 'Nosy',
    });
    expect(res.statusCode).toBe(404);
    const none = await inject(
      'POST',
      '/api/student/messages/00000000-0000-4000-8000-000000000000/report/',
      family.auth,
      { reason: 'x' },
    );
    expect(none.statusCode).toBe(404);
    const anonymous = await inject('POST', `/api/student/messages/${conversationId}/report/`, undefined, {
      reason: 'x',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an empty reason, one of 1001 characters and a message of another conversation', async () => {
    const url = `/api/student/messages/${conversationId}/report/`;
    const empty = await inject('POST', url, family.auth, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Please say what is wrong.');
    const long = await inject('POST', url, family.auth, { reason: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toBe('A reason can be at most 1000 characters.');
    expect((await inject('POST', url, family.auth, { reason: 'x'.repeat(1000) })).statusCode).toBe(201);
    const other = await pair('Other Tutor', 'Other Family');
    const elsewhere = await inject('POST', url, family.auth, {
      message_id: other.tutorMessageId,
      reason: 'Wrong thread',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().detail).toBe('This message is not in this conversation.');
  });

  it('families, tutors and anonymous visitors cannot list or read the queue', async () => {
    for (const url of [
      '/api/admin/reported-conversations/',
      `/api/admin/reported-conversations/${conversationId}/`,
    ]) {
      expect((await inject('GET', url)).statusCode).toBe(401);
      expect((await inject('GET', url, family.auth)).statusCode).toBe(403);
      expect((await inject('GET', url, tutor.auth)).statusCode).toBe(403);
    }
    const resolve = await inject(
      'POST',
      `/api/admin/reported-conversations/${conversationId}/resolve/`,
      family.auth,
      { resolution: 'Closed by me' },
    );
    expect(resolve.statusCode).toBe(403);
  });

  it('the queue lists only reported conversations, without message bodies', async () => {
    const res = await inject('GET', '/api/admin/reported-conversations/', admin.auth);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    const ids = list.results.map((r: { id: string }) => r.id);
    expect(ids).toContain(conversationId);
    expect(ids).not.toContain(quietId);
    expect(list.count).toBe(ids.length);
    expect(list.results.find((r: { id: string }) => r.id === conversationId)).toMatchObject({
      tutor_name: 'Abebe Bekele',
      family_name: 'Almaz Kebede',
      open_reports: 3,
      status: 'open',
    });
    expect(res.body).not.toContain('Rude words here');
    // An admin cannot read an unreported conversation through the queue.
    const quiet = await inject('GET', `/api/admin/reported-conversations/${quietId}/`, admin.auth);
    expect(quiet.statusCode).toBe(404);
    expect(quiet.body).not.toContain('Hello tutor');
  });

  it('reading a reported conversation writes a trail entry, listed in the next read, newest first', async () => {
    const url = `/api/admin/reported-conversations/${conversationId}/`;
    const first = (await inject('GET', url, admin.auth)).json();
    expect(first.messages.map((m: { body: string }) => m.body)).toEqual(['Hello tutor', 'Rude words here']);
    expect(first.reports).toHaveLength(3);
    expect(
      first.reports.find((r: { message_id: string | null }) => r.message_id === tutorMessageId),
    ).toMatchObject({ reporter_name: 'Almaz Kebede', reason: 'Rude language', status: 'open' });
    expect(first.read_trail).toHaveLength(1);
    expect(first.read_trail[0].admin_name).toBe('Hana Office');
    const second = (await inject('GET', url, admin.auth)).json();
    expect(second.read_trail).toHaveLength(2);
    expect(second.read_trail[0].read_at >= second.read_trail[1].read_at).toBe(true);
    const [audit] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from audit_log where entity_type = 'reported_conversation'
        and entity_id = ${conversationId} and action = 'read' and actor_user_id = ${admin.id}`,
    );
    expect(audit!.n).toBe(2);
  });

  it('an admin resolves the open reports; the reporters hear it was reviewed; the queue shows it resolved', async () => {
    const url = `/api/admin/reported-conversations/${conversationId}/resolve/`;
    expect((await inject('POST', url, admin.auth, { resolution: ' ' })).statusCode).toBe(400);
    const res = await inject('POST', url, admin.auth, { resolution: 'Spoke with the tutor.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ resolved: 3 });
    expect((await inject('POST', url, admin.auth, { resolution: 'Again' })).statusCode).toBe(409);
    const familyMails = await mailsTo(family.email);
    expect(familyMails.filter((m) => m.subject === 'Your report was reviewed')).toHaveLength(1);
    expect(familyMails.at(-1)!.text).not.toContain('Spoke with the tutor');
    expect((await mailsTo(tutor.email)).some((m) => m.subject === 'Your report was reviewed')).toBe(true);
    const detail = (
      await inject('GET', `/api/admin/reported-conversations/${conversationId}/`, admin.auth)
    ).json();
    expect(detail.status).toBe('resolved');
    expect(detail.reports[0]).toMatchObject({
      status: 'resolved',
      resolution: 'Spoke with the tutor.',
      resolved_by_name: 'Hana Office',
    });
    const [audit] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from audit_log where entity_type = 'reported_conversation'
        and entity_id = ${conversationId} and action = 'resolve'`,
    );
    expect(audit!.n).toBe(1);
    // Resolved, the same message may be reported again: a new open report.
    const anew = await inject('POST', `/api/student/messages/${conversationId}/report/`, family.auth, {
      message_id: tutorMessageId,
      reason: 'It happened again',
    });
    expect(anew.statusCode).toBe(201);
  });

  it(`allows ${MAX_REPORTS_PER_HOUR} reports an hour per account, then 429`, async () => {
    const p = await pair('Busy Tutor', 'Busy Family');
    const ids: string[] = [];
    for (let i = 0; i <= MAX_REPORTS_PER_HOUR; i += 1) {
      const sent = await inject('POST', `/api/tutor/messages/${p.id}/`, p.tutor.auth, {
        body: `Message ${i}`,
      });
      ids.push(sent.json().id);
    }
    const url = `/api/student/messages/${p.id}/report/`;
    for (let i = 0; i < MAX_REPORTS_PER_HOUR; i += 1) {
      const res = await inject('POST', url, p.family.auth, { message_id: ids[i], reason: `Report ${i}` });
      expect(res.statusCode).toBe(201);
    }
    const over = await inject('POST', url, p.family.auth, {
      message_id: ids[MAX_REPORTS_PER_HOUR],
      reason: 'One more',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toBe('Too many reports. Please try again in an hour.');
    // The limit is the reporter's, not the conversation's: the tutor may still report.
    const tutorSide = await inject('POST', `/api/tutor/messages/${p.id}/report/`, p.tutor.auth, {
      message_id: p.familyMessageId,
      reason: 'Also',
    });
    expect(tutorSide.statusCode).toBe(201);
  });

  it('familyMessageId is reportable by the tutor (the other side)', async () => {
    const res = await inject('POST', `/api/tutor/messages/${conversationId}/report/`, tutor.auth, {
      message_id: familyMessageId,
      reason: 'Threatening',
    });
    expect(res.statusCode).toBe(201);
  });
});
