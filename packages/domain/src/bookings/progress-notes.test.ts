import { describe, expect, it } from 'vitest';
import { availableQuery } from './available.ts';
import { PROGRESS_NOTE_MAX } from './lifecycle.ts';
import {
  isNoteEditable,
  noteEditableUntil,
  progressNoteBodySchema,
  progressNoteMessages,
} from './progress-notes.ts';

describe('progress note corrections (decision 261)', () => {
  const written = new Date('2031-03-03T10:00:00Z');
  it('may change for exactly 7 days after it was written', () => {
    expect(noteEditableUntil(written).toISOString()).toBe('2031-03-10T10:00:00.000Z');
    expect(isNoteEditable(written, new Date('2031-03-10T10:00:00Z'))).toBe(true);
    expect(isNoteEditable(written, new Date('2031-03-10T10:00:01Z'))).toBe(false);
    expect(isNoteEditable(written.toISOString(), new Date('2031-03-04T00:00:00Z'))).toBe(true);
  });
  it('needs a text within the limit, trimmed', () => {
    expect(progressNoteBodySchema.parse({ note: '  Good.  ' })).toEqual({ note: 'Good.' });
    const empty = progressNoteBodySchema.safeParse({ note: '   ' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(progressNoteMessages.noteRequired);
    expect(progressNoteBodySchema.safeParse({ note: 'x'.repeat(PROGRESS_NOTE_MAX + 1) }).success).toBe(false);
  });
});

describe('a move dialog asks for free times without its own lesson', () => {
  it('sends except_session only when moving a lesson', () => {
    const plain = availableQuery({ tutorId: 7, year: 2031, month: 3, durationMinutes: 60 });
    expect(plain).not.toHaveProperty('except_session');
    expect(
      availableQuery({ tutorId: 7, year: 2031, month: 3, durationMinutes: 60, exceptSessionId: 'abc' }),
    ).toMatchObject({ except_session: 'abc', only_future: '1' });
  });
});
