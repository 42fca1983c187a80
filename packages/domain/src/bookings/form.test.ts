import { describe, expect, it } from 'vitest';
import {
  bookingFormDefaults,
  bookingStepSchema,
  buildReservationPayload,
  normalizeDuration,
  parseStudentAge,
  studentAgeRangeMessage,
  validateStep1,
  validateStep2,
  validateSubmit,
  type BookingFormValues,
} from './form.ts';
import { bookingMessages as m } from './messages.ts';
import { reservationPayloadSchema } from './payload.ts';
import { reservationApiMessages } from './api-messages.ts';

const filledStep1: BookingFormValues = {
  ...bookingFormDefaults,
  full_name: 'Hana Tesfaye',
  email: 'hana@example.com',
  phone: '+1 202 555 0100',
  guardian_relationship: 'Mother',
  subject: 'mathematics',
  student_name: 'Liya Tesfaye',
  grade_level: 'Grade 7',
  confirm_info: true,
};

// 2026-06-15 is a Monday.
const filledStep2: BookingFormValues = {
  ...filledStep1,
  date: '2026-06-15',
  days: ['mon', 'wed'],
  days_times: { mon: '16:00', wed: '17:30' },
};

describe('step 1 validation (spec §5 "Booking step 1", DESIGN §1.2)', () => {
  it('lists every message, in the spec order, for an empty form', () => {
    expect(validateStep1(bookingFormDefaults, { subjectReadOnly: false })).toEqual([
      m.guardianNameRequired,
      m.guardianEmailInvalid,
      m.guardianPhoneRequired,
      m.relationshipRequired,
      m.subjectRequired,
      m.studentNameRequired,
      m.studentGradeAgeOrDob,
      m.confirmStudentInfo,
    ]);
  });

  it('passes a complete step', () => {
    expect(validateStep1(filledStep1, { subjectReadOnly: false })).toEqual([]);
  });

  it('does not ask for a subject when it is read-only (a chosen tutor)', () => {
    const values = { ...filledStep1, subject: '' };
    expect(validateStep1(values, { subjectReadOnly: true })).toEqual([]);
    expect(validateStep1(values, { subjectReadOnly: false })).toEqual([m.subjectRequired]);
  });

  it('uses the e-mail pattern: no spaces, one @, a dot after it', () => {
    for (const email of ['hana', 'hana@example', 'ha na@example.com', 'hana@@example.com']) {
      expect(validateStep1({ ...filledStep1, email }, { subjectReadOnly: false })).toEqual([
        m.guardianEmailInvalid,
      ]);
    }
  });

  it('treats blank text as missing', () => {
    const values = { ...filledStep1, full_name: '   ', phone: ' ', student_name: '\t' };
    expect(validateStep1(values, { subjectReadOnly: false })).toEqual([
      m.guardianNameRequired,
      m.guardianPhoneRequired,
      m.studentNameRequired,
    ]);
  });

  it('accepts any one of grade, age or date of birth', () => {
    const none = { ...filledStep1, grade_level: '' };
    expect(validateStep1(none, { subjectReadOnly: false })).toEqual([m.studentGradeAgeOrDob]);
    expect(validateStep1({ ...none, student_age: '9' }, { subjectReadOnly: false })).toEqual([]);
    expect(validateStep1({ ...none, student_dob: '2015-04-02' }, { subjectReadOnly: false })).toEqual([]);
  });

  it('keeps the age to whole years from 3 to 20', () => {
    for (const age of ['2', '21', '7.5', 'abc']) {
      expect(validateStep1({ ...filledStep1, student_age: age }, { subjectReadOnly: false })).toEqual([
        studentAgeRangeMessage,
      ]);
    }
    expect(validateStep1({ ...filledStep1, student_age: 3 }, { subjectReadOnly: false })).toEqual([]);
    expect(validateStep1({ ...filledStep1, student_age: '20' }, { subjectReadOnly: false })).toEqual([]);
  });

  it('asks for the payment owner only when a different payer is used', () => {
    const payer = { ...filledStep1, use_different_payer: true };
    expect(validateStep1(payer, { subjectReadOnly: false })).toEqual([
      m.payerNameRequired,
      m.payerEmailInvalid,
    ]);
    expect(
      validateStep1(
        { ...payer, payment_owner_name: 'Abebe Kebede', payment_owner_email: 'abebe@example.org' },
        { subjectReadOnly: false },
      ),
    ).toEqual([]);
    expect(
      validateStep1({ ...filledStep1, payment_owner_email: 'not an email' }, { subjectReadOnly: false }),
    ).toEqual([]);
  });

  it('requires the confirmation checkbox', () => {
    expect(validateStep1({ ...filledStep1, confirm_info: false }, { subjectReadOnly: false })).toEqual([
      m.confirmStudentInfo,
    ]);
  });
});

