import { describe, expect, it } from 'vitest';
import {
  applicationCreateSchema,
  applicationFieldsSchema,
  checkLabels,
  decisionBodySchema,
  orderChecks,
  tutoringMessages as m,
} from './contracts.ts';

const valid = {
  first_name: 'Hanna',
  last_name: 'Tesfaye',
  phone: '+251 911 234 567',
  city: 'Addis Ababa',
  subject_ids: [3, 7],
  grade_from: 5,
  grade_to: 10,
  languages: ['Amharic', 'English'],
  education: 'BSc Mathematics',
  years_of_experience: 4,
  hourly_rate: 18.5,
  hourly_rate_etb: null,
  availability: { mon: [{ start: '16:00', end: '19:00' }] },
  bio: 'I help students understand algebra and geometry step by step, with practice.',
  teaching_style: '',
};

/** The first message for `field`, or undefined when the input is accepted there. */
function messageFor(input: unknown, field: string, schema = applicationFieldsSchema) {
  const parsed = schema.safeParse(input);
  if (parsed.success) return undefined;
  return parsed.error.issues.find((i) => i.path[0] === field)?.message;
}

describe('applicationFieldsSchema', () => {
  it('accepts a complete application and fills every weekday of the availability', () => {
    const parsed = applicationFieldsSchema.parse(valid);
    expect(parsed.availability.sun).toEqual([]);
    expect(parsed.availability.mon).toEqual([{ start: '16:00', end: '19:00' }]);
  });

  it('asks for 1 to 5 subjects and 1 to 6 languages', () => {
    expect(messageFor({ ...valid, subject_ids: [] }, 'subject_ids')).toBe(m.subjectsRequired);
    expect(messageFor({ ...valid, subject_ids: [1, 2, 3, 4, 5, 6] }, 'subject_ids')).toBe(
      'Choose at most 5 subjects.',
    );
    expect(messageFor({ ...valid, languages: [] }, 'languages')).toBe(m.languagesRequired);
    expect(messageFor({ ...valid, languages: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, 'languages')).toBe(
      'Name at most 6 languages.',
    );
  });

  it('keeps the grades in order and the rate in dollars with at most two decimals', () => {
    expect(messageFor({ ...valid, grade_from: 11, grade_to: 3 }, 'grade_to')).toBe(m.gradeOrder);
    expect(messageFor({ ...valid, hourly_rate: 0 }, 'hourly_rate')).toBe(m.rateRequired);
    expect(messageFor({ ...valid, hourly_rate: 12.345 }, 'hourly_rate')).toBe(m.rateCents);
    expect(messageFor({ ...valid, hourly_rate: 501 }, 'hourly_rate')).toBe(
      'The hourly rate can be at most $500.',
    );
    expect(messageFor({ ...valid, hourly_rate: 0.29 }, 'hourly_rate')).toBeUndefined();
    expect(messageFor({ ...valid, hourly_rate_etb: 900.5 }, 'hourly_rate_etb')).toBeUndefined();
  });

  it('needs at least one weekly window, a 50-character bio and a phone number', () => {
    expect(messageFor({ ...valid, availability: {} }, 'availability')).toBe(m.availabilityRequired);
    expect(messageFor({ ...valid, bio: 'Short.' }, 'bio')).toBe(m.bioShort);
    expect(messageFor({ ...valid, phone: 'call me' }, 'phone')).toBe(m.phoneInvalid);
    expect(messageFor({ ...valid, years_of_experience: 61 }, 'years_of_experience')).toBeTruthy();
  });
});

describe('applicationCreateSchema', () => {
  it('adds the account e-mail and the sign-up password policy', () => {
    const base = { ...valid, email: 'hanna@example.test', password: 'teach-with-tibeb-1' };
    expect(applicationCreateSchema.safeParse(base).success).toBe(true);
    expect(messageFor({ ...base, email: 'not-an-address' }, 'email', applicationCreateSchema as never)).toBe(
      'Enter a valid email address.',
    );
    expect(
      messageFor({ ...base, password: 'short' }, 'password', applicationCreateSchema as never),
    ).toBeTruthy();
  });
});

describe('decisionBodySchema', () => {
  it('needs a reason of at least 5 characters to reject or request changes, not to approve', () => {
    expect(decisionBodySchema.safeParse({ decision: 'approve' }).success).toBe(true);
    for (const decision of ['reject', 'request_changes']) {
      const parsed = decisionBodySchema.safeParse({ decision, reason: ' no ' });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(m.reasonRequired);
      expect(
        decisionBodySchema.safeParse({ decision, reason: 'Upload your police clearance.' }).success,
      ).toBe(true);
    }
  });

  it('takes only the four checks', () => {
    expect(
      decisionBodySchema.safeParse({ decision: 'approve', checks: [{ kind: 'identity', note: 'Fayda' }] })
        .data?.checks,
    ).toEqual([{ kind: 'identity', note: 'Fayda' }]);
    expect(
      decisionBodySchema.safeParse({ decision: 'approve', checks: [{ kind: 'credit_score' }] }).success,
    ).toBe(false);
  });
});

describe('orderChecks and the labels families read', () => {
  it('keeps the fixed order and drops anything that is not a check', () => {
    expect(orderChecks(['interview', 'identity', 'passport_number', 'police_clearance'])).toEqual([
      'identity',
      'police_clearance',
      'interview',
    ]);
    expect(orderChecks([])).toEqual([]);
  });

  it('labels each check in plain words (decision 225)', () => {
    expect(orderChecks(['police_clearance', 'identity']).map((k) => checkLabels[k])).toEqual([
      'ID checked',
      'Police clearance',
    ]);
  });
});
