import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { attachmentMessages as m, type Attachment } from '@tibeb/domain/messages/attachments';
import type { Role } from '../../platform/auth/tokens.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/app-error.ts';
import {
  attachmentOut,
  readPrivateBytes,
  removeUnusedUploads,
  savePrivateUpload,
} from '../../platform/storage/private-files.repository.ts';
import type { Job } from '../../platform/jobs/runner.ts';
import type { PrivateStorage, PrivateUpload } from '../../platform/storage/private-storage.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './attachments.repository.ts';
import { REPORTED_ENTITY } from './reports.repository.ts';

/**
 * Files in messages (issue 30 item 5, decision 269): an account uploads a file (its own until attached), then sends
 * a message carrying it; the conversation's two sides read it, and admins once the conversation is reported.
 * Anyone else gets 404, as for a file that does not exist.
 */

/** Where a message's file is read: one address for both sides and the admins (each checked). */
export const messageFileUrl = (conversationId: string, fileId: string) =>
  `/api/messages/${conversationId}/files/${fileId}/`;

/** A message row's attachment as the answers show it, or null. */
export function messageAttachment(row: {
  conversation_id: string;
  attachment_id: string | null;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_size: number | null;
}): Attachment | null {
  if (!row.attachment_id) return null;
  return attachmentOut(
    {
      id: row.attachment_id,
      file_name: row.attachment_name ?? '',
      content_type: row.attachment_type ?? '',
      size_bytes: Number(row.attachment_size ?? 0),
    },
    messageFileUrl(row.conversation_id, row.attachment_id),
  );
}

/** Stores an upload (bounded per account and day); it has no address until a message carries it. */
export async function upload(
  db: Db,
  store: PrivateStorage,
  userId: string,
  file: PrivateUpload,
): Promise<Attachment> {
  return attachmentOut(await savePrivateUpload(db, store, userId, file), '');
}

/** A message's file for one of the conversation's two sides, or an admin when it is reported; else 404. */
export async function readMessageFile(
  db: Db,
  store: PrivateStorage,
  reader: { userId: string; role: Role },
  conversationId: string,
  fileId: string,
) {
  const file = await repo.attachmentInConversation(db, conversationId, fileId);
  if (!file) throw notFound(m.notFound);
  const side = file.tutor_user_id === reader.userId || file.family_user_id === reader.userId;
  const admin = ADMIN_ROLES.includes(reader.role) && (await repo.isReported(db, conversationId));
  if (!side && !admin) throw notFound(m.notFound);
  // An admin's read of a reported conversation's file is a read of the conversation: in its read trail.
  if (!side)
    await recordAudit(db, {
      actorUserId: reader.userId,
      action: 'read',
      entityType: REPORTED_ENTITY,
      entityId: conversationId,
      after: { file_id: fileId },
    });
  return readPrivateBytes(store, file);
}

/** Every hour: the uploads nothing uses, a day after they were made (decision 269). */
export function unusedUploadsJob(db: Db, store: PrivateStorage): Job<number> {
  return {
    name: 'unused-uploads',
    intervalMs: 60 * 60_000,
    run: () => removeUnusedUploads(db, store),
    report: (removed, log) => {
      if (removed > 0) log.info({ removed }, 'unused uploads: removed');
    },
  };
}
