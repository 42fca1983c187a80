import { z } from 'zod';
import { codedMessages } from '../shared/error-codes.ts';

/**
 * Private files (issue 30 item 5, decision 269): a message's attachment or a homework's file. An image (JPEG, PNG,
 * WebP) or a PDF, recognised by its first bytes (the browser's type and the name are not trusted), at most 5 MB.
 * Read only through the API, by the people of what it is attached to.
 */

export const PRIVATE_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type PrivateFileType = (typeof PRIVATE_FILE_TYPES)[number];
export const PRIVATE_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** Files one account may upload in 24 hours (counted in the database, so every instance agrees). */
export const PRIVATE_FILE_UPLOADS_PER_DAY = 40;
/** The longest file name kept for display (characters, extension included). */
export const FILE_NAME_MAX = 100;
/** What the file pickers accept (the server checks the bytes anyway). */
export const PRIVATE_FILE_ACCEPT =
  '.jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf';

const startsWith = (data: Uint8Array, bytes: readonly number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The file's real type from its first bytes, or null when it is none of the accepted ones. */
export function sniffFileType(data: Uint8Array): PrivateFileType | null {
  if (startsWith(data, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export const fileExtensions: Record<PrivateFileType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * The name shown and offered on download: the uploader's own name without its extension, control and
 * path characters and quotes removed, spaces folded, at most FILE_NAME_MAX characters, and the extension of the
 * real type ('file.pdf' when nothing is left). Letters of any script stay (an Amharic name stays Amharic).
 */
export function cleanFileName(name: string, type: PrivateFileType): string {
  const ext = fileExtensions[type];
  const base = name
    .normalize('NFC')
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069"'<>:*?|\\/;%]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const room = FILE_NAME_MAX - ext.length - 1;
  const cut = [...base].slice(0, room).join('').trim();
  return `${cut || 'file'}.${ext}`;
}

export const isImageType = (type: string) => type.startsWith('image/');

/** "1.2 MB", "340 KB": a size for people. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export const attachmentMessages = {
  missing: 'Choose a file to attach.',
  type: 'Attach a JPEG, PNG or WebP image, or a PDF.',
  tooLarge: 'The file is larger than 5 MB.',
  tooMany: 'You have uploaded many files today. Please try again tomorrow.',
  notFound: 'File not found.',
  notYourUpload: 'This file cannot be attached: upload it again.',
} as const;

/** Their codes (shared/error-codes.ts): `attachment_missing`, `attachment_type`, … */
export const attachmentMessageCodes = codedMessages(attachmentMessages, { prefix: 'attachment_' });

/**
 * A file as the answers describe it: its id, name, type, size, and `url`, where the signed-in reader downloads it
 * (under /api; the route of what it is attached to, which checks who may read it). An upload not yet attached has
 * no url ('').
 */
export const attachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  url: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
