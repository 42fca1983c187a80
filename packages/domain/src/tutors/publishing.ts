import { codedMessages } from '../shared/error-codes.ts';
import type { Availability } from './contract.ts';

/**
 * Drafts before the directory (issue 31 item 5, decision 265). A tutor profile is a draft until it has everything a
 * family needs to choose and pay: an hourly rate above zero, a bio, a photo and weekly availability; only then can
 * an administrator publish it, and a published profile keeps all four. The API refuses any write that would leave
 * a published profile without one of them, and the admin screens show the same list from the same function.
 */
export const publishRequirements = ['hourly_rate', 'bio', 'profile_image', 'availability'] as const;
export type PublishRequirement = (typeof publishRequirements)[number];

/** What publishing reads of a profile: its answer's own fields. */
export type PublishableProfile = {
  hourly_rate: number;
  bio: string;
  profile_image: string;
  availability: Availability;
};

export const publishingMessages = {
  notReady:
    'A tutor can be published once the profile has an hourly rate above zero, a bio, a photo and weekly availability.',
  hourlyRate: 'Set an hourly rate above zero.',
  bio: 'Write a bio.',
  profileImage: 'Add a photo.',
  availability: 'Add at least one weekly time.',
  rateRequired: 'Enter an hourly rate above zero.',
  noPrice: 'This booking has no price, so it cannot be paid. Please book again.',
} as const;

/** Their codes: `tutor_not_ready`, `publish_needs_hourly_rate`, …, `rate_required`, `no_price`. */
export const publishingMessageCodes = codedMessages(publishingMessages, {
  codes: {
    notReady: 'tutor_not_ready',
    hourlyRate: 'publish_needs_hourly_rate',
    bio: 'publish_needs_bio',
    profileImage: 'publish_needs_photo',
    availability: 'publish_needs_availability',
  },
});

/** The field error of each missing requirement, under the field it names. */
export const publishRequirementMessages: Record<PublishRequirement, string> = {
  hourly_rate: publishingMessages.hourlyRate,
  bio: publishingMessages.bio,
  profile_image: publishingMessages.profileImage,
  availability: publishingMessages.availability,
};

/** What a profile still lacks before it can be published, in the order of `publishRequirements`; [] when ready. */
export function publishGaps(profile: PublishableProfile): PublishRequirement[] {
  const gaps: PublishRequirement[] = [];
  if (!(profile.hourly_rate > 0)) gaps.push('hourly_rate');
  if (profile.bio.trim() === '') gaps.push('bio');
  if (profile.profile_image.trim() === '') gaps.push('profile_image');
  if (!Object.values(profile.availability).some((windows) => windows.length > 0)) gaps.push('availability');
  return gaps;
}

/** The field errors of a profile's gaps (`{ bio: ['Write a bio.'] }`), for the 400 that refuses to publish it. */
export const publishGapErrors = (gaps: readonly PublishRequirement[]): Record<string, string[]> =>
  Object.fromEntries(gaps.map((gap) => [gap, [publishRequirementMessages[gap]]]));
