import { describe, expect, it } from 'vitest';
import type { FamilySession } from '@tibeb/domain/family/contracts';
import { cancelTerms } from './cancel-terms.ts';

const session = (inTime: boolean): FamilySession => ({
  id: 's1',
  reservation_id: 'r1',
  starts_at: '2026-12-01T14:00:00.000Z',
  ends_at: '2026-12-01T15:00:00.000Z',
  status: 'scheduled',
  time_zone: 'Africa/Addis_Ababa',
  duration_minutes: 60,
  subject: 'Mathematics',
  student_name: 'Nahom',
  tutor_id: 1,
  tutor_name: 'Abebe Bekele',
  currency: 'USD',
  room: { url: null, audio_url: null, opens_at: '2026-12-01T13:45:00.000Z', provider: 'jitsi' },
  terms: {
    in_time: inTime,
    notice_hours: 12,
    free_until: '2026-12-01T02:00:00.000Z',
    value_cents: 2500,
    series_count: 3,
    series_value_cents: 7500,
  },
});

describe('what cancelling gives back, said before confirming', () => {
  it('in time: free, the value as credit now or as a refund to the card', () => {
    expect(cancelTerms(session(true), 'one', 'credit')).toEqual({
      count: 1,
      back: 2500,
      kept: 0,
      lines: [
        'Free: you are cancelling at least 12 hours before the start.',
        '$25.00 comes back as credit now, spent first on your next booking or renewal.',
      ],
    });
    expect(cancelTerms(session(true), 'series', 'refund').lines[1]).toBe(
      '$75.00 goes back to your card; refunds usually arrive within 5–10 business days.',
    );
  });

  it('inside the notice: this session’s value is kept; the later ones of a series still come back', () => {
    const one = cancelTerms(session(false), 'one', 'credit');
    expect(one).toMatchObject({ back: 0, kept: 2500 });
    expect(one.lines).toEqual([
      'Not free: this session starts in less than 12 hours, so its $25.00 is kept.',
    ]);
    expect(cancelTerms(session(false), 'series', 'credit')).toMatchObject({
      count: 3,
      back: 5000,
      kept: 2500,
    });
  });
});
