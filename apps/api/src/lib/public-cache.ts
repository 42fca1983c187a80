import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Public reads that change rarely (tutors, subjects, offers, blog lists) are served from memory (DESIGN §4:
 * PGlite answers one query at a time). Every write calls `invalidate(prefix)`; entries also expire after `ttlMs`
 * so that another instance's writes show within that time.
 */
export class PublicCache {
  private readonly entries = new Map<string, { value: unknown; etag: string; at: number }>();
  private readonly pending = new Map<string, Promise<{ value: unknown; etag: string }>>();
  private readonly ttlMs: number;

  constructor(ttlMs = 60_000) {
    this.ttlMs = ttlMs;
  }

  /** The cached value for `key`, loading it once even when many requests ask at the same time. */
  async get<T>(key: string, load: () => Promise<T>): Promise<{ value: T; etag: string }> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit as { value: T; etag: string };
    const inflight = this.pending.get(key);
    if (inflight) return inflight as Promise<{ value: T; etag: string }>;
    const promise = (async () => {
      const value = await load();
      const etag = `W/"${createHash('sha1').update(JSON.stringify(value)).digest('base64url')}"`;
      this.entries.set(key, { value, etag, at: Date.now() });
      return { value, etag };
    })().finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  invalidate(prefix = '') {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

/** Answers 304 when the browser already has this version; otherwise sets the ETag and returns the value. */
export function withEtag<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: { value: T; etag: string },
): T | undefined {
  reply.header('etag', cached.etag).header('cache-control', 'public, max-age=0, must-revalidate');
  if (request.headers['if-none-match'] === cached.etag) {
    void reply.status(304).send();
    return undefined;
  }
  return cached.value;
}
