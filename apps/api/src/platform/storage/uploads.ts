import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_TYPES,
  uploadMessages,
  type UploadedImage,
} from '@tibeb/domain/uploads/contracts';
import type { Config } from '../config.ts';
import { registerMultipart } from '../http/multipart.ts';
import { AppError, badRequest } from '../http/app-error.ts';
import { UPLOAD_KEY, type UploadStorage } from './upload-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files go: DATA_DIR/uploads, or the S3 bucket when S3_* is set (decision 200). */
    uploads: UploadStorage;
  }
}

/** Where uploaded files live without a bucket: `DATA_DIR/uploads/<folder>/<uuid>.webp`, served at `/uploads/...`. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** Files under DATA_DIR/uploads, served by the app at /uploads/. */
export class LocalUploadStorage implements UploadStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  async put(key: string, data: Buffer): Promise<string> {
    const file = path.join(this.root, key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, data);
    return `/uploads/${key}`;
  }

  async remove(url: string | null | undefined): Promise<boolean> {
    const key = url?.startsWith('/uploads/') ? url.slice('/uploads/'.length) : '';
    if (!UPLOAD_KEY.test(key)) return false;
    await fs.promises.rm(path.join(this.root, key), { force: true });
    return true;
  }
}

/**
 * Multipart bodies for every upload route, and the store: `/uploads/*` served from `DATA_DIR/uploads`, or with
 * S3_* set the bucket (its client loaded only then), read through the app at `/uploads/*` unless S3_PUBLIC_URL
 * sends browsers to the bucket itself.
 */
export async function registerUploads(app: FastifyInstance, config: Pick<Config, 'dataDir' | 's3'>) {
  // Its per-request hooks only on routes that can carry a body (plugins/multipart.ts, issue 17).
  await registerMultipart(app, {
    limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  if (config.s3) {
    const { S3UploadStorage, registerS3Reads } = await import('./s3-storage.ts');
    const storage = new S3UploadStorage(config.s3);
    app.decorate('uploads', storage);
    registerS3Reads(app, storage);
    return;
  }
  const root = uploadsDir(config.dataDir);
  fs.mkdirSync(root, { recursive: true });
  app.decorate('uploads', new LocalUploadStorage(root));
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
  });
}

export type ImageUploadOptions = {
  /** Sub-folder under uploads, e.g. `blog` or `tutors`. */
  folder: string;
  /** The stored image fits inside this box (never enlarged). */
  maxWidth: number;
  maxHeight: number;
  /** Smallest accepted side, in pixels. */
  minSide?: number;
};

const tooLarge = () =>
  new AppError(413, uploadMessages.tooLarge, { fieldErrors: { file: [uploadMessages.tooLarge] } });

/**
 * Reads the one file of a multipart request, checks its type and size, decodes it (so a renamed non-image is
 * refused), resizes it to fit the box, and stores it as WebP in `storage` (`app.uploads`). Answers 400 or 413
 * with `{ detail, errors.file }`, 503 when the bucket does not answer.
 */
export async function saveImageUpload(
  request: FastifyRequest,
  storage: UploadStorage,
  options: ImageUploadOptions,
): Promise<UploadedImage> {
  if (!request.isMultipart()) throw badRequest(uploadMessages.missing, { file: [uploadMessages.missing] });
  let part;
  try {
    part = await request.file();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw badRequest(uploadMessages.missing, { file: [uploadMessages.missing] });
  }
  if (!part) throw badRequest(uploadMessages.missing, { file: [uploadMessages.missing] });
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(part.mimetype)) {
    part.file.resume();
    throw badRequest(uploadMessages.type, { file: [uploadMessages.type] });
  }
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (part.file.truncated) throw tooLarge();

  const { default: sharp } = await import('sharp');
  let output: { data: Buffer; info: { width: number; height: number } };
  try {
    const image = sharp(buffer, { limitInputPixels: 40_000_000 });
    const meta = await image.metadata();
    if (!meta.width || !meta.height || !['jpeg', 'png', 'webp'].includes(meta.format ?? '')) {
      throw new Error('unsupported');
    }
    const minSide = options.minSide ?? 0;
    if (Math.min(meta.width, meta.height) < minSide) {
      throw badRequest(uploadMessages.tooSmall, { file: [uploadMessages.tooSmall] });
    }
    output = await image
      .rotate()
      .resize({ width: options.maxWidth, height: options.maxHeight, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(uploadMessages.unreadable, { file: [uploadMessages.unreadable] });
  }

  const folder = options.folder.toLowerCase().replace(/[^a-z0-9-]/g, '');
  const url = await storage.put(`${folder}/${randomUUID()}.webp`, output.data, 'image/webp');
  return { url, width: output.info.width, height: output.info.height };
}
