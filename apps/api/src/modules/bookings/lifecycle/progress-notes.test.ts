import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_NOTE_MAX } from '@tibeb/domain/bookings/lifecycle';
import { progressNoteMessages as msg } from '@tibeb/domain/bookings/progress-notes';
import type { FamilyProgress } from '@tibeb/domain/family/contracts';
import type { TutorSessions } from '@tibeb/domain/sessions/tutor-area';
import { progressNotes } from '../../../platform/db/schema/bookings.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  createTutorWithAccount,
  createUser,
  linkedFamilyBooking,
  mondayAhead,
  setSessionStart,
} from './test/fixtures.ts';

/** Correcting a progress note (issue 31 item 6, decision 261): 7 days, its own tutor, the family sees the current text. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
let week = 1;

type Headers = Record<string, string>;
const inject = (
  method: 'GET' | 'PATCH' | 'DELETE' | 'POST',
  url: string,
  headers?: Headers,
  payload?: object,
) => t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
const noteUrl = (sessionId: string) => `/api/bookings/sessions/${sessionId}/progress-note/`;

/** A held lesson (started 2 hours ago) marked attended with a note by its tutor. */
async function notedLesson(note = 'Fractions: well done.') {
  const booking = await linkedFamilyBooking(t.app, { date: mondayAhead((week += 1)) });
  const session = booking.summary.sessions[0]!;
  await setSessionStart(t.app.db, session.id, new Date(Date.now() - 2 * HOUR));
  const mark = await inject(
    'POST',
    `/api/bookings/sessions/${session.id}/attendance/`,
    booking.tutor.account.headers,
    {
      status: 'attended',
      note,
    },
  );
  expect(mark.statusCode, mark.body).toBe(200);
  return { ...booking, sessionId: session.id };
}

async function familyNotes(headers: Headers) {
  const res = await inject('GET', '/api/student/progress-by-student/', headers);
  expect(res.statusCode).toBe(200);
  return (res.json() as FamilyProgress).flatMap((s) => s.notes);
}

