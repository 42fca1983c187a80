import { sql } from 'drizzle-orm';
import {
  attachmentMessages as m,
  PRIVATE_FILE_UPLOADS_PER_DAY,
  type Attachment,
} from '@tibeb/domain/messages/attachments';
import { queryRows, type DbOrTx, type Tx } from '../db/client.ts';
import { AppError, badRequest } from '../http/app-error.ts';
import { newPrivateKey, type PrivateStorage, type PrivateUpload } from './private-storage.ts';

/**
 * The rows of `private_files` (decision 269): who uploaded a file, its key in the private store, its cleaned name,
 * real type and size. What a file is attached to (a message, a homework) says who may read it; an upload not yet
 * attached is its uploader's only.
 */

export type PrivateFileRow = {
  id: string;
  uploader_user_id: string | null;
  storage_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
};

export const attachmentOut = (
  f: Pick<PrivateFileRow, 'id' | 'file_name' | 'content_type' | 'size_bytes'>,
  url: string,
): Attachment => ({
  id: f.id,
  name: f.file_name,
  content_type: f.content_type,
  size_bytes: Number(f.size_bytes),
  url,
});

/** Stores an upload for its uploader: at most PRIVATE_FILE_UPLOADS_PER_DAY in 24 hours (429), counted here. */
export async function savePrivateUpload(
  db: DbOrTx,
  store: PrivateStorage,
  userId: string,
  upload: PrivateUpload,
  now = new Date(),
): Promise<PrivateFileRow> {
  const since = new Date(now.getTime() - 86_400_000).toISOString();
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from private_files where uploader_user_id = ${userId} and created_at > ${since}`,
  );
  if ((count?.n ?? 0) >= PRIVATE_FILE_UPLOADS_PER_DAY) throw new AppError(429, m.tooMany);
  const key = newPrivateKey();
  await store.put(key, upload.data, upload.contentType);
  try {
    const [row] = await queryRows<PrivateFileRow>(
      db,
      sql`insert into private_files (uploader_user_id, storage_key, file_name, content_type, size_bytes)
        values (${userId}, ${key}, ${upload.fileName}, ${upload.contentType}, ${upload.data.length})
        returning id, uploader_user_id, storage_key, file_name, content_type, size_bytes`,
    );
    return row!;
  } catch (error) {
    await store.remove(key).catch(() => undefined);
    throw error;
  }
}

export async function privateFileById(db: DbOrTx, id: string): Promise<PrivateFileRow | null> {
  const [row] = await queryRows<PrivateFileRow>(
    db,
    sql`select id, uploader_user_id, storage_key, file_name, content_type, size_bytes
      from private_files where id = ${id}`,
  );
  return row ?? null;
}

/**
 * How old an upload may be when it is attached: well inside the day after which the clean-up removes an upload that
 * nothing uses, so a clean-up never removes a file while it is being attached.
 */
const ATTACH_WITHIN_MS = 20 * 3_600_000;
/** An upload that nothing uses is removed a day after it was made (the clean-up job below). */
const UNUSED_KEPT_MS = 24 * 3_600_000;

/**
 * The user's own upload that nothing uses yet (no message, no homework), locked for attaching it in this
 * transaction; 400 otherwise (another user's upload, one already attached, or none).
 */
export async function takeUnusedUpload(tx: Tx, fileId: string, userId: string): Promise<PrivateFileRow> {
  const [row] = await queryRows<PrivateFileRow>(
    tx,
    sql`select f.id, f.uploader_user_id, f.storage_key, f.file_name, f.content_type, f.size_bytes
      from private_files f
      where f.id = ${fileId} and f.uploader_user_id = ${userId}
        and f.created_at > ${new Date(Date.now() - ATTACH_WITHIN_MS).toISOString()}
        and not exists (select 1 from messages where attachment_file_id = f.id)
        and not exists (select 1 from homework where attachment_file_id = f.id)
      for update of f`,
  );
  if (!row) throw badRequest(m.notYourUpload, { attachment_id: [m.notYourUpload] });
  return row;
}

/** Reads a file's bytes (404 when the store lost them). */
export async function readPrivateBytes(store: PrivateStorage, file: PrivateFileRow) {
  const data = await store.get(file.storage_key);
  if (!data) throw new AppError(404, m.notFound);
  return { fileName: file.file_name, contentType: file.content_type, data };
}

/**
 * Removes uploads that nothing uses (never attached, or left by a deleted conversation) a day after they were made:
 * their rows and their bytes, at most `limit` a run. Without it an account could fill the store 5 MB at a time.
 */
export async function removeUnusedUploads(db: DbOrTx, store: PrivateStorage, now = new Date(), limit = 200) {
  const before = new Date(now.getTime() - UNUSED_KEPT_MS).toISOString();
  const rows = await queryRows<{ id: string; storage_key: string }>(
    db,
    sql`delete from private_files f
      where f.id in (
        select g.id from private_files g
        where g.created_at < ${before}
          and not exists (select 1 from messages where attachment_file_id = g.id)
          and not exists (select 1 from homework where attachment_file_id = g.id)
        order by g.created_at
        limit ${limit}
      )
      returning f.id, f.storage_key`,
  );
  for (const row of rows) await store.remove(row.storage_key).catch(() => undefined);
  return rows.length;
}
