import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { FastifyInstance } from 'fastify';
import type { S3Config, S3Keys } from '../config.ts';
import { AppError } from '../http/app-error.ts';
import { UPLOAD_KEY, type UploadStorage } from './upload-storage.ts';

/** A bucket that does not answer within this time fails the upload (503), rather than holding the request. */
const TIMEOUT_MS = 15_000;
const YEAR = 'public, max-age=31536000, immutable';
/** The store failed or did not answer: 503 for the visitor, the cause kept for the log. */
const unavailable = (cause?: unknown) =>
  Object.assign(
    new AppError(503, 'The image store is not answering right now. Please try again in a moment.', {
      code: 'storage_unavailable',
    }),
    { cause },
  );

/** RFC 3986 encoding of a key's segment: everything but A–Z a–z 0–9 - . _ ~ is percent-encoded. */
const encodeSegment = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The keys of the machine's IAM role, from AWS's default chain, fetched on first use and renewed before expiry. */
async function roleCredentials(): Promise<() => Promise<S3Keys>> {
  const { defaultProvider } = await import('@aws-sdk/credential-provider-node');
  // The chain's provider keeps the keys and fetches new ones within five minutes of their expiry.
  return defaultProvider();
}

/**
 * Uploaded images in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...; decision 200), sent with the
 * runtime's fetch and signed (SigV4, session tokens included) by aws4fetch: three calls (put, get, delete) need
 * no SDK. Only an IAM role's credentials (S3_CREDENTIALS=role) load AWS's credential chain, on first use. Loaded
 * only when S3_BUCKET is set.
 */
export class S3UploadStorage implements UploadStorage {
  readonly kind = 's3' as const;
  private readonly config: S3Config;
  private readonly keys: () => Promise<S3Keys>;
  private signer: { keys: S3Keys; client: AwsClient } | undefined;

  constructor(config: S3Config) {
    this.config = config;
    const { credentials } = config;
    if (credentials === 'role') {
      let provider: Promise<() => Promise<S3Keys>> | undefined;
      this.keys = async () => (await (provider ??= roleCredentials()))();
    } else {
      this.keys = () => Promise.resolve(credentials);
    }
  }

  /** A signer for the current keys: the same one while they last, a new one when the role's keys are renewed. */
  private async client(): Promise<AwsClient> {
    const keys = await this.keys();
    if (this.signer?.keys !== keys) {
      const client = new AwsClient({
        accessKeyId: keys.accessKeyId,
        secretAccessKey: keys.secretAccessKey,
        ...(keys.sessionToken ? { sessionToken: keys.sessionToken } : {}),
        service: 's3',
        region: this.config.region,
        // No retries here: a store that fails answers 503 at once and the visitor tries again (the default is
        // ten tries with backoff, which would hold the request).
        retries: 0,
      });
      this.signer = { keys, client };
    }
    return this.signer.client;
  }

  /** The object's address at the store: path-style on a custom endpoint, virtual-hosted on AWS. */
  objectUrl(key: string): URL {
    const path = key.split('/').map(encodeSegment).join('/');
    const { endpoint, bucket, region } = this.config;
    return new URL(
      endpoint ? `${endpoint}/${bucket}/${path}` : `https://${bucket}.s3.${region}.amazonaws.com/${path}`,
    );
  }

  /** Where browsers read an object: the public bucket (or CDN) address, or the app's /uploads/ route. */
  publicAddress(key: string): string {
    return this.config.publicUrl ? `${this.config.publicUrl}/${key}` : `/uploads/${key}`;
  }

  /** The key of an address this store answered, or null for any other address. */
  keyOf(url: string | null | undefined): string | null {
    if (!url) return null;
    const { publicUrl } = this.config;
    let key: string | null = null;
    if (publicUrl && url.startsWith(`${publicUrl}/`)) key = url.slice(publicUrl.length + 1);
    else if (url.startsWith('/uploads/')) key = url.slice('/uploads/'.length);
    return key && UPLOAD_KEY.test(key) ? key : null;
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, headers = {}) {
    try {
      const client = await this.client();
      return await client.fetch(this.objectUrl(key), {
        method,
        // The payload is signed (its SHA-256 in the signature) rather than sent as UNSIGNED-PAYLOAD, aws4fetch's
        // default for S3: the store refuses a body changed on the way. Uploads are small images held in memory.
        headers: {
          ...headers,
          'x-amz-content-sha256': createHash('sha256')
            .update(body ?? '')
            .digest('hex'),
        },
        ...(body ? { body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw unavailable(err);
    }
  }

  async put(key: string, data: Buffer, contentType: string): Promise<string> {
    const res = await this.send('PUT', key, data, { 'content-type': contentType, 'cache-control': YEAR });
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw unavailable(new Error(`S3 PUT ${key}: ${res.status}`));
    return this.publicAddress(key);
  }

  async remove(url: string | null | undefined): Promise<boolean> {
    const key = this.keyOf(url);
    if (!key) return false;
    const res = await this.send('DELETE', key);
    await res.arrayBuffer().catch(() => undefined);
    // 204 as S3 answers; 404 from stores that say so: gone either way.
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key}: ${res.status}`);
    return true;
  }

  /** Deletes the object under `key` (the private store's files, which have no public address). */
  async removeKey(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key}: ${res.status}`);
  }

  /** The object itself, for the app's /uploads/ route (null when the bucket does not have it). */
  async get(key: string): Promise<Response | null> {
    const res = await this.send('GET', key);
    if (res.status === 404 || res.status === 403) {
      await res.arrayBuffer().catch(() => undefined);
      return null;
    }
    if (!res.ok) {
      await res.arrayBuffer().catch(() => undefined);
      throw unavailable(new Error(`S3 GET ${key}: ${res.status}`));
    }
    return res;
  }
}

/**
 * `/uploads/<folder>/<file>` read from the bucket and passed on with a year's caching: the addresses of a
 * private bucket, and of files copied over from DATA_DIR/uploads with the same keys.
 */
export function registerS3Reads(app: FastifyInstance, storage: S3UploadStorage) {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const object = UPLOAD_KEY.test(key) ? await storage.get(key) : null;
    if (!object?.body) return reply.status(404).send({ detail: 'Not found.' });
    reply
      .header('content-type', object.headers.get('content-type') ?? 'application/octet-stream')
      .header('cache-control', YEAR);
    const length = object.headers.get('content-length');
    if (length) reply.header('content-length', length);
    const etag = object.headers.get('etag');
    if (etag) reply.header('etag', etag);
    return reply.send(Readable.fromWeb(object.body as ReadableStream));
  });
}