describe('step 2 validation (spec §5 "Booking step 2")', () => {
  const ready = { slotsOnDate: ['16:00', '16:30'] };

  it('passes a complete schedule', () => {
    expect(validateStep2(filledStep2, ready)).toEqual([]);
  });

  it('needs a date and at least one recurring day', () => {
    expect(validateStep2({ ...filledStep2, date: '' }, ready)).toEqual([m.dateAndDayRequired]);
    expect(validateStep2({ ...filledStep2, days: [], days_times: {} }, ready)).toEqual([
      m.dateAndDayRequired,
    ]);
  });

  it("needs the date's weekday among the recurring days", () => {
    expect(validateStep2({ ...filledStep2, days: ['wed'], days_times: { wed: '17:30' } }, ready)).toEqual([
      m.dateDayMustBeRecurring,
    ]);
  });

  it('needs a time for each chosen day', () => {
    expect(validateStep2({ ...filledStep2, days_times: { mon: '16:00' } }, ready)).toEqual([
      m.timePerDayRequired,
    ]);
  });

  it('refuses a date without any slot left', () => {
    expect(validateStep2(filledStep2, { slotsOnDate: [] })).toEqual([m.dateFullyBooked]);
    // Unknown (still loading) is not "fully booked".
    expect(validateStep2(filledStep2, { slotsOnDate: undefined })).toEqual([]);
  });

  it('lists several messages together', () => {
    const values = { ...filledStep2, days: ['wed' as const], days_times: {} };
    expect(validateStep2(values, { slotsOnDate: [] })).toEqual([
      m.dateDayMustBeRecurring,
      m.timePerDayRequired,
      m.dateFullyBooked,
    ]);
  });
});

describe('the checks on submit (spec §5 "On submit")', () => {
  it('needs a date and its time', () => {
    expect(validateSubmit({ ...filledStep2, date: '' }, { slotsOnDate: ['16:00'] })).toBe(
      m.dateAndTimeRequired,
    );
    expect(validateSubmit({ ...filledStep2, days_times: { wed: '17:30' } }, { slotsOnDate: ['16:00'] })).toBe(
      m.dateAndTimeRequired,
    );
  });

  it('needs the time among the available slots of the date', () => {
    expect(validateSubmit(filledStep2, { slotsOnDate: ['16:30'] })).toBe(m.timeAlreadyReserved);
    expect(validateSubmit(filledStep2, { slotsOnDate: undefined })).toBe(m.timeAlreadyReserved);
    expect(validateSubmit(filledStep2, { slotsOnDate: ['16:00', '16:30'] })).toBeNull();
  });
});

describe('the step schema for zodResolver', () => {
  it("attaches step 1's messages to their fields", () => {
    const result = bookingStepSchema(1, { subjectReadOnly: false, slotsOnDate: undefined }).safeParse(
      bookingFormDefaults,
    );
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['email', m.guardianEmailInvalid]);
    expect(issues).toContainEqual(['confirm_info', m.confirmStudentInfo]);
  });

  it('checks step 2 only from step 2 on', () => {
    const opts = { subjectReadOnly: false, slotsOnDate: [] };
    expect(bookingStepSchema(1, opts).safeParse(filledStep1).success).toBe(true);
    const step2 = bookingStepSchema(2, opts).safeParse(filledStep1);
    expect(step2.error!.issues.map((i) => i.message)).toEqual([m.dateAndDayRequired]);
    expect(bookingStepSchema(2, { ...opts, slotsOnDate: ['16:00'] }).safeParse(filledStep2).success).toBe(
      true,
    );
  });

  it('refuses values of the wrong shape', () => {
    expect(
      bookingStepSchema(1, { subjectReadOnly: true, slotsOnDate: undefined }).safeParse({
        ...filledStep1,
        days: ['someday'],
      }).success,
    ).toBe(false);
  });
});

