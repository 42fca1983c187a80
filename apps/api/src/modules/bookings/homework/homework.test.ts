import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Homework } from '@tibeb/domain/homework/contracts';
import { homeworkMessages as msg } from '@tibeb/domain/homework/contracts';
import { attachmentMessages as am, PRIVATE_FILE_UPLOADS_PER_DAY } from '@tibeb/domain/messages/attachments';
import { queryRows } from '../../../platform/db/client.ts';
import { multipartBody } from '../../../platform/storage/uploads.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  createTutorWithAccount,
  createUser,
  linkedFamilyBooking,
  mondayAhead,
} from '../lifecycle/test/fixtures.ts';

/** Homework (issue 30 item 5, decision 270) and its private file (decision 269). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
let week = 1;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  headers?: Headers,
  payload?: object,
) => t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

async function upload(headers: Headers, data: Buffer, name: string, type: string, area = 'tutor') {
  const body = multipartBody(name, type, data);
  return t.app.inject({
    method: 'POST',
    url: `/api/${area}/files/`,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}

async function lesson() {
  const booking = await linkedFamilyBooking(t.app, { date: mondayAhead((week += 1)) });
  return { ...booking, sessionId: booking.summary.sessions[0]!.id };
}

async function setWithPdf(b: Awaited<ReturnType<typeof lesson>>, name = 'Fractions worksheet.pdf') {
  const up = await upload(b.tutor.account.headers, PDF, name, 'application/octet-stream');
  expect(up.statusCode, up.body).toBe(201);
  const fileId = (up.json() as { id: string }).id;
  const res = await inject('POST', `/api/tutor/sessions/${b.sessionId}/homework/`, b.tutor.account.headers, {
    text: 'Exercises 1–10 on page 42.',
    due_on: inDays(7),
    attachment_id: fileId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Homework;
}

describe('setting homework', () => {
  it('sets it with a PDF, e-mails the family, and both sides read it; another family or tutor gets 404', async () => {
    const b = await lesson();
    const hw = await setWithPdf(b);
    expect(hw).toMatchObject({
      session_id: b.sessionId,
      text: 'Exercises 1–10 on page 42.',
      due_on: inDays(7),
      done_at: null,
      tutor_note: '',
      attachment: {
        name: 'Fractions worksheet.pdf',
        content_type: 'application/pdf',
        size_bytes: PDF.length,
      },
    });
    expect(hw.attachment!.url).toBe(`/api/homework/${hw.id}/file/`);

    const mails = await queryRows<{ subject: string; text: string }>(
      t.app.db,
      sql`select subject, text from mail_outbox where "to" = ${b.family.email}`,
    );
    const mail = mails.find((m) => m.subject === 'New homework for Liya Tesfaye');
    expect(mail?.text).toContain('Exercises 1–10 on page 42.');
    expect(mail?.text).toContain('Fractions worksheet.pdf');
    expect(mail?.text).toContain('/student/progress');

    const list = await inject('GET', '/api/student/homework/', b.family.headers);
    expect(list.statusCode).toBe(200);
    expect((list.json() as Homework[]).map((h) => h.id)).toEqual([hw.id]);
    const mine = await inject('GET', '/api/tutor/homework/', b.tutor.account.headers);
    expect((mine.json() as Homework[]).map((h) => h.id)).toContain(hw.id);

    for (const headers of [b.family.headers, b.tutor.account.headers]) {
      const file = await inject('GET', hw.attachment!.url, headers);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Fractions worksheet.pdf"/);
      expect(file.rawPayload.equals(PDF)).toBe(true);
    }

    const other = await lesson();
    for (const headers of [other.family.headers, other.tutor.account.headers]) {
      const file = await inject('GET', hw.attachment!.url, headers);
      expect(file.statusCode).toBe(404);
      expect((await inject('GET', '/api/student/homework/', other.family.headers)).json()).toEqual([]);
    }
    const admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
    expect((await inject('GET', hw.attachment!.url, admin.headers)).statusCode).toBe(404);
    expect((await inject('GET', hw.attachment!.url)).statusCode).toBe(401);
    expect(
      (await inject('POST', `/api/student/homework/${hw.id}/done/`, other.family.headers, { done: true }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await inject('PUT', `/api/tutor/homework/${hw.id}/note/`, other.tutor.account.headers, {
          tutor_note: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await inject('PATCH', `/api/tutor/homework/${hw.id}/`, other.tutor.account.headers, {
          text: 'x',
          due_on: inDays(3),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await inject('DELETE', `/api/tutor/homework/${hw.id}/`, other.tutor.account.headers)).statusCode,
    ).toBe(404);
    // Another tutor cannot set homework on this lesson.
    const onTheirs = await inject(
      'POST',
      `/api/tutor/sessions/${b.sessionId}/homework/`,
      other.tutor.account.headers,
      {
        text: 'Mine now.',
        due_on: inDays(3),
      },
    );
    expect(onTheirs.statusCode).toBe(404);
  });

  it('an Amharic family gets the e-mail in Amharic', async () => {
    const b = await lesson();
    await t.app.db.execute(sql`update users set locale = 'am' where id = ${b.family.id}`);
    await setWithPdf(b);
    const [mail] = await queryRows<{ subject: string; text: string }>(
      t.app.db,
      sql`select subject, text from mail_outbox where "to" = ${b.family.email} and subject like '%የቤት ሥራ%'`,
    );
    expect(mail?.subject).toBe('ለLiya Tesfaye አዲስ የቤት ሥራ');
    expect(mail?.text).toContain('እድገት');
  });

  it('checks the text, the due date, the lesson and the file', async () => {
    const b = await lesson();
    const url = `/api/tutor/sessions/${b.sessionId}/homework/`;
    const h = b.tutor.account.headers;
    const empty = await inject('POST', url, h, { text: '   ', due_on: inDays(2) });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(msg.textRequired);
    expect((await inject('POST', url, h, { text: 'x'.repeat(4001), due_on: inDays(2) })).statusCode).toBe(
      400,
    );
    const past = await inject('POST', url, h, { text: 'Read.', due_on: inDays(-2) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ detail: msg.dueInPast, code: 'homework_due_in_past' });
    expect((await inject('POST', url, h, { text: 'Read.', due_on: '2026-02-30' })).statusCode).toBe(400);
    expect((await inject('POST', url, h, { text: 'Read.', due_on: today() })).statusCode).toBe(201);
    expect(
      (await inject('POST', '/api/tutor/sessions/nope/homework/', h, { text: 'x', due_on: today() }))
        .statusCode,
    ).toBe(400);
    // Another user's upload cannot be attached (nor an upload used already).
    const theirs = await upload(b.family.headers, PDF, 'mine.pdf', 'application/pdf', 'student');
    expect(theirs.statusCode).toBe(201);
    const stolen = await inject('POST', url, h, {
      text: 'Read.',
      due_on: today(),
      attachment_id: (theirs.json() as { id: string }).id,
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ detail: am.notYourUpload });
    const used = await setWithPdf(b);
    const again = await inject('POST', url, h, {
      text: 'Again.',
      due_on: today(),
      attachment_id: used.attachment!.id,
    });
    expect(again.statusCode).toBe(400);
    // A cancelled lesson takes none.
    await t.app.db.execute(
      sql`update sessions set status = 'cancelled' where id = ${b.summary.sessions[1]!.id}`,
    );
    const cancelled = await inject('POST', `/api/tutor/sessions/${b.summary.sessions[1]!.id}/homework/`, h, {
      text: 'Read.',
      due_on: today(),
    });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ detail: msg.notPaid });
  });
});

describe('files', () => {
  it('refuses a wrong type by its bytes, a file over 5 MB, and a tutor over the daily bound', async () => {
    const tutor = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const h = tutor.account.headers;
    const exe = await upload(h, Buffer.from('MZ not a pdf at all'), 'homework.pdf', 'application/pdf');
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ detail: am.type, code: 'attachment_type' });
    const big = await upload(
      h,
      Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]),
      'big.pdf',
      'application/pdf',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ detail: am.tooLarge });
    // A PNG named .pdf is stored as the PNG it is, its name cleaned.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const ok = await upload(h, png, '../../etc/pass<wd>.pdf', 'application/pdf');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ content_type: 'image/png', name: 'passwd.png', url: '' });
    await t.app.db.execute(
      sql`insert into private_files (uploader_user_id, storage_key, file_name, content_type, size_bytes)
        select ${tutor.account.id}, 'private/' || gen_random_uuid(), 'x.pdf', 'application/pdf', 1
        from generate_series(1, ${PRIVATE_FILE_UPLOADS_PER_DAY})`,
    );
    const over = await upload(h, PDF, 'one more.pdf', 'application/pdf');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ detail: am.tooMany });
  });
});

describe('done, note, edit and delete', () => {
  it('the family marks it done and undoes it; the tutor notes it; a done one cannot change', async () => {
    const b = await lesson();
    const hw = await setWithPdf(b);
    const doneUrl = `/api/student/homework/${hw.id}/done/`;
    const done = await inject('POST', doneUrl, b.family.headers, { done: true });
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as Homework).done_at).not.toBeNull();
    // The tutor sees it done and adds a note; the family reads it.
    const [seen] = (
      await inject('GET', '/api/tutor/homework/', b.tutor.account.headers)
    ).json() as Homework[];
    expect(seen?.done_at).not.toBeNull();
    const note = await inject('PUT', `/api/tutor/homework/${hw.id}/note/`, b.tutor.account.headers, {
      tutor_note: '  Well done: all correct.  ',
    });
    expect(note.statusCode, note.body).toBe(200);
    const [family] = (await inject('GET', '/api/student/homework/', b.family.headers)).json() as Homework[];
    expect(family).toMatchObject({ tutor_note: 'Well done: all correct.' });
    expect(
      (
        await inject('PUT', `/api/tutor/homework/${hw.id}/note/`, b.tutor.account.headers, {
          tutor_note: 'x'.repeat(2001),
        })
      ).statusCode,
    ).toBe(400);

    const edit = await inject('PATCH', `/api/tutor/homework/${hw.id}/`, b.tutor.account.headers, {
      text: 'Changed.',
      due_on: inDays(3),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ detail: msg.alreadyDone });
    expect(
      (await inject('DELETE', `/api/tutor/homework/${hw.id}/`, b.tutor.account.headers)).statusCode,
    ).toBe(409);

    const undo = await inject('POST', doneUrl, b.family.headers, { done: false });
    expect((undo.json() as Homework).done_at).toBeNull();
    const edited = await inject('PATCH', `/api/tutor/homework/${hw.id}/`, b.tutor.account.headers, {
      text: 'Exercises 1–12.',
      due_on: inDays(3),
      attachment_id: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ text: 'Exercises 1–12.', due_on: inDays(3), attachment: null });
    // The file went with it: its address answers 404, its row is gone.
    expect((await inject('GET', hw.attachment!.url, b.family.headers)).statusCode).toBe(404);
    const rows = await queryRows(t.app.db, sql`select id from private_files where id = ${hw.attachment!.id}`);
    expect(rows).toEqual([]);

    const del = await inject('DELETE', `/api/tutor/homework/${hw.id}/`, b.tutor.account.headers);
    expect(del.statusCode).toBe(204);
    expect((await inject('GET', '/api/student/homework/', b.family.headers)).json()).toEqual([]);
    expect((await inject('POST', doneUrl, b.family.headers, { done: true })).statusCode).toBe(404);
    expect((await inject('POST', doneUrl, b.family.headers, { done: 'yes' })).statusCode).toBe(400);
  });
});
