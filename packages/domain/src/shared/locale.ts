import { z } from 'zod';

/**
 * The product's languages (issue 18): English and Amharic. An account and a reservation each keep one; the
 * e-mails a family receives follow it (the account's, else the reservation's).
 */
export const locales = ['en', 'am'] as const;
export type Locale = (typeof locales)[number];

export const localeSchema = z.enum(locales, { error: 'Choose a language: en or am.' });

/** `PUT /api/accounts/locale/`: the signed-in person's language. */
export const localeBodySchema = z.object({ locale: localeSchema });
export type LocaleBody = z.infer<typeof localeBodySchema>;

/** A stored or sent value read as a locale: anything but 'am' is English, the default. */
export const toLocale = (value: unknown): Locale => (value === 'am' ? 'am' : 'en');
