import { describe, expect, it } from 'vitest';
import { restoreDraft, valuesFromReservation } from './form.ts';

/** Decision 253: a stored draft restores only sound fields; a reservation gives its plan back. */
describe('restoreDraft', () => {
  it('keeps known fields of the right type and drops the rest', () => {
    expect(
      restoreDraft({
        full_name: 'Almaz',
        email: 'a@example.com',
        duration_hours: 1.5,
        days: ['mon', 'xyz'],
        days_times: { mon: '10:00' },
        student_age: '9',
        card_number: '4242',
        phone: 42,
      }),
    ).toEqual({
      full_name: 'Almaz',
      email: 'a@example.com',
      duration_hours: 1.5,
      days_times: { mon: '10:00' },
      student_age: '9',
    });
  });

  it('never restores the accuracy box, and reads nonsense as nothing', () => {
    expect(restoreDraft({ confirm_info: true, city: 'Addis' })).toEqual({ city: 'Addis' });
    expect(restoreDraft(null)).toEqual({});
    expect(restoreDraft('text')).toEqual({});
    expect(restoreDraft([1, 2])).toEqual({});
  });
});

describe('valuesFromReservation', () => {
  const reservation = {
    full_name: 'Almaz Tesfaye',
    email: 'almaz@example.com',
    duration_hours: 1,
    sessions: [
      { date: '2026-12-09', time: '16:00' },
      { date: '2026-12-07', time: '10:00' },
      { date: '2026-12-14', time: '10:00' },
      { date: '2026-12-16', time: '16:00' },
    ],
  };

  it('gives each weekday with its time, the duration, the contact and the first date', () => {
    expect(valuesFromReservation(reservation, '2026-11-28')).toEqual({
      full_name: 'Almaz Tesfaye',
      email: 'almaz@example.com',
      duration_hours: 1,
      days: ['mon', 'wed'],
      days_times: { mon: '10:00', wed: '16:00' },
      date: '2026-12-07',
    });
  });

  it('moves a first date already past to that weekday’s next date', () => {
    // 2026-12-08 is a Tuesday: the next Monday is 2026-12-14.
    expect(valuesFromReservation(reservation, '2026-12-08').date).toBe('2026-12-14');
    expect(valuesFromReservation(reservation, '2026-12-07').date).toBe('2026-12-07');
  });
});
