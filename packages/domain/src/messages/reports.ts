import { z } from 'zod';
import { messageSchema } from './contracts.ts';
import { messageTexts } from './texts.ts';

/**
 * Reports of a message or a whole conversation to the office, and the admins' queue of reported conversations
 * (issue 31 item 7). Admins read a conversation only once someone in it reported it; each read is audited.
 */
export const REPORT_REASON_MAX_LENGTH = 1000;
/** Reports one account may file per hour (counted in the database, so it holds across instances). */
export const MAX_REPORTS_PER_HOUR = 10;

const trimmedText = (empty: string, tooLong: string) =>
  z
    .string({ error: empty })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: empty }).max(REPORT_REASON_MAX_LENGTH, { error: tooLong }));

/** POST /api/{tutor|student}/messages/{id}/report/: no message_id reports the whole conversation. */
export const reportConversationSchema = z.object({
  message_id: z.uuid({ error: messageTexts.reportMessageNotHere }).optional(),
  reason: trimmedText(messageTexts.reportReasonEmpty, messageTexts.reportReasonTooLong),
});
export type ReportConversation = z.input<typeof reportConversationSchema>;

export const reportStatuses = ['open', 'resolved'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** A report as its reporter sees it (201 new, 200 when the same open report already existed). */
export const messageReportSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  message_id: z.string().nullable(),
  reason: z.string(),
  created_at: z.string(),
  status: z.enum(reportStatuses),
});
export type MessageReport = z.infer<typeof messageReportSchema>;

/** GET /api/admin/reported-conversations/?page=&page_size= */
export const reportedListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  page_size: z.coerce.number().int().min(1).max(100).optional(),
});
export type ReportedListQuery = z.infer<typeof reportedListQuery>;

export const reportedConversationSchema = z.object({
  id: z.string(),
  tutor_name: z.string(),
  family_name: z.string(),
  open_reports: z.number().int(),
  last_report_at: z.string(),
  status: z.enum(reportStatuses),
});
export type ReportedConversation = z.infer<typeof reportedConversationSchema>;

export const reportedListSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(reportedConversationSchema),
});
export type ReportedList = z.infer<typeof reportedListSchema>;

export const reportedParams = z.object({ conversationId: z.uuid() });

/** One report in the admin's view: who, about which message, why, and how it was settled. */
export const adminReportSchema = z.object({
  id: z.string(),
  reporter_name: z.string(),
  message_id: z.string().nullable(),
  reason: z.string(),
  created_at: z.string(),
  status: z.enum(reportStatuses),
  resolved_at: z.string().nullable(),
  resolved_by_name: z.string().nullable(),
  resolution: z.string(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const readTrailEntrySchema = z.object({ admin_name: z.string(), read_at: z.string() });
export type ReadTrailEntry = z.infer<typeof readTrailEntrySchema>;

/** GET /api/admin/reported-conversations/{id}/: reading it is audited (the trail includes this read). */
export const reportedConversationDetailSchema = reportedConversationSchema.extend({
  reports: z.array(adminReportSchema),
  messages: z.array(messageSchema.omit({ mine: true, read_at: true }).extend({ sender_user_id: z.string() })),
  read_trail: z.array(readTrailEntrySchema),
});
export type ReportedConversationDetail = z.infer<typeof reportedConversationDetailSchema>;

/** POST /api/admin/reported-conversations/{id}/resolve/ */
export const resolveReportsSchema = z.object({
  resolution: trimmedText(messageTexts.resolutionEmpty, messageTexts.resolutionTooLong),
});
export type ResolveReports = z.input<typeof resolveReportsSchema>;

export const resolvedSchema = z.object({ resolved: z.number().int() });
export type Resolved = z.infer<typeof resolvedSchema>;
