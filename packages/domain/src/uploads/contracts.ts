import { z } from 'zod';
import { codedMessages } from '../shared/error-codes.ts';

/** Image uploads (a blog cover, a tutor photo): what the API accepts and answers. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const uploadMessages = {
  missing: 'Choose an image file to upload.',
  type: 'Upload a JPEG, PNG or WebP image.',
  tooLarge: 'The image is larger than 5 MB.',
  unreadable: 'The file is not a readable image.',
  tooSmall: 'The image is too small (at least 200 pixels on each side).',
} as const;

/** Their codes (shared/error-codes.ts): `upload_missing`, `upload_too_large`, … */
export const uploadMessageCodes = codedMessages(uploadMessages, { prefix: 'upload_' });

/** The answer of an upload route: where the stored (resized, WebP) image is served. */
export const uploadedImage = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type UploadedImage = z.infer<typeof uploadedImage>;
