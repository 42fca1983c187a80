import {
  MAX_REPORTS_PER_HOUR,
  reportConversationSchema,
  resolveReportsSchema,
  type AdminReport,
  type MessageReport,
  type ReportConversation,
  type ReportedConversation,
  type ReportedConversationDetail,
  type ReportedList,
  type ReportedListQuery,
  type ResolveReports,
} from '@tibeb/domain/messages/reports';
import { messageTexts } from '@tibeb/domain/messages/texts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { messagesOf } from './messages.repository.ts';
import { messageAttachment } from './attachments.service.ts';
import { reportNoticeEmails, reportReviewedEmail } from './reports.emails.ts';
import * as repo from './reports.repository.ts';

const HOUR_MS = 3_600_000;
const PAGE_SIZE = 25;
/** The admin view shows the latest messages of a reported conversation (as its two sides see them). */
const MESSAGES_SHOWN = 500;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export type ReportDeps = { db: Db; mailer: Mailer; publicUrl: string };

function reportOut(r: {
  id: string;
  conversation_id: string;
  message_id: string | null;
  reason: string;
  created_at: Date | string;
  resolved_at: Date | string | null;
}): MessageReport {
  return {
    id: r.id,
    conversation_id: r.conversation_id,
    message_id: r.message_id,
    reason: r.reason,
    created_at: iso(r.created_at),
    status: r.resolved_at === null ? 'open' : 'resolved',
  };
}

/**
 * One side of a conversation reports a message of it, or the whole conversation. Anyone else gets 404 (the
 * conversation's existence is not theirs to learn). The same open report again answers it (created: false).
 * Admins hear of it by e-mail, at most once an hour per conversation.
 */
export async function report(
  deps: ReportDeps,
  userId: string,
  conversationId: string,
  body: ReportConversation,
  now = new Date(),
): Promise<{ created: boolean; report: MessageReport }> {
  const input = reportConversationSchema.parse(body);
  return deps.db.transaction(async (tx) => {
    const c = await repo.lockConversation(tx, conversationId);
    if (!c || (c.tutor_user_id !== userId && c.family_user_id !== userId)) {
      throw notFound(messageTexts.notFound);
    }
    const messageId = input.message_id ?? null;
    if (messageId !== null && !(await repo.messageIsIn(tx, messageId, conversationId))) {
      throw badRequest(messageTexts.reportMessageNotHere, {
        message_id: [messageTexts.reportMessageNotHere],
      });
    }
    const existing = await repo.openReportOf(tx, conversationId, messageId, userId);
    if (existing) return { created: false, report: reportOut(existing) };
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    if ((await repo.reportsBySince(tx, userId, hourAgo)) >= MAX_REPORTS_PER_HOUR) {
      throw new AppError(429, messageTexts.tooManyReports);
    }
    const toldRecently = (await repo.reportsOfConversationSince(tx, conversationId, hourAgo)) > 0;
    const row = await repo.insertReport(tx, {
      conversationId,
      messageId,
      reporterUserId: userId,
      reason: input.reason,
    });
    if (!toldRecently) {
      const admins = await repo.adminRecipients(tx);
      for (const mail of reportNoticeEmails(admins, deps.publicUrl, conversationId)) {
        await deps.mailer.send(mail, { tx });
      }
    }
    return { created: true, report: reportOut(row) };
  });
}

function summaryOut(r: {
  id: string;
  tutor_name: string;
  family_name: string;
  open_reports: number;
  last_report_at: Date | string;
}): ReportedConversation {
  return {
    id: r.id,
    tutor_name: r.tutor_name,
    family_name: r.family_name,
    open_reports: r.open_reports,
    last_report_at: iso(r.last_report_at),
    status: r.open_reports > 0 ? 'open' : 'resolved',
  };
}

export async function listReported(db: Db, query: ReportedListQuery): Promise<ReportedList> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? PAGE_SIZE;
  const { rows, count } = await repo.listReported(db, pageSize, (page - 1) * pageSize);
  return { count, page, page_size: pageSize, results: rows.map(summaryOut) };
}

/**
 * A reported conversation for an admin: its reports, messages and read trail. The read is audited in the same
 * transaction that reads, so no admin reads a conversation without leaving a trace. 404 without a report.
 */
export async function readReported(
  db: Db,
  adminUserId: string,
  conversationId: string,
): Promise<ReportedConversationDetail> {
  return db.transaction(async (tx) => {
    const summary = await repo.reportedSummary(tx, conversationId);
    if (!summary) throw notFound(messageTexts.reportNotFound);
    await recordAudit(tx, {
      actorUserId: adminUserId,
      action: 'read',
      entityType: repo.REPORTED_ENTITY,
      entityId: conversationId,
    });
    const [reports, messages, trail] = await Promise.all([
      repo.reportsOf(tx, conversationId),
      messagesOf(tx, conversationId, MESSAGES_SHOWN),
      repo.readTrail(tx, conversationId),
    ]);
    return {
      ...summaryOut(summary),
      reports: reports.map((r): AdminReport => ({
        id: r.id,
        reporter_name: r.reporter_name,
        message_id: r.message_id,
        reason: r.reason,
        created_at: iso(r.created_at),
        status: r.resolved_at === null ? 'open' : 'resolved',
        resolved_at: isoOrNull(r.resolved_at),
        resolved_by_name: r.resolved_by_name,
        resolution: r.resolution,
      })),
      messages: messages.map((m) => ({
        id: m.id,
        conversation_id: m.conversation_id,
        sender_user_id: m.sender_user_id,
        sender_name: m.sender_name,
        body: m.body,
        attachment: messageAttachment(m),
        created_at: iso(m.created_at),
      })),
      read_trail: trail.map((e) => ({ admin_name: e.admin_name ?? '', read_at: iso(e.read_at) })),
    };
  });
}

/** Resolves every open report of the conversation (audited); each reporter hears it was reviewed. */
export async function resolve(
  deps: ReportDeps,
  adminUserId: string,
  conversationId: string,
  body: ResolveReports,
) {
  const input = resolveReportsSchema.parse(body);
  return deps.db.transaction(async (tx) => {
    if (!(await repo.reportedSummary(tx, conversationId))) throw notFound(messageTexts.reportNotFound);
    const resolved = await repo.resolveOpen(tx, conversationId, adminUserId, input.resolution);
    if (resolved.length === 0) throw conflict(messageTexts.nothingOpen);
    await recordAudit(tx, {
      actorUserId: adminUserId,
      action: 'resolve',
      entityType: repo.REPORTED_ENTITY,
      entityId: conversationId,
      after: { resolution: input.resolution, reports: resolved.map((r) => r.id) },
    });
    const told = new Set<string>();
    for (const r of resolved) {
      if (told.has(r.reporter_user_id) || !r.email) continue;
      told.add(r.reporter_user_id);
      await deps.mailer.send(reportReviewedEmail(r), { tx });
    }
    return { resolved: resolved.length };
  });
}
