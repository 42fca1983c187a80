import { describe, expect, it } from 'vitest';
import { cancelOutcome, mayReschedule } from './lifecycle.ts';
import {
  askOfficeBodySchema,
  moveRequestExpired,
  tutorCancelBodySchema,
  tutorMoveNeedsConsent,
} from './tutor-changes.ts';

const now = new Date('2026-03-02T06:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000);

describe("the tutor's side of changes (decision 260)", () => {
  it('a move inside the notice window needs the family’s consent; at the limit or outside it does not', () => {
    expect(tutorMoveNeedsConsent(inHours(5), now, 12)).toBe(true);
    expect(tutorMoveNeedsConsent(inHours(12), now, 12)).toBe(false);
    expect(tutorMoveNeedsConsent(inHours(30), now, 12)).toBe(false);
    expect(mayReschedule({ startsAt: inHours(5), now, noticeHours: 12, actor: 'tutor' })).toBe(false);
  });

  it('a tutor’s cancellation always gives the value back, inside the window too', () => {
    expect(
      cancelOutcome({ startsAt: inHours(1), now, noticeHours: 12, actor: 'tutor', choice: 'credit' }),
    ).toBe('credit');
    expect(
      cancelOutcome({ startsAt: inHours(1), now, noticeHours: 12, actor: 'family', choice: 'credit' }),
    ).toBe('none');
  });

  it('a request expires when its lesson starts', () => {
    expect(moveRequestExpired(inHours(0), now)).toBe(true);
    expect(moveRequestExpired(inHours(-1), now)).toBe(true);
    expect(moveRequestExpired(inHours(0.01), now)).toBe(false);
  });

  it('a reason is required and bounded; the office message too', () => {
    expect(tutorCancelBodySchema.safeParse({ reason: ' ' }).success).toBe(false);
    expect(tutorCancelBodySchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
    expect(tutorCancelBodySchema.parse({ reason: ' Ill ' })).toEqual({ scope: 'one', reason: 'Ill' });
    expect(askOfficeBodySchema.safeParse({ message: 'x'.repeat(2001) }).success).toBe(false);
    expect(askOfficeBodySchema.parse({ message: 'Help' })).toEqual({ message: 'Help', session_ids: [] });
  });
});
