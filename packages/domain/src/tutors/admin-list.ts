import { z } from 'zod';
import { adminTutorListItemSchema, adminTutorListQuerySchema } from './profile.ts';

/**
 * GET /api/admin/tutors/ paged on the server (issue 28 item 5, decision 241). With `page` or `page_size` the answer
 * is one page with the filter's count; without either it stays the list of the first
 * `ADMIN_TUTOR_LIST_MAX` profiles in the list's order (the answer the screens read so far, bounded).
 */
export const ADMIN_TUTOR_LIST_MAX = 1000;
export const ADMIN_TUTOR_PAGE_SIZE = 20;
export const ADMIN_TUTOR_MAX_PAGE_SIZE = 100;

export const adminTutorPageMessages = {
  page: 'Choose a page from 1 to 100000.',
  pageSize: `Choose a page size from 1 to ${ADMIN_TUTOR_MAX_PAGE_SIZE}.`,
} as const;

export const adminTutorPageQuerySchema = adminTutorListQuerySchema.extend({
  page: z.coerce
    .number({ error: adminTutorPageMessages.page })
    .int(adminTutorPageMessages.page)
    .min(1, adminTutorPageMessages.page)
    .max(100_000, adminTutorPageMessages.page)
    .optional(),
  page_size: z.coerce
    .number({ error: adminTutorPageMessages.pageSize })
    .int(adminTutorPageMessages.pageSize)
    .min(1, adminTutorPageMessages.pageSize)
    .max(ADMIN_TUTOR_MAX_PAGE_SIZE, adminTutorPageMessages.pageSize)
    .optional(),
});
export type AdminTutorPageQuery = z.infer<typeof adminTutorPageQuerySchema>;

export const adminTutorPageSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(adminTutorListItemSchema),
});
export type AdminTutorPage = z.infer<typeof adminTutorPageSchema>;
