import { sql } from 'drizzle-orm';
import { paidReservationStatuses } from '@tibeb/domain/bookings/statuses';
import { queryRows, sqlList, type DbOrTx } from '../../platform/db/client.ts';

// SQL of the messages module. Timestamps come back as Date or string (by driver); the service formats them.

type Ts = Date | string;

export async function conversationOf(db: DbOrTx, id: string) {
  const [row] = await queryRows<{ id: string; tutor_user_id: string; family_user_id: string }>(
    db,
    sql`select id, tutor_user_id, family_user_id from conversations where id = ${id}`,
  );
  return row;
}

const displayName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username)`);

/** A user's conversations, the latest first, with the other side's name and the unread count. */
export async function conversationsOf(db: DbOrTx, userId: string) {
  return queryRows<{
    id: string;
    with_name: string;
    tutor_name: string | null;
    last_message: string | null;
    last_message_at: Ts | null;
    unread: number;
  }>(
    db,
    sql`select c.id, ${displayName('o')} as with_name, t.full_name as tutor_name,
        coalesce(nullif(m.body, ''), m.file_name) as last_message, m.created_at as last_message_at,
        (select count(*) from messages u where u.conversation_id = c.id and u.sender_user_id <> ${userId}
          and u.read_at is null)::int as unread
      from conversations c
      join users o on o.id = case when c.tutor_user_id = ${userId} then c.family_user_id else c.tutor_user_id end
      left join tutors t on t.user_id = c.tutor_user_id and c.family_user_id = ${userId}
      left join lateral (select l.body, l.created_at, lf.file_name from messages l
        left join private_files lf on lf.id = l.attachment_file_id
        where l.conversation_id = c.id order by l.created_at desc limit 1) m on true
      where c.tutor_user_id = ${userId} or c.family_user_id = ${userId}
      order by coalesce(m.created_at, c.created_at) desc`,
  );
}

export async function messagesOf(db: DbOrTx, conversationId: string, limit: number) {
  return queryRows<{
    id: string;
    conversation_id: string;
    sender_user_id: string;
    sender_name: string;
    body: string;
    created_at: Ts;
    read_at: Ts | null;
    attachment_id: string | null;
    attachment_name: string | null;
    attachment_type: string | null;
    attachment_size: number | null;
  }>(
    db,
    sql`select * from (
        select m.id, m.conversation_id, m.sender_user_id, coalesce(t.full_name, ${displayName('u')}) as sender_name,
          m.body, m.created_at, m.read_at, f.id as attachment_id, f.file_name as attachment_name,
          f.content_type as attachment_type, f.size_bytes as attachment_size
        from messages m join users u on u.id = m.sender_user_id
        left join tutors t on t.user_id = m.sender_user_id
        left join private_files f on f.id = m.attachment_file_id
        where m.conversation_id = ${conversationId}
        order by m.created_at desc limit ${limit}) x
      order by created_at`,
  );
}

export async function otherName(db: DbOrTx, conversationId: string, userId: string) {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select coalesce(t.full_name, ${displayName('o')}) as name
      from conversations c
      join users o on o.id = case when c.tutor_user_id = ${userId} then c.family_user_id else c.tutor_user_id end
      left join tutors t on t.user_id = o.id and c.family_user_id = ${userId}
      where c.id = ${conversationId}`,
  );
  return row?.name ?? '';
}

export async function insertMessage(
  db: DbOrTx,
  conversationId: string,
  senderUserId: string,
  body: string,
  attachmentFileId: string | null = null,
) {
  const [row] = await queryRows<{ id: string; created_at: Ts }>(
    db,
    sql`insert into messages (conversation_id, sender_user_id, body, attachment_file_id)
      values (${conversationId}, ${senderUserId}, ${body}, ${attachmentFileId}) returning id, created_at`,
  );
  return row!;
}

/** Marks the other side's messages read; answers how many changed. */
export async function markRead(db: DbOrTx, conversationId: string, readerUserId: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update messages set read_at = now()
      where conversation_id = ${conversationId} and sender_user_id <> ${readerUserId} and read_at is null
      returning id`,
  );
  return rows.length;
}

export async function unreadCount(db: DbOrTx, userId: string) {
  const [row] = await queryRows<{ unread: number }>(
    db,
    sql`select count(*)::int as unread from messages m join conversations c on c.id = m.conversation_id
      where (c.tutor_user_id = ${userId} or c.family_user_id = ${userId})
        and m.sender_user_id <> ${userId} and m.read_at is null`,
  );
  return row?.unread ?? 0;
}

/** The tutor profile of a tutor account, and the account of a tutor profile. */
export async function tutorByUser(db: DbOrTx, userId: string) {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from tutors where user_id = ${userId}`);
  return row;
}
export async function tutorUserOf(db: DbOrTx, tutorId: number) {
  const [row] = await queryRows<{ user_id: string | null }>(
    db,
    sql`select user_id from tutors where id = ${tutorId}`,
  );
  return row;
}

