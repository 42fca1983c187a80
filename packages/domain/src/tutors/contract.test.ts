import { describe, expect, it } from 'vitest';
import {
  availabilityInputSchema,
  publicTutorListItemSchema,
  publicTutorSchema,
  tutorCreateSchema,
  tutorUpdateSchema,
} from './contract.ts';

describe('availability input', () => {
  it('fills every day and sorts the windows', () => {
    const parsed = availabilityInputSchema.parse({
      mon: [
        { start: '14:00', end: '16:00' },
        { start: '09:00', end: '11:00' },
      ],
    });
    expect(parsed.mon).toEqual([
      { start: '09:00', end: '11:00' },
      { start: '14:00', end: '16:00' },
    ]);
    expect(parsed.sun).toEqual([]);
    expect(Object.keys(parsed)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
  });
  it('refuses a bad time, an end before the start, overlapping windows and unknown days', () => {
    expect(availabilityInputSchema.safeParse({ mon: [{ start: '9:00', end: '11:00' }] }).success).toBe(false);
    expect(availabilityInputSchema.safeParse({ mon: [{ start: '24:00', end: '24:30' }] }).success).toBe(
      false,
    );
    expect(availabilityInputSchema.safeParse({ tue: [{ start: '11:00', end: '10:00' }] }).success).toBe(
      false,
    );
    expect(
      availabilityInputSchema.safeParse({
        wed: [
          { start: '09:00', end: '11:00' },
          { start: '10:30', end: '12:00' },
        ],
      }).success,
    ).toBe(false);
    expect(availabilityInputSchema.safeParse({ funday: [] }).success).toBe(false);
  });
});

describe('tutor admin input', () => {
  const base = { full_name: 'Meron Haile', subject: 'biology', hourly_rate: 25 };
  it('needs a name, a subject and a rate', () => {
    expect(tutorCreateSchema.safeParse(base).success).toBe(true);
    expect(tutorCreateSchema.safeParse({ ...base, full_name: '' }).success).toBe(false);
    expect(tutorCreateSchema.safeParse({ ...base, hourly_rate: -5 }).success).toBe(false);
  });
  it('keeps grades in 0–12 and in order', () => {
    expect(tutorCreateSchema.safeParse({ ...base, grade_from: 9, grade_to: 5 }).success).toBe(false);
    expect(tutorCreateSchema.safeParse({ ...base, grade_from: 0, grade_to: 13 }).success).toBe(false);
    expect(tutorCreateSchema.safeParse({ ...base, grade_from: 0, grade_to: 4 }).success).toBe(true);
  });
  it('refuses an empty update', () => {
    expect(tutorUpdateSchema.safeParse({}).success).toBe(false);
    expect(tutorUpdateSchema.safeParse({ is_published: false }).success).toBe(true);
  });
});

describe('public tutor contract', () => {
  const tutor = () => ({
    id: 1,
    full_name: 'A',
    subject: 'math',
    subject_id: null,
    category: null,
    grade_from: 1,
    grade_to: 12,
    bio: '',
    education: '',
    years_of_experience: 0,
    teaching_style: '',
    hourly_rate: 20,
    average_rating: 0,
    total_reviews: 0,
    profile_image: '',
    checks: [],
    time_zone: 'Africa/Addis_Ababa',
  });

  it('requires the availability map', () => {
    expect(publicTutorSchema.safeParse(tutor()).success).toBe(false);
    const availability = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
    expect(publicTutorSchema.safeParse({ ...tutor(), availability }).success).toBe(true);
  });

  it('leaves the availability out of a list item', () => {
    const availability = {
      mon: [{ start: '09:00', end: '10:00' }],
      tue: [],
      wed: [],
      thu: [],
      fri: [],
      sat: [],
      sun: [],
    };
    const item = publicTutorListItemSchema.parse({ ...tutor(), availability });
    expect(item).not.toHaveProperty('availability');
    expect(item.full_name).toBe('A');
  });
});
