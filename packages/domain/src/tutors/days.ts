/**
 * The days of a tutor's weekly availability, Monday first. A module of its own, without zod, so that a page can read
 * them without loading the contracts (decision 278).
 */
export const availabilityDays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type AvailabilityDay = (typeof availabilityDays)[number];
