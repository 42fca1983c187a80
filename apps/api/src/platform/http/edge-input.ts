import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { httpMessages } from '@tibeb/domain/shared/http-messages';
import { badRequest } from './app-error.ts';

/**
 * Control characters are refused once, at the edge, for every route (issue 12 item 9): PostgreSQL cannot store
 * NUL, and no name, e-mail or message needs a C0/C1 control or a broken surrogate pair. Tab, line feed and
 * carriage return are allowed in body text (messages, posts, addresses) but not in the address's path or query.
 */
export const controlCharacterMessage = httpMessages.controlCharacters;

/**
 * A PATCH changes the fields it names; one that names none the route knows (`{}`, or only unknown keys, which the
 * schema would strip to `{}`) changes nothing, and used to reach an empty UPDATE (a 500 on offers, a silent 200 and
 * an audit line elsewhere). Refused here once for every PATCH route, present and future (issue 29 item 6).
 */
export const emptyPatchMessage = httpMessages.emptyPatch;

// C0 controls except \t \n \r, DEL, and C1 controls: matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const bodyControls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const lineControls = /[\u0000-\u001F\u007F-\u009F]/;

// A surrogate without its pair cannot be encoded as UTF-8.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const badText = (value: string, pattern: RegExp) => pattern.test(value) || loneSurrogate.test(value);

/** The path (`a.b.0`) of the first string in `value` that holds a refused character, or null. */
export function findControlCharacter(
  value: unknown,
  pattern: RegExp,
  at = '',
  depth = 0,
  seen: WeakSet<object> = new WeakSet(),
): string | null {
  if (typeof value === 'string') return badText(value, pattern) ? at || 'non_field_errors' : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  // Multipart field objects point back at each other: each object is looked at once.
  if (seen.has(value)) return null;
  seen.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findControlCharacter(value[i], pattern, at ? `${at}.${i}` : String(i), depth + 1, seen);
      if (found) return found;
    }
    return null;
  }
  // Uploaded files (buffers, streams) are not text; parsed JSON and query strings are plain objects (the query
  // parser's have a prototype-less prototype).
  if (
    Buffer.isBuffer(value) ||
    value instanceof Uint8Array ||
    typeof (value as { pipe?: unknown }).pipe === 'function'
  ) {
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    if (badText(key, pattern)) return path;
    const found = findControlCharacter(item, pattern, path, depth + 1, seen);
    if (found) return found;
  }
  return null;
}

/**
 * What a request line must hold for its decoded path or query to carry a refused character: a percent escape,
 * or a byte outside printable ASCII (the parser hands those over as they came). Most addresses hold neither,
 * and are let through without decoding anything again (issue 17: every request pays this check).
 */
// eslint-disable-next-line no-control-regex
const mayHideControls = /[%\u0000-\u001F\u007F-\uFFFF]/;

/** The top-level keys a zod object body accepts (through refinements, pipes and wrappers), or null if unknown. */
export function knownBodyKeys(schema: unknown, depth = 0): Set<string> | null {
  if (depth > 8 || schema === null || typeof schema !== 'object') return null;
  const shape = (schema as { shape?: unknown }).shape;
  if (shape && typeof shape === 'object') return new Set(Object.keys(shape));
  const def = (schema as { _zod?: { def?: { in?: unknown; innerType?: unknown } } })._zod?.def;
  return knownBodyKeys(def?.in ?? def?.innerType, depth + 1);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

function emptyPatchGuard(known: Set<string> | null): preValidationHookHandler {
  return (request, _reply, done) => {
    const body = request.body;
    // Anything but a JSON object (an array, a string, no body) is the schema's to refuse.
    if (!isPlainObject(body)) return done();
    const keys = Object.keys(body);
    if (known ? keys.some((key) => known.has(key)) : keys.length > 0) return done();
    done(badRequest(emptyPatchMessage, { non_field_errors: [emptyPatchMessage] }));
  };
}

export function registerEdgeInput(app: FastifyInstance) {
  const refuse = (field: string) =>
    badRequest(controlCharacterMessage, { [field]: [controlCharacterMessage] });
  // The address first, before anything (a cache, a role check) answers from it. Synchronous hooks: an async one
  // costs every request a promise and a turn of the microtask queue.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!mayHideControls.test(request.raw.url ?? '')) return done();
    const field =
      findControlCharacter(request.params, lineControls) ?? findControlCharacter(request.query, lineControls);
    done(field ? refuse(field) : undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined || request.body === null) return done();
    const field = findControlCharacter(request.body, bodyControls);
    done(field ? refuse(field) : undefined);
  });
  // Route-level, after the app's hooks: the area's sign-in and role checks (onRequest) answer first.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('PATCH') || !route.schema?.body) return;
    const guard = emptyPatchGuard(knownBodyKeys(route.schema.body));
    const existing = route.preValidation;
    route.preValidation = [
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      guard,
    ];
  });
}
