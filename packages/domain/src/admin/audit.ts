import { z } from 'zod';

/** GET /api/admin/audit/?entity_type=&entity_id= : one record's trail, newest first. */
export const auditEntityTypes = [
  'offer',
  'blog_post',
  'blog_category',
  'blog_tag',
  'blog_comment',
  'payment',
  'user',
  'tutor',
  'reservation',
  'settings',
  'subject',
  'contact_message',
  /** An e-mail of the outbox an admin resent (issue 29 item 4). */
  'mail',
] as const;

export const auditQuery = z.object({
  entity_type: z.enum(auditEntityTypes, { error: 'Choose a known kind of record.' }),
  entity_id: z
    .string({ error: 'Give the record id.' })
    .trim()
    .min(1, 'Give the record id.')
    .max(100, 'At most 100 characters.'),
});

export const auditEntry = z.object({
  id: z.string(),
  action: z.string(),
  actor_user_id: z.string().nullable(),
  actor_username: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditTrailResponse = z.array(auditEntry);
