/**
 * One interface for both stores. Keys are `<folder>/<uuid>.webp`: a stored file never changes under its address,
 * so browsers cache it for a year, and a replaced file is removed rather than overwritten.
 */
export interface UploadStorage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under `key` and answers the address pages use for them. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /**
   * Removes a file this store holds, by the address `put` answered; any other address (a seed image, an outside
   * link, '') is left alone. Answers whether it was one of ours.
   */
  remove(url: string | null | undefined): Promise<boolean>;
}

/** An upload key: one folder and one file name, nothing that could climb out of the store. */
export const UPLOAD_KEY = /^[a-z0-9-]{1,40}\/[A-Za-z0-9_-]{1,80}\.(webp|png|jpe?g)$/;
