import { displayName } from '@tibeb/domain/tutors/directory';
import type { PublicTutorPage } from '@tibeb/domain/tutors/search';
import { tutorPath } from '@tibeb/domain/tutors/search-params';

/** Search engines show about this much of a description. */
export const DESCRIPTION_MAX = 160;

/** Text cut to `max` characters at a word's end when there is one, with an ellipsis; whitespace runs are one space. */
export function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/**
 * A tutor page's structured data (schema.org): a `Person` who offers a `Service` (the subject, in dollars per
 * hour), with an `AggregateRating` only when families have reviewed them. Addresses are the site's paths; the
 * server writes them as they are.
 */
export function tutorJsonLd(tutor: PublicTutorPage, description: string): Record<string, unknown> {
  const name = displayName(tutor.full_name);
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name,
    url: tutorPath(tutor),
    ...(tutor.profile_image ? { image: tutor.profile_image } : {}),
    description,
    jobTitle: `${tutor.subject} tutor`,
    ...(tutor.languages.length > 0 ? { knowsLanguage: tutor.languages } : {}),
    makesOffer: {
      '@type': 'Offer',
      itemOffered: {
        '@type': 'Service',
        name: `${tutor.subject} tutoring`,
        serviceType: tutor.subject,
        provider: { '@type': 'Person', name },
      },
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: tutor.hourly_rate,
        priceCurrency: 'USD',
        unitCode: 'HUR',
        unitText: 'hour',
      },
    },
    ...(tutor.total_reviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.min(5, Math.max(0, tutor.average_rating)),
            reviewCount: tutor.total_reviews,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
