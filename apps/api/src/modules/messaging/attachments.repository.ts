import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../platform/db/client.ts';
import type { PrivateFileRow } from '../../platform/storage/private-files.repository.ts';

/** SQL of message attachments (decision 269): a file as one conversation's message carries it. */

export async function attachmentInConversation(
  db: DbOrTx,
  conversationId: string,
  fileId: string,
): Promise<(PrivateFileRow & { tutor_user_id: string; family_user_id: string }) | null> {
  const [row] = await queryRows<PrivateFileRow & { tutor_user_id: string; family_user_id: string }>(
    db,
    sql`select f.id, f.uploader_user_id, f.storage_key, f.file_name, f.content_type, f.size_bytes,
        c.tutor_user_id, c.family_user_id
      from messages m join conversations c on c.id = m.conversation_id
      join private_files f on f.id = m.attachment_file_id
      where m.conversation_id = ${conversationId} and f.id = ${fileId}
      limit 1`,
  );
  return row ?? null;
}

/** Whether the conversation has a report (its messages are then open to the admins' queue). */
export async function isReported(db: DbOrTx, conversationId: string) {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from message_reports where conversation_id = ${conversationId} limit 1`,
  );
  return rows.length > 0;
}
