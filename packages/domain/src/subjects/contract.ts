import { z } from 'zod';
import { httpMessages } from '../shared/http-messages.ts';

import { subjectCategories } from './categories.ts';

export { subjectCategories, type SubjectCategory } from './categories.ts';

/** A subject as GET /api/subjects/public/ answers it (spec §3 "Subject (from the server)"); money in dollars. */
export const subjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  category: z.enum(subjectCategories),
  price_per_hour: z.number().nonnegative(),
  /** Birr per hour for families paying in ETB through Chapa; null: birr is not offered (decision 170). */
  price_per_hour_etb: z.number().nonnegative().nullable().optional(),
  is_active: z.boolean(),
  description: z.string(),
  level: z.string(),
});
export type Subject = z.infer<typeof subjectSchema>;
export const subjectListSchema = z.array(subjectSchema);

/**
 * The is_active filter of the subjects list: 1/0/true/false (any case); absent means every subject.
 * Anything else is bad input (400), never silently ignored.
 */
export const isActiveFilterSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', '0', 'true', 'false'].includes(v), { message: 'Use 1, 0, true or false.' })
  .transform((v) => v === '1' || v === 'true');

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const subjectEtbRateMessage =
  'Enter the price per hour in birr (more than 0, at most 2 decimals), or leave it empty to not offer birr.';

/** An administrator's new subject; the slug is derived from the name when left out. */
export const subjectCreateSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(80),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(80)
    .refine((v) => v === '' || slugPattern.test(v), { message: 'Use lowercase letters, digits and dashes.' })
    .optional(),
  category: z.enum(subjectCategories),
  price_per_hour: z.number().min(0).max(10_000),
  price_per_hour_etb: z
    .number({ error: subjectEtbRateMessage })
    .positive(subjectEtbRateMessage)
    .max(1_000_000, subjectEtbRateMessage)
    // Whole santim: 1234.5 is fine, 1234.567 is not.
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: subjectEtbRateMessage })
    .nullable()
    .optional(),
  is_active: z.boolean().optional(),
  description: z.string().trim().max(2000).optional(),
  level: z.string().trim().max(120).optional(),
});
export type SubjectCreate = z.infer<typeof subjectCreateSchema>;

export const subjectUpdateSchema = subjectCreateSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: httpMessages.emptyPatch });
export type SubjectUpdate = z.infer<typeof subjectUpdateSchema>;
