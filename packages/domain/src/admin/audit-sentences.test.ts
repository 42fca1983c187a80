import { describe, expect, it } from 'vitest';
import { auditSentence } from './audit-sentences.ts';

const refund = {
  action: 'payment.refund',
  actor_username: 'meron',
  before: { status: 'paid', refunded_cents: 0, currency: 'USD' },
  after: {
    refund_cents: 2000,
    currency: 'USD',
    reason: 'Week 4 off',
    cancelled_session_ids: ['s4'],
    cancelled_sessions: [{ id: 's4', starts_at: '2027-01-11T13:00:00.000Z' }],
  },
};

describe('audit sentences (issue 31 item 2)', () => {
  it('a refund: money in its currency, the lesson it cancelled in EAT, the reason as typed', () => {
    expect(auditSentence(refund, 'en')).toBe(
      'meron refunded $20.00 and cancelled 1 lesson (11 Jan 2027, 16:00 EAT). Reason: “Week 4 off”.',
    );
  });

  it('a refund in Amharic, and one in birr with an earlier refund and no reason', () => {
    const am = auditSentence(refund, 'am', { language: 'am', ethiopian: false });
    expect(am).toMatch(
      /^meron \$20\.00 ተመላሽ አድርጓል፤ 1 ክፍለ ጊዜ\(ዎች\) ሰርዟል \(.*16:00 EAT\)። ምክንያት፦ “Week 4 off”።$/,
    );
    expect(
      auditSentence(
        {
          action: 'payment.refund',
          actor_username: '',
          before: { refunded_cents: 100000, currency: 'ETB' },
          after: { refund_cents: 250050, currency: 'ETB', cancelled_session_ids: [] },
        },
        'en',
      ),
    ).toBe('Someone refunded ETB 2,500.50 (ETB 1,000.00 had been refunded before).');
  });

  it('an old refund entry without currency or times still reads as money (dollars)', () => {
    expect(
      auditSentence(
        {
          action: 'payment.refund',
          actor_username: 'admin',
          before: { status: 'paid', refunded_cents: 0 },
          after: { refund_cents: 8000, cancelled_session_ids: ['a', 'b', 'c', 'd'] },
        },
        'en',
      ),
    ).toBe('admin refunded $80.00 and cancelled 4 lessons.');
  });

  it('cancelled lessons: how many, when, what the family got back, the reason and the reservation’s new status', () => {
    const entry = {
      action: 'reservation.cancel_sessions',
      actor_username: 'meron',
      before: { sessions: [{ id: 'a', status: 'scheduled' }] },
      after: {
        sessions: [
          { id: 'a', status: 'cancelled', outcome: 'credit', starts_at: '2027-01-11T13:00:00.000Z' },
        ],
        reason: 'Exam week',
        status: 'cancelled',
      },
    };
    expect(auditSentence(entry, 'en')).toBe(
      'meron cancelled 1 lesson (11 Jan 2027, 16:00 EAT) — credited. Reason: “Exam week”. The reservation is now cancelled.',
    );
    expect(auditSentence(entry, 'am', { language: 'am', ethiopian: false })).toContain('ክሬዲት ተሰጥቷል');
    expect(auditSentence(entry, 'am')).toContain('ማስያዣው አሁን የተሰረዘ ነው።');
  });

  it('moved lessons: each from → to in EAT', () => {
    expect(
      auditSentence(
        {
          action: 'reservation.reschedule_sessions',
          actor_username: 'meron',
          before: { sessions: [{ id: 'a', starts_at: '2027-01-11T13:00:00.000Z' }] },
          after: { sessions: [{ id: 'a', starts_at: '2027-01-12T07:30:00.000Z' }] },
        },
        'en',
      ),
    ).toBe('meron moved 1 lesson: 11 Jan 2027, 16:00 EAT → 12 Jan 2027, 10:30 EAT.');
  });

  it('any other change reads as words, never JSON or raw field names in Amharic', () => {
    const entry = {
      action: 'update',
      actor_username: 'meron',
      before: { title: 'Old', is_active: false, price_cents: 1000, updated_at: 'x', tags: ['a'] },
      after: { title: 'New', is_active: true, price_cents: 1500, updated_at: 'y', tags: ['a', 'b'] },
    };
    expect(auditSentence(entry, 'en')).toBe(
      'meron changed title from “Old” to “New”, is active from no to yes, price from $10.00 to $15.00 and tags from 1 item to 2 items.',
    );
    const am = auditSentence(entry, 'am');
    expect(am).toContain('ርዕስ ከ“Old” ወደ “New”');
    expect(am).toContain('ንቁ ከአይ ወደ አዎ');
    expect(am).toContain('ዋጋ ከ$10.00 ወደ $15.00');
    expect(am).not.toMatch(/[{[]/);
    // A tutor profile's fields by their Amharic names, never the column's English (issue 31 item 8).
    const profile = auditSentence(
      {
        action: 'tutor.update',
        actor_username: 'meron',
        before: { teaching_style: 'a', time_zone: 'Africa/Addis_Ababa' },
        after: { teaching_style: 'b', time_zone: 'Europe/London' },
      },
      'am',
    );
    expect(profile).toContain('የማስተማር ዘዴ');
    expect(profile).toContain('የሰዓት ሰቅ');
    expect(profile).not.toMatch(/teaching style|time zone/);
  });

  it('a value cleared or first set, an instant in EAT, a labelled action with its changes', () => {
    expect(
      auditSentence(
        {
          action: 'mark_handled',
          actor_username: 'meron',
          before: { handled_at: null },
          after: { handled_at: '2026-11-23T11:05:00Z' },
        },
        'en',
      ),
    ).toBe('meron marked this message handled. Handled at from nothing to 23 Nov 2026, 14:05 EAT.');
    expect(
      auditSentence({ action: 'create', actor_username: 'meron', before: null, after: { title: 'x' } }, 'am'),
    ).toBe('meron ይህን መዝገብ ፈጥሯል።');
    expect(
      auditSentence(
        { action: 'session.attendance', actor_username: 'hana', before: {}, after: { status: 'no_show' } },
        'en',
      ),
    ).toBe('hana marked a lesson a no-show.');
  });

  it('a very long typed value is cut, and an unknown action with nothing changed still reads as words', () => {
    const long = 'w'.repeat(300);
    const text = auditSentence(
      { action: 'update', actor_username: 'meron', before: { title: 'a' }, after: { title: long } },
      'en',
    );
    expect(text.length).toBeLessThan(150);
    expect(
      auditSentence(
        { action: 'tutor_application.approve', actor_username: 'meron', before: null, after: null },
        'en',
      ),
    ).toBe('meron tutor application approve.');
  });
});
