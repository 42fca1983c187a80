import { describe, expect, it } from 'vitest';
import { emptyAvailability, tutorCreateSchema, tutorUpdateSchema } from './contract.ts';
import { publishGapErrors, publishGaps, publishingMessages } from './publishing.ts';

const complete = () => ({
  hourly_rate: 25,
  bio: 'Maths teacher for ten years.',
  profile_image: '/media/tutors/abebe.webp',
  availability: { ...emptyAvailability(), mon: [{ start: '09:00', end: '12:00' }] },
});

describe('publishGaps', () => {
  it('is empty for a profile with a rate, a bio, a photo and availability', () => {
    expect(publishGaps(complete())).toEqual([]);
  });

  it('names each missing requirement, in order', () => {
    expect(
      publishGaps({ hourly_rate: 0, bio: '  ', profile_image: '', availability: emptyAvailability() }),
    ).toEqual(['hourly_rate', 'bio', 'profile_image', 'availability']);
    expect(publishGaps({ ...complete(), profile_image: '' })).toEqual(['profile_image']);
    expect(publishGaps({ ...complete(), hourly_rate: -1 })).toEqual(['hourly_rate']);
  });

  it('gives each gap its field error', () => {
    expect(publishGapErrors(['bio', 'availability'])).toEqual({
      bio: [publishingMessages.bio],
      availability: [publishingMessages.availability],
    });
  });
});

describe('the admin rate', () => {
  const base = { full_name: 'Abebe', subject: 'Mathematics' };

  it('must be above zero on a new profile and on a change', () => {
    const zero = tutorCreateSchema.safeParse({ ...base, hourly_rate: 0 });
    expect(zero.success).toBe(false);
    expect(zero.error?.issues[0]?.message).toBe(publishingMessages.rateRequired);
    expect(tutorUpdateSchema.safeParse({ hourly_rate: 0 }).success).toBe(false);
    expect(tutorCreateSchema.safeParse({ ...base, hourly_rate: 0.5 }).success).toBe(true);
  });
});