describe('the reservation payload (spec §3)', () => {
  it('maps the form to the payload, with the date’s time, days and days_times', () => {
    const payload = buildReservationPayload(
      {
        ...filledStep2,
        subject_level: 'Intermediate',
        comms_preference: 'whatsapp',
        address_line1: 'Bole Road 12',
        city: 'Addis Ababa',
        country: 'Ethiopia',
        secondary_contact_name: 'Dawit',
        student_age: '12',
        student_school: 'ICS',
        duration_hours: 1.5,
      },
      { tutorId: 7 },
    );
    expect(payload).toEqual({
      tutor: 7,
      date: '2026-06-15',
      time: '16:00',
      duration_hours: 1.5,
      days: ['mon', 'wed'],
      days_times: { mon: '16:00', wed: '17:30' },
      full_name: 'Hana Tesfaye',
      email: 'hana@example.com',
      phone: '+1 202 555 0100',
      subject: 'mathematics',
      subject_level: 'Intermediate',
      student_full_name: 'Liya Tesfaye',
      student_grade: 'Grade 7',
      student_age: 12,
      student_school: 'ICS',
      guardian_full_name: 'Hana Tesfaye',
      guardian_relationship: 'Mother',
      guardian_email: 'hana@example.com',
      guardian_phone: '+1 202 555 0100',
      guardian_secondary_name: 'Dawit',
      guardian_address_line1: 'Bole Road 12',
      guardian_city: 'Addis Ababa',
      guardian_country: 'Ethiopia',
      communication_preference: 'whatsapp',
    });
  });

  it('drops empty strings, undefined values and empty lists; keeps a missing age as null', () => {
    const payload = buildReservationPayload({ ...filledStep1, subject: '' }, {});
    expect(payload).not.toHaveProperty('tutor');
    expect(payload).not.toHaveProperty('date');
    expect(payload).not.toHaveProperty('time');
    expect(payload).not.toHaveProperty('days');
    expect(payload).not.toHaveProperty('days_times');
    expect(payload).not.toHaveProperty('subject');
    expect(payload).not.toHaveProperty('student_dob');
    expect(payload).not.toHaveProperty('communication_preference');
    expect(payload.student_age).toBeNull();
    expect(Object.values(payload)).not.toContain('');
  });

  it("is accepted by the server's payload schema, in both modes", () => {
    const byTutor = reservationPayloadSchema.safeParse(buildReservationPayload(filledStep2, { tutorId: 7 }));
    expect(byTutor.success).toBe(true);
    expect(byTutor.data?.days_times).toEqual({ mon: '16:00', wed: '17:30' });
    const bySubject = reservationPayloadSchema.safeParse(
      buildReservationPayload(
        {
          ...filledStep2,
          use_different_payer: true,
          payment_owner_name: 'Abebe',
          payment_owner_email: 'a@b.co',
        },
        {},
      ),
    );
    expect(bySubject.success).toBe(true);
    expect(bySubject.data?.tutor).toBeNull();
    expect(bySubject.data?.billing_email).toBe('a@b.co');
  });

  it("defaults the guardian's relationship to 'Parent/Guardian'", () => {
    expect(
      buildReservationPayload({ ...filledStep2, guardian_relationship: ' ' }, {}).guardian_relationship,
    ).toBe('Parent/Guardian');
  });

  it('sends billing fields only with a different payer', () => {
    const withOwner = {
      ...filledStep2,
      payment_owner_name: 'Abebe',
      payment_owner_email: 'abebe@example.org',
    };
    const without = buildReservationPayload(withOwner, {});
    expect(without).not.toHaveProperty('billing_name');
    expect(without).not.toHaveProperty('billing_email');
    const withPayer = buildReservationPayload({ ...withOwner, use_different_payer: true }, {});
    expect(withPayer.billing_name).toBe('Abebe');
    expect(withPayer.billing_email).toBe('abebe@example.org');
  });

  it('keeps only chosen days that have a time, in weekday order, and snaps the duration', () => {
    const payload = buildReservationPayload(
      {
        ...filledStep2,
        days: ['wed', 'mon'],
        days_times: { mon: '16:00', wed: '17:30', fri: '09:00' },
        duration_hours: 9,
      },
      {},
    );
    expect(payload.days).toEqual(['mon', 'wed']);
    expect(payload.days_times).toEqual({ mon: '16:00', wed: '17:30' });
    expect(payload.duration_hours).toBe(8);
  });
});

describe('input helpers', () => {
  it('snaps the duration to 0.5–8 hours in 0.5 steps, default 1', () => {
    expect(normalizeDuration(Number.NaN)).toBe(1);
    expect(normalizeDuration(0)).toBe(0.5);
    expect(normalizeDuration(1.2)).toBe(1);
    expect(normalizeDuration(1.3)).toBe(1.5);
    expect(normalizeDuration(12)).toBe(8);
  });

  it('reads the age input', () => {
    expect(parseStudentAge('')).toBeNull();
    expect(parseStudentAge('11')).toBe(11);
    expect(parseStudentAge('1')).toBeNaN();
  });
});

describe('one set of booking rules for the form and the server (issue 11 §2)', () => {
  it('refuses a date of birth in the future or before 1900 on step 1, as the payload schema does', () => {
    for (const dob of ['2999-01-01', '1899-12-31', '2026-02-30']) {
      const values = { ...filledStep2, student_dob: dob };
      expect(validateStep1(values, { subjectReadOnly: false })).toEqual([reservationApiMessages.invalidDob]);
      const parsed = reservationPayloadSchema.safeParse(buildReservationPayload(values, { tutorId: 7 }));
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message)).toContain(reservationApiMessages.invalidDob);
    }
    const ok = { ...filledStep2, student_dob: '2015-04-01' };
    expect(validateStep1(ok, { subjectReadOnly: false })).toEqual([]);
    expect(reservationPayloadSchema.safeParse(buildReservationPayload(ok, { tutorId: 7 })).success).toBe(
      true,
    );
  });

  it('takes the same ages: whole years in the range', () => {
    for (const age of ['2', '21', '7.5']) {
      const values = { ...filledStep2, student_age: age };
      expect(validateStep1(values, { subjectReadOnly: false })).toEqual([studentAgeRangeMessage]);
      const payload = { ...buildReservationPayload(filledStep2, { tutorId: 7 }), student_age: Number(age) };
      expect(reservationPayloadSchema.safeParse(payload).success).toBe(false);
    }
  });
});