async function tutorNote(headers: Headers, sessionId: string) {
  // The lesson started 2 hours ago: yesterday to tomorrow holds it.
  const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const res = await inject('GET', `/api/tutor/sessions/?days=3&from=${from}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as TutorSessions;
  return body.sessions.find((s) => s.id === sessionId)?.note;
}

async function auditOf(reservationId: string) {
  const admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
  const res = await inject(
    'GET',
    `/api/admin/audit/?entity_type=reservation&entity_id=${reservationId}`,
    admin.headers,
  );
  expect(res.statusCode).toBe(200);
  return res.json() as { action: string; actor_user_id: string | null; before: unknown; after: unknown }[];
}

describe('editing a progress note', () => {
  it('within 7 days: the family reads the new text marked edited, the audit keeps the old one', async () => {
    const { tutor, family, summary, sessionId } = await notedLesson();
    expect(await familyNotes(family.headers)).toEqual([
      expect.objectContaining({ note: 'Fractions: well done.', edited_at: null }),
    ]);
    const read = await inject('GET', noteUrl(sessionId), tutor.account.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ note: 'Fractions: well done.', edited_at: null, editable: true });

    const edit = await inject('PATCH', noteUrl(sessionId), tutor.account.headers, {
      note: '  Decimals, not fractions: well done.  ',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ note: 'Decimals, not fractions: well done.', editable: true });
    expect((edit.json() as { edited_at: string | null }).edited_at).not.toBeNull();

    const notes = await familyNotes(family.headers);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ note: 'Decimals, not fractions: well done.' });
    expect(notes[0]!.edited_at).not.toBeNull();
    expect(await tutorNote(tutor.account.headers, sessionId)).toBe('Decimals, not fractions: well done.');

    const trail = await auditOf(summary.id);
    expect(trail[0]).toMatchObject({
      action: 'progress_note.edit',
      actor_user_id: tutor.account.id,
      before: { session: sessionId, note: 'Fractions: well done.' },
      after: { session: sessionId, note: 'Decimals, not fractions: well done.' },
    });
  });

  it('after 7 days is refused with a clear message (edit and withdrawal), and the note stays as it was', async () => {
    const { tutor, family, sessionId } = await notedLesson('Old note.');
    await t.app.db
      .update(progressNotes)
      .set({ createdAt: new Date(Date.now() - 7 * 24 * HOUR - 60_000) })
      .where(eq(progressNotes.sessionId, sessionId));
    const read = await inject('GET', noteUrl(sessionId), tutor.account.headers);
    expect(read.json()).toMatchObject({ editable: false });
    const edit = await inject('PATCH', noteUrl(sessionId), tutor.account.headers, { note: 'Too late.' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ detail: msg.editWindowClosed(7), code: 'edit_window_closed' });
    const withdraw = await inject('DELETE', noteUrl(sessionId), tutor.account.headers);
    expect(withdraw.statusCode).toBe(409);
    expect((await familyNotes(family.headers)).map((n) => n.note)).toEqual(['Old note.']);
  });

  it('only its own tutor may change it: another tutor, the family, an admin and a visitor cannot', async () => {
    const { family, sessionId } = await notedLesson('Mine.');
    const other = await createTutorWithAccount(t.app.db, t.config.jwtSecret);
    const admin = await createUser(t.app.db, t.config.jwtSecret, 'admin');
    for (const headers of [other.account.headers, family.headers, admin.headers]) {
      expect((await inject('PATCH', noteUrl(sessionId), headers, { note: 'Not mine.' })).statusCode).toBe(
        403,
      );
      expect((await inject('DELETE', noteUrl(sessionId), headers)).statusCode).toBe(403);
    }
    expect((await inject('GET', noteUrl(sessionId), other.account.headers)).statusCode).toBe(403);
    expect((await inject('GET', noteUrl(sessionId), family.headers)).statusCode).toBe(403);
    expect((await inject('PATCH', noteUrl(sessionId), undefined, { note: 'x' })).statusCode).toBe(401);
    expect((await familyNotes(family.headers)).map((n) => n.note)).toEqual(['Mine.']);
  });

  it('checks the text: empty or longer than the limit is a 400, a bad id a 400, a lesson without a note a 404', async () => {
    const { tutor, summary, sessionId } = await notedLesson('Fine.');
    const empty = await inject('PATCH', noteUrl(sessionId), tutor.account.headers, { note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(msg.noteRequired);
    const long = await inject('PATCH', noteUrl(sessionId), tutor.account.headers, {
      note: 'x'.repeat(PROGRESS_NOTE_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect((await inject('PATCH', noteUrl('nope'), tutor.account.headers, { note: 'x' })).statusCode).toBe(
      400,
    );
    const unnoted = summary.sessions[1]!.id;
    const none = await inject('PATCH', noteUrl(unnoted), tutor.account.headers, { note: 'x' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ detail: msg.noteNotFound });
  });
});

describe('withdrawing a progress note', () => {
  it('hides it from the family’s progress and the tutor’s week, and records the text in the audit', async () => {
    const { tutor, family, summary, sessionId } = await notedLesson('Wrong student, sorry.');
    const res = await inject('DELETE', noteUrl(sessionId), tutor.account.headers);
    expect(res.statusCode, res.body).toBe(204);
    expect(await familyNotes(family.headers)).toEqual([]);
    expect(await tutorNote(tutor.account.headers, sessionId)).toBeNull();
    expect((await inject('GET', noteUrl(sessionId), tutor.account.headers)).statusCode).toBe(404);
    // Nothing left to withdraw or edit.
    expect((await inject('DELETE', noteUrl(sessionId), tutor.account.headers)).statusCode).toBe(404);
    const trail = await auditOf(summary.id);
    expect(trail[0]).toMatchObject({
      action: 'progress_note.withdraw',
      before: { session: sessionId, note: 'Wrong student, sorry.' },
      after: { session: sessionId, withdrawn: true },
    });
  });
});
