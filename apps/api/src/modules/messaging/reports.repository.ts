import { sql } from 'drizzle-orm';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { queryRows, sqlList, type DbOrTx } from '../../platform/db/client.ts';

// SQL of message reports and the admins' queue of reported conversations (issue 31 item 7).

type Ts = Date | string;

/** The audit trail's entity of a reported conversation: one entry per admin read, one per resolve. */
export const REPORTED_ENTITY = 'reported_conversation';

const displayName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username)`);

/** The conversation, locked until the transaction ends: reports of one conversation are filed one at a time. */
export async function lockConversation(db: DbOrTx, id: string) {
  const [row] = await queryRows<{ id: string; tutor_user_id: string; family_user_id: string }>(
    db,
    sql`select id, tutor_user_id, family_user_id from conversations where id = ${id} for update`,
  );
  return row;
}

export async function messageIsIn(db: DbOrTx, messageId: string, conversationId: string) {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from messages where id = ${messageId} and conversation_id = ${conversationId}`,
  );
  return rows.length > 0;
}

type ReportRow = {
  id: string;
  conversation_id: string;
  message_id: string | null;
  reason: string;
  created_at: Ts;
  resolved_at: Ts | null;
};

/** The reporter's open report of this message (or of the whole conversation when messageId is null). */
export async function openReportOf(
  db: DbOrTx,
  conversationId: string,
  messageId: string | null,
  reporterUserId: string,
) {
  const [row] = await queryRows<ReportRow>(
    db,
    sql`select id, conversation_id, message_id, reason, created_at, resolved_at from message_reports
      where conversation_id = ${conversationId} and reporter_user_id = ${reporterUserId}
        and resolved_at is null
        and ${messageId === null ? sql`message_id is null` : sql`message_id = ${messageId}`}
      limit 1`,
  );
  return row;
}

export async function reportsBySince(db: DbOrTx, reporterUserId: string, since: Date) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from message_reports
      where reporter_user_id = ${reporterUserId} and created_at > ${since.toISOString()}`,
  );
  return row?.n ?? 0;
}

/** Reports of the conversation filed since `since` (before this one): the admins were told about it then. */
export async function reportsOfConversationSince(db: DbOrTx, conversationId: string, since: Date) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from message_reports
      where conversation_id = ${conversationId} and created_at > ${since.toISOString()}`,
  );
  return row?.n ?? 0;
}

export async function insertReport(
  db: DbOrTx,
  r: { conversationId: string; messageId: string | null; reporterUserId: string; reason: string },
) {
  const [row] = await queryRows<ReportRow>(
    db,
    sql`insert into message_reports (conversation_id, message_id, reporter_user_id, reason)
      values (${r.conversationId}, ${r.messageId}, ${r.reporterUserId}, ${r.reason})
      returning id, conversation_id, message_id, reason, created_at, resolved_at`,
  );
  return row!;
}

export async function adminRecipients(db: DbOrTx) {
  return queryRows<{ email: string; locale: string | null }>(
    db,
    sql`select email, locale from users where role in ${sqlList(ADMIN_ROLES)} and is_active and email <> ''
      order by email limit 20`,
  );
}

type SummaryRow = {
  id: string;
  tutor_name: string;
  family_name: string;
  open_reports: number;
  last_report_at: Ts;
};

const summarySelect = sql`select c.id, coalesce(t.full_name, ${displayName('tu')}) as tutor_name,
    ${displayName('fu')} as family_name,
    count(*) filter (where r.resolved_at is null)::int as open_reports, max(r.created_at) as last_report_at
  from conversations c
  join message_reports r on r.conversation_id = c.id
  join users tu on tu.id = c.tutor_user_id
  join users fu on fu.id = c.family_user_id
  left join tutors t on t.user_id = c.tutor_user_id`;
const summaryGroup = sql`group by c.id, t.full_name, tu.first_name, tu.last_name, tu.username,
  fu.first_name, fu.last_name, fu.username`;

/** Only conversations with at least one report (the join): open ones first, the latest report first. */
export async function listReported(db: DbOrTx, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    queryRows<SummaryRow>(
      db,
      sql`${summarySelect} ${summaryGroup}
        order by (count(*) filter (where r.resolved_at is null) > 0) desc, max(r.created_at) desc, c.id
        limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(distinct conversation_id)::int as n from message_reports`),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function reportedSummary(db: DbOrTx, conversationId: string) {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`${summarySelect} where c.id = ${conversationId} ${summaryGroup}`,
  );
  return row;
}

export async function reportsOf(db: DbOrTx, conversationId: string) {
  return queryRows<
    ReportRow & {
      reporter_name: string;
      resolved_by_name: string | null;
      resolution: string;
    }
  >(
    db,
    sql`select r.id, r.conversation_id, r.message_id, r.reason, r.created_at, r.resolved_at, r.resolution,
        coalesce(t.full_name, ${displayName('u')}) as reporter_name,
        case when a.id is null then null else ${displayName('a')} end as resolved_by_name
      from message_reports r
      join users u on u.id = r.reporter_user_id
      left join tutors t on t.user_id = r.reporter_user_id
      left join users a on a.id = r.resolved_by_user_id
      where r.conversation_id = ${conversationId}
      order by r.resolved_at is null desc, r.created_at desc`,
  );
}

/** Every admin read of the conversation, newest first (the audit log's `read` entries). */
export async function readTrail(db: DbOrTx, conversationId: string, limit = 200) {
  return queryRows<{ admin_name: string | null; read_at: Ts }>(
    db,
    sql`select case when u.id is null then null else ${displayName('u')} end as admin_name,
        l.created_at as read_at
      from audit_log l left join users u on u.id = l.actor_user_id
      where l.entity_type = ${REPORTED_ENTITY} and l.entity_id = ${conversationId} and l.action = 'read'
      order by l.created_at desc, l.id
      limit ${limit}`,
  );
}

/** Resolves the conversation's open reports; answers their reporters (once each) for the e-mail. */
export async function resolveOpen(
  db: DbOrTx,
  conversationId: string,
  adminUserId: string,
  resolution: string,
) {
  return queryRows<{ id: string; reporter_user_id: string; email: string; locale: string | null }>(
    db,
    sql`update message_reports r set resolved_at = now(), resolved_by_user_id = (select id from users where id = ${adminUserId}),
        resolution = ${resolution}
      from users u
      where r.conversation_id = ${conversationId} and r.resolved_at is null and u.id = r.reporter_user_id
      returning r.id, r.reporter_user_id, u.email, u.locale`,
  );
}
