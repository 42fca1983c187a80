import { describe, expect, it } from 'vitest';
import { reservationApiMessages as api } from './api-messages.ts';
import { bookingMessages as msg } from './messages.ts';
import { reservationPayloadSchema, availableQuerySchema, type ReservationPayload } from './payload.ts';

const valid: ReservationPayload = {
  tutor: 3,
  date: '2026-07-06', // a Monday
  time: '10:00',
  duration_hours: 1,
  full_name: 'Almaz Tesfaye',
  email: 'almaz@example.com',
  phone: '+251 911 000 000',
  student_full_name: 'Liya Tesfaye',
  student_grade: 'Grade 5',
};

const messagesOf = (input: unknown) => {
  const r = reservationPayloadSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join('.')] ??= []).push(i.message);
  return out;
};

describe('reservationPayloadSchema', () => {
  it('accepts the spec payload and defaults days to the date weekday at time', () => {
    const r = reservationPayloadSchema.parse(valid);
    expect(r.days).toEqual(['mon']);
    expect(r.days_times).toEqual({ mon: '10:00' });
    expect(r.duration_minutes).toBe(60);
    expect(r.guardian_relationship).toBe('Parent/Guardian');
    expect(r.guardian_full_name).toBe('Almaz Tesfaye');
    expect(r.student_age).toBeNull();
  });
  it("keeps the wizard's zone when it is an IANA zone, and drops anything else without refusing (decision 262)", () => {
    const zone = (family_time_zone: unknown) =>
      reservationPayloadSchema.parse({ ...valid, family_time_zone }).family_time_zone;
    expect(zone('America/New_York')).toBe('America/New_York');
    expect(zone(' Africa/Addis_Ababa ')).toBe('Africa/Addis_Ababa');
    expect(zone('UTC')).toBe('UTC');
    expect(zone('Mars/Olympus')).toBe('');
    expect(zone('EST')).toBe('');
    expect(zone(undefined)).toBe('');
    expect(zone(null)).toBe('');
    expect(messagesOf({ ...valid, family_time_zone: `Europe/${'x'.repeat(80)}` })).toHaveProperty(
      'family_time_zone',
    );
  });
  it('keeps several days with their own times', () => {
    const r = reservationPayloadSchema.parse({
      ...valid,
      days: ['mon', 'THU'],
      days_times: { thu: '16:30' },
    });
    expect(r.days).toEqual(['mon', 'thu']);
    expect(r.days_times).toEqual({ mon: '10:00', thu: '16:30' });
  });
  it('lists every step-1 message of the wizard at once', () => {
    expect(messagesOf({ date: '2026-07-06', time: '10:00' })).toEqual({
      full_name: [msg.guardianNameRequired],
      email: [msg.guardianEmailInvalid],
      phone: [msg.guardianPhoneRequired],
      subject: [msg.subjectRequired],
      student_full_name: [msg.studentNameRequired],
      student_grade: [msg.studentGradeAgeOrDob],
    });
  });
  it('takes the guardian fields when the contact fields are absent', () => {
    const { full_name: _n, email: _e, phone: _p, ...rest } = valid;
    const r = reservationPayloadSchema.parse({
      ...rest,
      guardian_full_name: 'Almaz',
      guardian_email: 'almaz@example.com',
      guardian_phone: '0911',
    });
    expect([r.full_name, r.email, r.phone]).toEqual(['Almaz', 'almaz@example.com', '0911']);
  });
  it('needs a subject only when booking by subject', () => {
    expect(messagesOf({ ...valid, tutor: null }).subject).toEqual([msg.subjectRequired]);
    expect(
      reservationPayloadSchema.parse({ ...valid, tutor: null, subject: 'mathematics' }).tutor,
    ).toBeNull();
  });
  it('checks the student age (3–20) and date of birth', () => {
    expect(messagesOf({ ...valid, student_age: 2 }).student_age).toEqual([api.invalidAge]);
    expect(messagesOf({ ...valid, student_age: 21 }).student_age).toEqual([api.invalidAge]);
    expect(messagesOf({ ...valid, student_age: 7.5 }).student_age).toEqual([api.invalidAge]);
    expect(reservationPayloadSchema.parse({ ...valid, student_grade: '', student_age: 20 }).student_age).toBe(
      20,
    );
    expect(messagesOf({ ...valid, student_dob: '2015-02-30' }).student_dob).toEqual([api.invalidDob]);
    expect(messagesOf({ ...valid, student_dob: '2999-01-01' }).student_dob).toEqual([api.invalidDob]);
  });
  it('needs the payer name and e-mail with a different payer', () => {
    expect(messagesOf({ ...valid, use_different_payer: true })).toEqual({
      billing_name: [msg.payerNameRequired],
      billing_email: [msg.payerEmailInvalid],
    });
    expect(messagesOf({ ...valid, billing_name: 'Dawit' }).billing_email).toEqual([msg.payerEmailInvalid]);
  });
  it('rejects invalid dates, off-grid times and durations outside 0.5–8 in 0.5 steps', () => {
    expect(messagesOf({ ...valid, date: '2026-02-30' }).date).toEqual([api.invalidDate]);
    expect(messagesOf({ ...valid, date: '06/07/2026' }).date).toEqual([api.invalidDate]);
    expect(messagesOf({ ...valid, time: '10:15' }).time).toEqual([api.invalidTime]);
    for (const d of [0.25, 8.5, 0, -1, 1.25, 'two']) {
      expect(messagesOf({ ...valid, duration_hours: d }).duration_hours, String(d)).toEqual([
        api.invalidDuration,
      ]);
    }
    for (const d of [0.5, 8, 2.5])
      expect(reservationPayloadSchema.parse({ ...valid, duration_hours: d }).duration_hours).toBe(d);
  });
  it('needs a date and a time', () => {
    expect(messagesOf({ ...valid, time: undefined }).time).toEqual([msg.dateAndTimeRequired]);
    expect(messagesOf({ ...valid, date: '' }).date).toEqual([msg.dateAndTimeRequired]);
  });
  it('rejects unknown day codes and off-grid day times', () => {
    expect(messagesOf({ ...valid, days: ['mon', 'xyz'] }).days).toEqual([api.unknownDay('xyz')]);
    expect(messagesOf({ ...valid, days_times: { funday: '10:00' } }).days_times).toEqual([
      api.unknownDay('funday'),
    ]);
    expect(messagesOf({ ...valid, days: ['mon', 'tue'], days_times: { tue: '10:10' } }).days_times).toContain(
      api.invalidTime,
    );
  });
  it("requires the date's weekday among the days and a time for each day", () => {
    expect(messagesOf({ ...valid, days: ['tue'], days_times: { tue: '10:00' } }).days).toEqual([
      msg.dateDayMustBeRecurring,
    ]);
    expect(messagesOf({ ...valid, days: ['mon', 'wed'] }).days_times).toEqual([msg.timePerDayRequired]);
    expect(messagesOf({ ...valid, days_times: { mon: '11:00' } }).days_times).toEqual([api.timeMismatch]);
  });
  it('rejects a tutor id that is not a positive whole number, and over-long text', () => {
    expect(messagesOf({ ...valid, tutor: -4 }).tutor).toEqual([api.invalidTutor]);
    expect(messagesOf({ ...valid, tutor: 'abc' }).tutor).toEqual([api.invalidTutor]);
    expect(messagesOf({ ...valid, full_name: 'x'.repeat(201) }).full_name).toEqual([api.tooLong(200)]);
  });
});

describe('availability query', () => {
  it('coerces and defaults', () => {
    expect(
      availableQuerySchema.parse({ tutor_id: '4', year: '2026', month: '7', only_future: '1' }),
    ).toMatchObject({
      tutor_id: 4,
      year: 2026,
      month: 7,
      duration_minutes: 60,
      only_future: true,
    });
  });
  it('rejects out-of-range values with clear messages', () => {
    const r = availableQuerySchema.safeParse({
      tutor_id: '0',
      year: '1999',
      month: '13',
      duration_minutes: '45',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      api.invalidTutorId,
      api.invalidYear,
      api.invalidMonth,
      api.invalidDurationMinutes,
    ]);
  });
});
