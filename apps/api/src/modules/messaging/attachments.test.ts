import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@tibeb/domain/messages/contracts';
import { attachmentMessages as am } from '@tibeb/domain/messages/attachments';
import { multipartBody } from '../../platform/storage/uploads.fixtures.ts';
import { removeUnusedUploads } from '../../platform/storage/private-files.repository.ts';
import { privateStorage } from '../../platform/storage/private-storage.ts';
import { queryRows } from '../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createUser, linkedFamilyBooking, mondayAhead } from '../bookings/lifecycle/test/fixtures.ts';

/** Files in messages (issue 30 item 5, decision 269): private to the conversation's two sides (and admins once reported). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
let week = 1;
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

async function upload(headers: Headers, area: 'tutor' | 'student', data: Buffer, name: string, type: string) {
  const body = multipartBody(name, type, data);
  return t.app.inject({
    method: 'POST',
    url: `/api/${area}/files/`,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}

async function pair() {
  const b = await linkedFamilyBooking(t.app, { date: mondayAhead((week += 1)) });
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/student/messages/',
    headers: b.family.headers,
    payload: { tutor_id: b.tutor.id },
  });
  expect(start.statusCode, start.body).toBe(200);
  return { ...b, conversationId: (start.json() as { id: string }).id };
}

describe('attachments in messages', () => {
  it('sends a PDF and an image; both sides read them, another family, a tutor or an admin get 404', async () => {
    const p = await pair();
    const up = await upload(p.family.headers, 'student', PDF, 'Report card.pdf', 'application/pdf');
    expect(up.statusCode, up.body).toBe(201);
    const fileId = (up.json() as { id: string }).id;
    const send = await t.app.inject({
      method: 'POST',
      url: `/api/student/messages/${p.conversationId}/`,
      headers: p.family.headers,
      payload: { body: '', attachment_id: fileId },
    });
    expect(send.statusCode, send.body).toBe(201);
    const img = await upload(p.tutor.account.headers, 'tutor', JPEG, 'board.jpg', 'image/jpeg');
    const sendImg = await t.app.inject({
      method: 'POST',
      url: `/api/tutor/messages/${p.conversationId}/`,
      headers: p.tutor.account.headers,
      payload: { body: 'The board from today', attachment_id: (img.json() as { id: string }).id },
    });
    expect(sendImg.statusCode, sendImg.body).toBe(201);

    const conv = await t.app.inject({
      method: 'GET',
      url: `/api/tutor/messages/${p.conversationId}/`,
      headers: p.tutor.account.headers,
    });
    const [first, second] = (conv.json() as Conversation).messages;
    const url = `/api/messages/${p.conversationId}/files/${fileId}/`;
    expect(first).toMatchObject({
      body: '',
      attachment: {
        id: fileId,
        name: 'Report card.pdf',
        content_type: 'application/pdf',
        size_bytes: PDF.length,
        url,
      },
    });
    expect(second!.attachment).toMatchObject({ name: 'board.jpg', content_type: 'image/jpeg' });
    // The list shows the file's name for a message without text... of the latest message (here with text).
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/student/messages/',
      headers: p.family.headers,
    });
    expect(list.json()).toEqual([expect.objectContaining({ last_message: 'The board from today' })]);

    for (const headers of [p.family.headers, p.tutor.account.headers]) {
      const file = await t.app.inject({ method: 'GET', url, headers });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/^attachment;/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    }
    const image = await t.app.inject({
      method: 'GET',
      url: second!.attachment!.url,
      headers: p.family.headers,
    });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['content-disposition']).toMatch(/^inline;/);
    expect(image.headers['content-security-policy']).toContain('sandbox');

    const other = await pair();
    const admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
    for (const headers of [other.family.headers, other.tutor.account.headers, admin.headers]) {
      const file = await t.app.inject({ method: 'GET', url, headers });
      expect(file.statusCode).toBe(404);
      expect(file.json()).toMatchObject({ detail: am.notFound });
    }
    // The same file asked for through another conversation (the reader's own): 404.
    const sideways = await t.app.inject({
      method: 'GET',
      url: `/api/messages/${other.conversationId}/files/${fileId}/`,
      headers: other.family.headers,
    });
    expect(sideways.statusCode).toBe(404);
    // Once the conversation is reported, admins read its files.
    await t.app.db.execute(
      sql`insert into message_reports (conversation_id, reporter_user_id, reason)
        values (${p.conversationId}, ${p.family.id}, 'test')`,
    );
    expect((await t.app.inject({ method: 'GET', url, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    // The admin's read is in the conversation's read trail, as a read of its messages is.
    const trail = await queryRows<{ actor_user_id: string }>(
      t.app.db,
      sql`select actor_user_id from audit_log
        where entity_type = 'reported_conversation' and entity_id = ${p.conversationId} and action = 'read'`,
    );
    expect(trail.map((r) => r.actor_user_id)).toEqual([admin.id]);
  });

  it('an upload is its uploader’s only, once; text or a file is needed', async () => {
    const p = await pair();
    const other = await pair();
    const up = await upload(other.family.headers, 'student', PDF, 'theirs.pdf', 'application/pdf');
    const theirs = (up.json() as { id: string }).id;
    const stolen = await t.app.inject({
      method: 'POST',
      url: `/api/student/messages/${p.conversationId}/`,
      headers: p.family.headers,
      payload: { body: 'look', attachment_id: theirs },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ detail: am.notYourUpload });
    const mine = (
      (await upload(p.family.headers, 'student', PDF, 'mine.pdf', 'application/pdf')).json() as { id: string }
    ).id;
    const send = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/student/messages/${p.conversationId}/`,
        headers: p.family.headers,
        payload,
      });
    expect((await send({ body: 'one', attachment_id: mine })).statusCode).toBe(201);
    expect((await send({ body: 'twice', attachment_id: mine })).statusCode).toBe(400);
    expect((await send({ body: '  ' })).statusCode).toBe(400);
    expect((await send({ attachment_id: 'nope' })).statusCode).toBe(400);
    // A wrong type is refused by its bytes.
    const bad = await upload(p.family.headers, 'student', Buffer.from('<html>'), 'x.png', 'image/png');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ detail: am.type });
  });
});

describe('uploads nothing uses', () => {
  it('are removed with their bytes a day after they were made; attached ones stay; an old upload cannot be attached', async () => {
    const p = await pair();
    const store = await privateStorage(t.config);
    const unused = (
      await upload(p.family.headers, 'student', PDF, 'draft.pdf', 'application/pdf')
    ).json() as {
      id: string;
    };
    const used = (await upload(p.family.headers, 'student', PDF, 'sent.pdf', 'application/pdf')).json() as {
      id: string;
    };
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/student/messages/${p.conversationId}/`,
      headers: p.family.headers,
      payload: { body: 'Here it is', attachment_id: used.id },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const keyOf = async (id: string) =>
      (
        await queryRows<{ storage_key: string }>(
          t.app.db,
          sql`select storage_key from private_files where id = ${id}`,
        )
      )[0]?.storage_key;
    const unusedKey = (await keyOf(unused.id))!;
    // Both made 21 hours ago: too old to attach now, not yet old enough to remove.
    const mine = [unused.id, used.id];
    await t.app.db.execute(sql`delete from private_files where id not in (${sql.join(
      mine.map((id) => sql`${id}`),
      sql`, `,
    )})
      and not exists (select 1 from messages where attachment_file_id = private_files.id)
      and not exists (select 1 from homework where attachment_file_id = private_files.id)`);
    await t.app.db.execute(sql`update private_files set created_at = now() - interval '21 hours'`);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/student/messages/${p.conversationId}/`,
      headers: p.family.headers,
      payload: { body: 'late', attachment_id: unused.id },
    });
    expect(late.statusCode).toBe(400);
    expect(await removeUnusedUploads(t.app.db, store)).toBe(0);
    // A day later: the unused one goes, rows and bytes; the sent one stays.
    await t.app.db.execute(sql`update private_files set created_at = now() - interval '25 hours'`);
    expect(await removeUnusedUploads(t.app.db, store)).toBe(1);
    expect(await keyOf(unused.id)).toBeUndefined();
    expect(await store.get(unusedKey)).toBeNull();
    expect(await keyOf(used.id)).toBeDefined();
  });
});
