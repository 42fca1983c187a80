import { describe, expect, it } from 'vitest';
import {
  disputeBodySchema,
  dueOutcome,
  incidentDeadline,
  interruptionBodySchema,
  makeupStartAllowed,
  mayReport,
  reportDeadline,
} from './incidents.ts';

const startsAt = new Date('2026-03-02T07:00:00Z');
const endsAt = new Date('2026-03-02T08:00:00Z');
const at = (iso: string) => new Date(iso);

describe('mayReport', () => {
  it('opens at the start and closes 24 hours after the end', () => {
    const base = {
      kind: 'interruption' as const,
      by: 'family' as const,
      status: 'scheduled',
      startsAt,
      endsAt,
    };
    expect(mayReport({ ...base, now: at('2026-03-02T06:59:59Z') })).toBe('not_started');
    expect(mayReport({ ...base, now: startsAt })).toBe('ok');
    expect(mayReport({ ...base, status: 'completed', now: at('2026-03-03T08:00:00Z') })).toBe('ok');
    expect(mayReport({ ...base, status: 'completed', now: at('2026-03-03T08:00:01Z') })).toBe('too_late');
    expect(reportDeadline(endsAt).toISOString()).toBe('2026-03-03T08:00:00.000Z');
  });

  it('lets the tutor correct a no-show mark but not the family; only families and admins report an absence', () => {
    const base = { startsAt, endsAt, now: endsAt, status: 'no_show' };
    expect(mayReport({ ...base, kind: 'interruption', by: 'family' })).toBe('wrong_status');
    expect(mayReport({ ...base, kind: 'interruption', by: 'tutor' })).toBe('ok');
    expect(mayReport({ ...base, kind: 'tutor_absent', by: 'family' })).toBe('ok');
    expect(mayReport({ ...base, kind: 'tutor_absent', by: 'tutor' })).toBe('not_allowed');
    expect(mayReport({ ...base, kind: 'tutor_absent', by: 'admin', status: 'cancelled' })).toBe(
      'wrong_status',
    );
    expect(mayReport({ ...base, kind: 'interruption', by: 'admin', status: 'interrupted' })).toBe(
      'wrong_status',
    );
  });
});

describe('deadlines and outcomes', () => {
  it('gives a make-up 14 days and a dispute 48 hours', () => {
    const now = at('2026-03-02T09:00:00Z');
    expect(incidentDeadline('interruption', now).toISOString()).toBe('2026-03-16T09:00:00.000Z');
    expect(incidentDeadline('tutor_absent', now).toISOString()).toBe('2026-03-04T09:00:00.000Z');
  });

  it('a make-up starts after the lead time and by the deadline', () => {
    const now = at('2026-03-02T09:00:00Z');
    const deadlineAt = at('2026-03-16T09:00:00Z');
    const check = (iso: string) => makeupStartAllowed({ startsAt: at(iso), deadlineAt, now, leadHours: 2 });
    expect(check('2026-03-02T10:00:00Z')).toBe('too_soon');
    expect(check('2026-03-02T11:00:00Z')).toBe('ok');
    expect(check('2026-03-16T09:00:00Z')).toBe('ok');
    expect(check('2026-03-16T09:30:00Z')).toBe('after_deadline');
  });

  it('an open interruption lapses at its deadline, an open absence is upheld; decided ones stay', () => {
    expect(dueOutcome('interruption', 'open')).toBe('lapsed');
    expect(dueOutcome('tutor_absent', 'open')).toBe('upheld');
    expect(dueOutcome('tutor_absent', 'disputed')).toBeNull();
    expect(dueOutcome('interruption', 'made_up')).toBeNull();
  });
});

describe('contracts', () => {
  it('needs a known cause and a dispute note', () => {
    expect(interruptionBodySchema.safeParse({ cause: 'power' }).success).toBe(true);
    expect(interruptionBodySchema.safeParse({ cause: 'rain' }).success).toBe(false);
    expect(disputeBodySchema.safeParse({ note: '  ' }).success).toBe(false);
    expect(disputeBodySchema.safeParse({ note: 'I was there; the family did not join.' }).success).toBe(true);
  });
});
