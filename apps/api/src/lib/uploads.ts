import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_TYPES,
  uploadMessages,
  type UploadedImage,
} from '@tibeb/domain/uploads/contracts';
import { AppError, badRequest } from './errors.ts';

/** Where uploaded files live: `DATA_DIR/uploads/<folder>/<uuid>.webp`, served at `/uploads/<folder>/...`. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * Multipart bodies for every upload route, and `/uploads/*` served from `DATA_DIR/uploads`. Stored names are
 * random UUIDs, so a file never changes under its address and is cached for a year.
 */
export async function registerUploads(app: FastifyInstance, dataDir: string) {
  const root = uploadsDir(dataDir);
  fs.mkdirSync(root, { recursive: true });
  await app.register(multipart, {
    limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
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
 * refused), resizes it to fit the box, and stores it as WebP. Answers 400 or 413 with `{ detail, errors.file }`.
 */
export async function saveImageUpload(
  request: FastifyRequest,
  dataDir: string,
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

  const folder = options.folder.replace(/[^a-z0-9-]/gi, '');
  const dir = path.join(uploadsDir(dataDir), folder);
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.webp`;
  await fs.promises.writeFile(path.join(dir, name), output.data);
  return { url: `/uploads/${folder}/${name}`, width: output.info.width, height: output.info.height };
}