/** Whether the family account booked the tutor (a paid or finished reservation). */
export async function hasBooked(db: DbOrTx, familyUserId: string, tutorId: number) {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from reservations where family_user_id = ${familyUserId} and tutor_id = ${tutorId}
      and status in ${sqlList(paidReservationStatuses)} limit 1`,
  );
  return rows.length > 0;
}

export async function isActiveAccount(db: DbOrTx, userId: string) {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from users where id = ${userId} and is_active`,
  );
  return rows.length > 0;
}

export async function isFamilyAccount(db: DbOrTx, userId: string) {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from users where id = ${userId} and role = 'student' and is_active`,
  );
  return rows.length > 0;
}

/** The pair's conversation, made when missing (the unique pair key settles a race). */
export async function ensureConversation(db: DbOrTx, tutorUserId: string, familyUserId: string) {
  await queryRows(
    db,
    sql`insert into conversations (tutor_user_id, family_user_id) values (${tutorUserId}, ${familyUserId})
      on conflict (tutor_user_id, family_user_id) do nothing`,
  );
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from conversations where tutor_user_id = ${tutorUserId} and family_user_id = ${familyUserId}`,
  );
  return row!.id;
}

/** Someone a user may write to: a tutor (tutor_id) or a family (family_user_id), and their conversation if any. */
type ContactRow = {
  tutor_id: number | null;
  family_user_id: string | null;
  name: string;
  conversation_id: string | null;
};

/** Whom a user may write to: a family's booked tutors, or a tutor's booking families (with an account). */
export async function contactsOf(db: DbOrTx, userId: string, role: 'tutor' | 'student') {
  if (role === 'student') {
    return queryRows<ContactRow>(
      db,
      sql`select distinct t.id as tutor_id, null::uuid as family_user_id, t.full_name as name, c.id as conversation_id
        from reservations r join tutors t on t.id = r.tutor_id
        left join conversations c on c.tutor_user_id = t.user_id and c.family_user_id = ${userId}
        where r.family_user_id = ${userId} and r.status in ${sqlList(paidReservationStatuses)} and t.user_id is not null
        order by t.full_name`,
    );
  }
  return queryRows<ContactRow>(
    db,
    sql`select distinct null::int as tutor_id, u.id as family_user_id, ${displayName('u')} as name,
        c.id as conversation_id
      from reservations r join tutors t on t.id = r.tutor_id join users u on u.id = r.family_user_id
      left join conversations c on c.tutor_user_id = ${userId} and c.family_user_id = u.id
      where t.user_id = ${userId} and r.status in ${sqlList(paidReservationStatuses)}
      order by name`,
  );
}

// The e-mail notice of a message left unread (issue 14 item 4).

/**
 * Conversations where a reader has messages unread for longer than `before`, and no notice went out in that
 * unread stretch; each row locked (SKIP LOCKED) so two instances never send the same notice.
 */
export async function dueNotices(db: DbOrTx, before: Date, limit: number) {
  return queryRows<{
    message_id: string;
    conversation_id: string;
    body: string;
    sender_user_id: string;
    sender_name: string;
    reader_email: string;
    reader_role: string;
    reader_locale: string;
  }>(
    db,
    sql`select m.id as message_id, m.conversation_id, m.body, m.sender_user_id,
        coalesce(t.full_name, ${displayName('s')}) as sender_name, r.email as reader_email, r.role as reader_role,
        r.locale as reader_locale
      from messages m
      join conversations c on c.id = m.conversation_id
      join users s on s.id = m.sender_user_id
      left join tutors t on t.user_id = m.sender_user_id
      join users r on r.id = case when c.tutor_user_id = m.sender_user_id then c.family_user_id else c.tutor_user_id end
      where m.read_at is null and m.notice_sent_at is null and m.created_at <= ${before.toISOString()}
        and r.is_active and r.email <> ''
        and not exists (select 1 from messages n where n.conversation_id = m.conversation_id
          and n.sender_user_id = m.sender_user_id and n.read_at is null and n.notice_sent_at is not null)
        and m.created_at = (select max(l.created_at) from messages l where l.conversation_id = m.conversation_id
          and l.sender_user_id = m.sender_user_id and l.read_at is null)
      order by m.created_at
      limit ${limit}
      for update of m skip locked`,
  );
}

export async function markNoticeSent(db: DbOrTx, messageId: string) {
  await queryRows(db, sql`update messages set notice_sent_at = now() where id = ${messageId} returning id`);
}
