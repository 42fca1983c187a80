import { describe, expect, it } from 'vitest';
import {
  HOMEWORK_TEXT_MAX,
  homeworkBodySchema,
  homeworkMessages as msg,
  homeworkNoteSchema,
  isDueDateAllowed,
  isHomeworkEditable,
  isOverdue,
} from './contracts.ts';

const errorsOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('homework rules', () => {
  it('needs text of 1–4000 characters (cleaned) and a real date', () => {
    expect(
      homeworkBodySchema.parse({ text: '  Read p. 4\r\n\r\n\r\n\r\nand 5 ', due_on: '2026-12-01' }),
    ).toEqual({
      text: 'Read p. 4\n\nand 5',
      due_on: '2026-12-01',
    });
    expect(errorsOf(homeworkBodySchema.safeParse({ text: ' \n ', due_on: '2026-12-01' }))).toEqual([
      msg.textRequired,
    ]);
    expect(
      errorsOf(
        homeworkBodySchema.safeParse({ text: 'x'.repeat(HOMEWORK_TEXT_MAX + 1), due_on: '2026-12-01' }),
      ),
    ).toEqual([msg.textTooLong]);
    expect(
      homeworkBodySchema.safeParse({ text: 'x'.repeat(HOMEWORK_TEXT_MAX), due_on: '2026-12-01' }).success,
    ).toBe(true);
    for (const due_on of ['2026-02-30', '1.12.2026', '', '2026-12-1']) {
      expect(errorsOf(homeworkBodySchema.safeParse({ text: 'x', due_on }))).toEqual([msg.dueRequired]);
    }
    expect(
      homeworkBodySchema.safeParse({ text: 'x', due_on: '2026-12-01', attachment_id: null }).success,
    ).toBe(true);
    expect(
      homeworkBodySchema.safeParse({ text: 'x', due_on: '2026-12-01', attachment_id: 'file' }).success,
    ).toBe(false);
  });

  it('a due date is today or later; overdue is past it and not done; a done one is no longer editable', () => {
    expect(isDueDateAllowed('2026-11-29', '2026-11-29')).toBe(true);
    expect(isDueDateAllowed('2026-11-28', '2026-11-29')).toBe(false);
    expect(isOverdue({ done_at: null, due_on: '2026-11-28' }, '2026-11-29')).toBe(true);
    expect(isOverdue({ done_at: '2026-11-29T10:00:00Z', due_on: '2026-11-28' }, '2026-11-29')).toBe(false);
    expect(isOverdue({ done_at: null, due_on: '2026-11-29' }, '2026-11-29')).toBe(false);
    expect(isHomeworkEditable({ done_at: null })).toBe(true);
    expect(isHomeworkEditable({ done_at: '2026-11-29T10:00:00Z' })).toBe(false);
  });

  it('a note is at most 2000 characters, and may be empty', () => {
    expect(homeworkNoteSchema.parse({ tutor_note: '  ' })).toEqual({ tutor_note: '' });
    expect(errorsOf(homeworkNoteSchema.safeParse({ tutor_note: 'x'.repeat(2001) }))).toEqual([
      msg.noteTooLong,
    ]);
  });
});
