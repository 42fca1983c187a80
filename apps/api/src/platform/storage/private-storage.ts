import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import {
  attachmentMessages as m,
  cleanFileName,
  isImageType,
  PRIVATE_FILE_MAX_BYTES,
  sniffFileType,
  type PrivateFileType,
} from '@tibeb/domain/messages/attachments';
import type { Config } from '../config.ts';
import { AppError, badRequest } from '../http/app-error.ts';

/**
 * The private store (issue 30 item 5, decision 269): message attachments and homework files. Beside the public
 * uploads (upload-storage.ts), never served as they are: DATA_DIR/private/ (outside DATA_DIR/uploads, which is
 * served at /uploads/), or the bucket's `private/` prefix, read through the API after the access check of what
 * the file is attached to (never at S3_PUBLIC_URL or /uploads/: a key has no extension, so it never passes
 * UPLOAD_KEY). Keys are the server's: `private/<uuid>`.
 */
export interface PrivateStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when the store does not have them. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** A private key: the prefix and one server-made id, nothing that could climb out of the store. */
export const PRIVATE_KEY = /^private\/[0-9a-f-]{36}$/;
export const newPrivateKey = () => `private/${randomUUID()}`;

const checked = (key: string) => {
  if (!PRIVATE_KEY.test(key)) throw new Error(`not a private key: ${key}`);
  return key;
};

/** Files under DATA_DIR/private (the key's `private/` is the folder), never served statically. */
export class LocalPrivateStorage implements PrivateStorage {
  readonly kind = 'local' as const;
  private readonly dataDir: string;

  constructor(dataDir: string) {
    this.dataDir = dataDir;
  }

  private file(key: string) {
    return path.join(this.dataDir, checked(key));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, data, { mode: 0o600 });
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(this.file(key));
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }
}

const stores = new WeakMap<object, PrivateStorage>();

/** The app's private store, made once per configuration: the bucket when S3_* is set, else DATA_DIR/private. */
export async function privateStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<PrivateStorage> {
  const known = stores.get(config);
  if (known) return known;
  let store: PrivateStorage;
  if (config.s3) {
    const { S3PrivateStorage } = await import('./private-s3-storage.ts');
    store = new S3PrivateStorage(config.s3);
  } else {
    store = new LocalPrivateStorage(config.dataDir);
  }
  stores.set(config, store);
  return store;
}

const tooLarge = () => new AppError(413, m.tooLarge, { fieldErrors: { file: [m.tooLarge] } });
const missing = () => badRequest(m.missing, { file: [m.missing] });

export type PrivateUpload = { data: Buffer; contentType: PrivateFileType; fileName: string };

/**
 * Reads the one file of a multipart request (field `file`): at most PRIVATE_FILE_MAX_BYTES (413), a JPEG, PNG,
 * WebP or PDF by its bytes (400 otherwise, whatever the browser called it), its name cleaned for display.
 */
export async function readPrivateUpload(request: FastifyRequest): Promise<PrivateUpload> {
  if (!request.isMultipart()) throw missing();
  let part;
  try {
    part = await request.file({ limits: { fileSize: PRIVATE_FILE_MAX_BYTES, files: 1 } });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw missing();
  }
  if (!part) throw missing();
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (part.file.truncated) throw tooLarge();
  if (data.length === 0) throw missing();
  const contentType = sniffFileType(data);
  if (!contentType) throw badRequest(m.type, { file: [m.type] });
  return { data, contentType, fileName: cleanFileName(part.filename ?? '', contentType) };
}

/** `filename="ascii"; filename*=UTF-8''…` (RFC 6266): an Amharic name arrives as it was. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a private file: an image inline (shown in the page), a PDF as a download (decision 269), never cached by
 * shared caches, never sniffed into another type, and sandboxed should a browser open it as a page.
 */
export function sendPrivateFile(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; data: Buffer },
) {
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      contentDisposition(isImageType(file.contentType) ? 'inline' : 'attachment', file.fileName),
    )
    .header('content-length', String(file.data.length))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}

/** The file's own policy: nothing loads, scripts never run (a route-level onSend, after the app's headers). */
export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
export const privateFileHeaders: onSendHookHandler = (_request, reply, payload, done) => {
  const type = reply.getHeader('content-type');
  if (typeof type === 'string' && !type.includes('json')) reply.header('content-security-policy', FILE_CSP);
  done(null, payload);
};
