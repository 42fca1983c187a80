import { getAccessToken } from './auth-storage.ts';

/** The API base (spec §7). */
export const API_BASE = '/api';

/** One field error: its English text, and its code and values when the server gave them. */
export type CodedFieldError = {
  message: string;
  code?: string | undefined;
  params?: Record<string, string | number> | undefined;
};

/** Any status outside 200–299: carries the server's `detail` and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.status = status;
    this.body = body;
  }

  /** The answer's stable code (`slot_taken`, `invalid_input`, …): what the interface translates (lib/translate-message.ts). */
  get code(): string | undefined {
    const body = this.body as { code?: unknown } | null;
    return body && typeof body === 'object' && typeof body.code === 'string' ? body.code : undefined;
  }

  /** The values the answer's message carries (`{ hours: 24 }`), for its translation. */
  get params(): Record<string, string | number> | undefined {
    const body = this.body as { params?: unknown } | null;
    if (!body || typeof body !== 'object' || !body.params || typeof body.params !== 'object')
      return undefined;
    const out: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(body.params)) {
      if (typeof value === 'string' || typeof value === 'number') out[key] = value;
    }
    return out;
  }

  /**
   * Each field error with its code and values (`field_codes`, issue 31 item 3), for its translation: the field's
   * messages in order, each `{ message, code, params }`; a message without a code keeps only its text.
   */
  get fieldProblems(): Record<string, CodedFieldError[]> {
    const body = this.body as { field_codes?: unknown } | null;
    const codes = (
      body && typeof body === 'object' && body.field_codes && typeof body.field_codes === 'object'
        ? body.field_codes
        : {}
    ) as Record<string, unknown>;
    const out: Record<string, CodedFieldError[]> = {};
    for (const [field, messages] of Object.entries(this.fieldErrors)) {
      const coded = Array.isArray(codes[field]) ? (codes[field] as unknown[]) : [];
      out[field] = messages.map((message, i) => {
        const entry = coded[i] as { code?: unknown; params?: unknown } | undefined;
        const code = typeof entry?.code === 'string' ? entry.code : undefined;
        const params =
          entry?.params && typeof entry.params === 'object'
            ? (entry.params as Record<string, string | number>)
            : undefined;
        return { message, code, params };
      });
    }
    return out;
  }

  /** Field errors in the server's shape (`errors: { field: [messages] }`), or DRF-style top-level fields. */
  get fieldErrors(): Record<string, string[]> {
    const body = this.body as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') return {};
    const source = (body.errors && typeof body.errors === 'object' ? body.errors : body) as Record<
      string,
      unknown
    >;
    const out: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(source)) {
      if (Array.isArray(value) && value.every((v) => typeof v === 'string')) out[key] = value as string[];
    }
    return out;
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Adds the `_ts` cache-busting parameter the spec's reads carry. */
  bustCache?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A state-changing request a family may send twice (decision 248): it carries an `Idempotency-Key`, the same
   * for the same request sent again within `SAME_ACTION_MS` (a double tap, a retry), so the server answers it once.
   */
  idempotent?: boolean;
};

/** How long the same request sent again counts as the same user action (one key), not a new one. */
export const SAME_ACTION_MS = 2 * 60_000;
const actionKeys = new Map<string, { key: string; at: number }>();

/** The key of a request: the one it had when sent within `SAME_ACTION_MS`, else a new random one. */
export function idempotencyKeyFor(method: string, path: string, body: unknown, now = Date.now()): string {
  for (const [id, entry] of actionKeys) if (now - entry.at > SAME_ACTION_MS) actionKeys.delete(id);
  const id = `${method} ${path} ${JSON.stringify(body ?? null)}`;
  // getRandomValues, unlike randomUUID, exists outside secure contexts too.
  const key =
    actionKeys.get(id)?.key ??
    Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  actionKeys.set(id, { key, at: now });
  return key;
}

/** Hook for silent refresh: the accounts feature installs a function that renews an expired access token. */
let refreshHandler: (() => Promise<boolean>) | null = null;
export function setRefreshHandler(handler: (() => Promise<boolean>) | null) {
  refreshHandler = handler;
}

export function buildUrl(path: string, query?: RequestOptions['query'], bustCache = false): string {
  const url = new URL(`${API_BASE}${path.startsWith('/') ? path : `/${path}`}`, 'http://placeholder');
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  if (bustCache) url.searchParams.set('_ts', String(Date.now()));
  return `${url.pathname}${url.search}`;
}

/**
 * How a request reaches the API: the browser's `fetch`. The server's render of a public page (entry-server.tsx)
 * answers the page's reads inside the server's own process instead.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);
export function setApiTransport(next: typeof fetch) {
  transport = next;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const key = options.idempotent ? idempotencyKeyFor(method, path, options.body) : null;
  const doFetch = () => {
    const token = getAccessToken();
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (key) headers['Idempotency-Key'] = key;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    return transport(buildUrl(path, options.query, options.bustCache), {
      // Public reads may be served stale by a CDN or the browser for a while (stale-while-revalidate,
      // docs/deploy.md); the app always asks the server (a 304 when nothing changed), so nobody sees their own
      // change late.
      cache: 'no-cache',
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  };

  let response = await doFetch();
  if (response.status === 401 && refreshHandler && getAccessToken() && (await refreshHandler())) {
    response = await doFetch();
  }
  let body = await readBody(response);
  // The first request with this key is still running (a double tap): asked again shortly, the server answers
  // with the first one's result, so both taps end alike (decision 248).
  for (let wait = 0; key && isInProgress(response, body) && wait < IN_PROGRESS_TRIES; wait += 1) {
    await new Promise((resolve) => setTimeout(resolve, IN_PROGRESS_WAIT_MS));
    response = await doFetch();
    body = await readBody(response);
  }
  if (response.status < 200 || response.status > 299) {
    const detail =
      body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string'
        ? body.detail
        : `Request failed with status ${response.status}`;
    throw new ApiError(response.status, detail, body);
  }
  return body as T;
}

/** How often, and how far apart, a request whose key is still being handled is asked again (about 10 s). */
const IN_PROGRESS_TRIES = 40;
const IN_PROGRESS_WAIT_MS = 250;

const isInProgress = (response: Response, body: unknown) =>
  response.status === 409 &&
  !!body &&
  typeof body === 'object' &&
  (body as { code?: unknown }).code === 'request_in_progress';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Reads the spec's list shapes: a bare array, or an object with `results` or `data`. */
export function readList<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === 'object') {
    const obj = body as { results?: unknown; data?: unknown };
    if (Array.isArray(obj.results)) return obj.results as T[];
    if (Array.isArray(obj.data)) return obj.data as T[];
  }
  throw new Error('Unexpected list shape');
}
