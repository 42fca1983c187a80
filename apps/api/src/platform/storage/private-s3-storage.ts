import type { S3Config } from '../config.ts';
import type { PrivateStorage } from './private-storage.ts';
import { S3UploadStorage } from './s3-storage.ts';

/**
 * Private files in the bucket, under `private/` (decision 269): written, read and deleted with the public store's
 * signed client, and read only through the API (never at S3_PUBLIC_URL: a public bucket's policy must leave the
 * `private/` prefix out; the app's /uploads/ route refuses its keys).
 */
export class S3PrivateStorage implements PrivateStorage {
  readonly kind = 's3' as const;
  private readonly bucket: S3UploadStorage;

  constructor(config: S3Config) {
    this.bucket = new S3UploadStorage(config);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.bucket.put(key, data, contentType);
  }

  async get(key: string): Promise<Buffer | null> {
    const object = await this.bucket.get(key);
    return object ? Buffer.from(await object.arrayBuffer()) : null;
  }

  async remove(key: string): Promise<void> {
    await this.bucket.removeKey(key);
  }
}
