import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type S3Config } from '../config.ts';
// Test fixtures write rows straight into the schema, as a repository would (tests are exempt from the rule).
import { tutors } from '../db/schema/catalog.ts';
import { adminAuth, insertTutor } from '../../modules/reporting/reports.fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { S3UploadStorage } from './s3-storage.ts';
import { multipartBody, pngOf } from './uploads.fixtures.ts';

const BUCKET = 'tibeb-uploads';
const credentials = { accessKeyId: 'AKIDTIBEBTEST', secretAccessKey: 'tibeb-test-secret-0123456789' };
const SESSION_TOKEN = 'IQoJb3JpZ2luX2VjEXAMPLE-session-token//tibeb=';
const AUTH_SHAPE =
  /^AWS4-HMAC-SHA256 Credential=AKIDTIBEBTEST\/(\d{8})\/us-east-1\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

type Seen = {
  method: string;
  key: string;
  authorization: string;
  signedHeaders: string[];
  headers: http.IncomingHttpHeaders;
};

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * The signature S3 expects for a request as it arrived (AWS Signature Version 4, written here from AWS's
 * documentation, independently of the client's library): the canonical request from the method, the path as
 * sent, the sorted query, the signed headers' values as received and the payload's hash.
 */
function expectedSignature(req: http.IncomingMessage, url: URL, signedHeaders: string[], amzDate: string) {
  const headerValue = (name: string) => {
    const value = req.headers[name];
    return (Array.isArray(value) ? value.join(',') : String(value ?? '')).trim().replace(/\s+/g, ' ');
  };
  const query = [...url.searchParams]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    req.method,
    url.pathname,
    query,
    signedHeaders.map((h) => `${h}:${headerValue(h)}\n`).join(''),
    signedHeaders.join(';'),
    headerValue('x-amz-content-sha256'),
  ].join('\n');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/us-east-1/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${credentials.secretAccessKey}`, day);
  for (const part of ['us-east-1', 's3', 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

/**
 * A small S3 stand-in on the loopback address: path-style `/<bucket>/<key>`, PUT, GET and DELETE. Like S3, it
 * refuses a request whose Authorization header is not SigV4 of the expected shape, that does not sign host,
 * x-amz-date and x-amz-content-sha256 (and x-amz-security-token, with the session token it expects, when given
 * one), whose body does not match its x-amz-content-sha256, or whose signature is not the one its own headers
 * give (so a header changed after signing would be caught); it keeps the objects in memory.
 */
function fakeS3(options: { sessionToken?: string } = {}) {
  const objects = new Map<string, { body: Buffer; contentType: string; cacheControl: string }>();
  const seen: Seen[] = [];
  let failPuts = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const refuse = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0"?><Error><Code>${code}</Code></Error>`);
      };
      const authorization = String(req.headers.authorization ?? '');
      const shape = AUTH_SHAPE.exec(authorization);
      const amzDate = String(req.headers['x-amz-date'] ?? '');
      if (!shape || !/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(shape[1]!))
        return refuse(403, 'AuthorizationHeaderMalformed');
      const signedHeaders = shape[2]!.split(';');
      const needed = ['host', 'x-amz-content-sha256', 'x-amz-date'];
      if (options.sessionToken) needed.push('x-amz-security-token');
      if (!needed.every((h) => signedHeaders.includes(h))) return refuse(403, 'AuthorizationHeaderMalformed');
      if (options.sessionToken && req.headers['x-amz-security-token'] !== options.sessionToken)
        return refuse(403, 'InvalidToken');
      if (req.headers['x-amz-content-sha256'] !== sha256Hex(body))
        return refuse(400, 'XAmzContentSHA256Mismatch');
      if (expectedSignature(req, url, signedHeaders, amzDate) !== shape[3])
        return refuse(403, 'SignatureDoesNotMatch');

      const [, bucket, ...rest] = url.pathname.split('/');
      const key = rest.map(decodeURIComponent).join('/');
      if (bucket !== BUCKET) return refuse(404, 'NoSuchBucket');
      seen.push({ method: req.method ?? '', key, authorization, signedHeaders, headers: req.headers });
      if (req.method === 'PUT') {
        if (failPuts) return refuse(500, 'InternalError');
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type'] ?? ''),
          cacheControl: String(req.headers['cache-control'] ?? ''),
        });
        res.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` });
        return res.end();
      }
      if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) return refuse(404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
        return res.end(object.body);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return refuse(405, 'MethodNotAllowed');
    });
  });
  return {
    objects,
    seen,
    failPuts: (fail: boolean) => {
      failPuts = fail;
    },
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const s3Config = (
  endpoint: string,
  publicUrl?: string,
  keys: S3Config['credentials'] = credentials,
): S3Config => ({ bucket: BUCKET, endpoint, region: 'us-east-1', credentials: keys, publicUrl });
const keyOf = (url: string) => /tutors\/[0-9a-f-]{36}\.webp$/.exec(url)?.[0];

describe('uploads in an S3-compatible bucket (S3_BUCKET set)', () => {
  const s3 = fakeS3();
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    const endpoint = await s3.start();
    t = await createTestApp({ s3: s3Config(endpoint) });
    admin = (await adminAuth(t.app.db, t.config.jwtSecret)).headers;
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  const uploadPhoto = async (tutorId: number, png: Buffer) => {
    const body = multipartBody('photo.png', 'image/png', png);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/tutors/${tutorId}/photo/`,
      payload: body.payload,
      headers: { ...admin, ...body.headers },
    });
  };

  it('a tutor photo uploaded by an admin lands in the bucket, signed, and its address serves it', async () => {
    const tutor = await insertTutor(t.app.db, 'Hirut Bucket');
    const res = await uploadPhoto(tutor.id, await pngOf(1600, 1200));
    expect(res.statusCode).toBe(200);
    const photo = res.json().profile_image as string;
    expect(photo).toMatch(/^\/uploads\/tutors\/[0-9a-f-]{36}\.webp$/);

    const key = keyOf(photo)!;
    const object = s3.objects.get(key);
    expect(object).toBeDefined();
    expect(object!.contentType).toBe('image/webp');
    expect(object!.cacheControl).toContain('immutable');
    const meta = await sharp(object!.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 600]);
    const put = s3.seen.find((s) => s.method === 'PUT' && s.key === key)!;
    expect(put.authorization).toMatch(AUTH_SHAPE);
    // The payload is signed (its hash, not UNSIGNED-PAYLOAD), and so is the year's caching the object keeps.
    expect(put.signedHeaders).toEqual(
      expect.arrayContaining(['cache-control', 'host', 'x-amz-content-sha256', 'x-amz-date']),
    );
    expect(put.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    // Long-lived keys: no session token goes out.
    expect(put.headers['x-amz-security-token']).toBeUndefined();
    expect(put.signedHeaders).not.toContain('x-amz-security-token');
    // Nothing written under DATA_DIR/uploads: the app reads the object back from the bucket.
    const served = await t.app.inject({ method: 'GET', url: photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(Buffer.compare(served.rawPayload, object!.body)).toBe(0);
    // The directory shows the new address at once.
    const card = await t.app.inject({ method: 'GET', url: `/api/tutors/public/${tutor.id}/` });
    expect(card.json().profile_image).toBe(photo);
  });

  it('replacing the photo removes the old object from the bucket', async () => {
    const tutor = await insertTutor(t.app.db, 'Mulu Replace');
    const first = (await uploadPhoto(tutor.id, await pngOf(900, 900))).json().profile_image as string;
    const second = await uploadPhoto(tutor.id, await pngOf(1000, 700));
    expect(second.statusCode).toBe(200);
    const next = second.json().profile_image as string;
    expect(next).not.toBe(first);
    expect(s3.objects.has(keyOf(next)!)).toBe(true);
    expect(s3.objects.has(keyOf(first)!)).toBe(false);
    expect(s3.seen.some((s) => s.method === 'DELETE' && s.key === keyOf(first))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: next })).statusCode).toBe(200);
  });

  it('a refused upload leaves nothing behind; a bucket that fails answers 503 and keeps the old photo', async () => {
    const tutor = await insertTutor(t.app.db, 'Kidist Store');
    const photo = (await uploadPhoto(tutor.id, await pngOf(400, 400))).json().profile_image as string;
    const before = s3.objects.size;
    expect((await uploadPhoto(tutor.id, Buffer.from('not an image'))).statusCode).toBe(400);
    expect(s3.objects.size).toBe(before);

    s3.failPuts(true);
    try {
      const down = await uploadPhoto(tutor.id, await pngOf(400, 400));
      expect(down.statusCode).toBe(503);
      expect(down.json().detail).toBe(
        'The image store is not answering right now. Please try again in a moment.',
      );
    } finally {
      s3.failPuts(false);
    }
    const card = await t.app.inject({ method: 'GET', url: `/api/tutors/public/${tutor.id}/` });
    expect(card.json().profile_image).toBe(photo);
    expect(s3.objects.has(keyOf(photo)!)).toBe(true);
  });

  it('a blog cover replaced or deleted with its post leaves the bucket; one another post shows stays', async () => {
    const cover = async () => {
      const body = multipartBody('cover.png', 'image/png', await pngOf(800, 450));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/blog/uploads/',
        payload: body.payload,
        headers: { ...admin, ...body.headers },
      });
      expect(res.statusCode).toBe(201);
      return res.json().url as string;
    };
    const post = (cover_image_url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/blog/posts/',
        headers: admin,
        payload: { title: `Cover ${Math.random()}`, body: 'Text.', status: 'draft', cover_image_url },
      });
    const first = await cover();
    expect(first).toMatch(/^\/uploads\/blog\/[0-9a-f-]{36}\.webp$/);
    const key = (url: string) => url.replace('/uploads/', '');
    expect(s3.objects.has(key(first))).toBe(true);
    const created = await post(first);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;

    const second = await cover();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/blog/posts/${id}/`,
      headers: admin,
      payload: { cover_image_url: second },
    });
    expect(patched.statusCode).toBe(200);
    expect(s3.objects.has(key(first))).toBe(false);
    expect(s3.objects.has(key(second))).toBe(true);

    // A second post given the same cover keeps it when the first post goes.
    const other = await post(second);
    expect(other.statusCode).toBe(201);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/blog/posts/${id}/`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(204);
    expect(s3.objects.has(key(second))).toBe(true);
    // The last post showing it goes: so does the cover.
    const last = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/blog/posts/${other.json().id}/`,
      headers: admin,
    });
    expect(last.statusCode).toBe(204);
    expect(s3.objects.has(key(second))).toBe(false);
  });

  it('serves only upload keys: anything else is 404 without asking the bucket', async () => {
    const asked = s3.seen.length;
    for (const url of [
      '/uploads/../../etc/passwd',
      '/uploads/tutors/',
      '/uploads/tutors/x.exe',
      '/uploads/a/b/c.webp',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(s3.seen.length).toBe(asked);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/uploads/tutors/00000000-0000-4000-8000-000000000000.webp',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('temporary credentials (S3_SESSION_TOKEN)', () => {
  const s3 = fakeS3({ sessionToken: SESSION_TOKEN });
  let endpoint: string;
  let t: TestApp;
  beforeAll(async () => {
    endpoint = await s3.start();
    t = await createTestApp({
      s3: s3Config(endpoint, undefined, { ...credentials, sessionToken: SESSION_TOKEN }),
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it('sends the session token, signed, with every request', async () => {
    const admin = (await adminAuth(t.app.db, t.config.jwtSecret)).headers;
    const tutor = await insertTutor(t.app.db, 'Selam Token');
    const body = multipartBody('photo.png', 'image/png', await pngOf(600, 600));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tutors/${tutor.id}/photo/`,
      payload: body.payload,
      headers: { ...admin, ...body.headers },
    });
    expect(res.statusCode).toBe(200);
    const photo = res.json().profile_image as string;
    const put = s3.seen.find((s) => s.method === 'PUT' && s.key === keyOf(photo))!;
    expect(put.headers['x-amz-security-token']).toBe(SESSION_TOKEN);
    expect(put.signedHeaders).toEqual(
      expect.arrayContaining(['host', 'x-amz-content-sha256', 'x-amz-date', 'x-amz-security-token']),
    );
    const served = await t.app.inject({ method: 'GET', url: photo });
    expect(served.statusCode).toBe(200);
    expect(s3.seen.at(-1)).toMatchObject({ method: 'GET', key: keyOf(photo) });
    expect(s3.seen.at(-1)!.headers['x-amz-security-token']).toBe(SESSION_TOKEN);
  });

  it('is refused by the store without the token, or signed with another secret (503 for the visitor)', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    const key = 'tutors/00000000-0000-4000-8000-00000000000a.webp';
    const asked = s3.seen.length;
    const noToken = new S3UploadStorage(s3Config(endpoint));
    await expect(noToken.put(key, png, 'image/webp')).rejects.toMatchObject({ statusCode: 503 });
    const otherSecret = new S3UploadStorage(
      s3Config(endpoint, undefined, {
        ...credentials,
        secretAccessKey: 'not-the-secret-0123456789',
        sessionToken: SESSION_TOKEN,
      }),
    );
    await expect(otherSecret.put(key, png, 'image/webp')).rejects.toMatchObject({ statusCode: 503 });
    expect(s3.seen.length).toBe(asked);
    expect(s3.objects.has(key)).toBe(false);
    const signed = new S3UploadStorage(
      s3Config(endpoint, undefined, { ...credentials, sessionToken: SESSION_TOKEN }),
    );
    expect(await signed.put(key, png, 'image/webp')).toBe(`/uploads/${key}`);
    expect(s3.objects.has(key)).toBe(true);
  });
});

describe('an IAM role’s credentials (S3_CREDENTIALS=role)', () => {
  const s3 = fakeS3({ sessionToken: SESSION_TOKEN });
  // The container credentials endpoint as ECS serves a task role's keys: each lasts four minutes here, inside the
  // five minutes before expiry in which the chain fetches new ones, so every use asks again.
  let served = 0;
  let authorization: string | undefined;
  const role = http.createServer((req, res) => {
    served += 1;
    authorization = req.headers.authorization;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        AccessKeyId: credentials.accessKeyId,
        SecretAccessKey: credentials.secretAccessKey,
        Token: SESSION_TOKEN,
        Expiration: new Date(Date.now() + 4 * 60_000).toISOString(),
      }),
    );
  });
  const saved = { ...process.env };
  let endpoint: string;
  let roleAddress: string;
  beforeAll(async () => {
    endpoint = await s3.start();
    await new Promise<void>((resolve) => role.listen(0, '127.0.0.1', resolve));
    for (const name of Object.keys(process.env)) if (/^AWS_/.test(name)) delete process.env[name];
    roleAddress = `http://127.0.0.1:${(role.address() as AddressInfo).port}/role`;
    process.env.AWS_CONTAINER_CREDENTIALS_FULL_URI = roleAddress;
    process.env.AWS_CONTAINER_AUTHORIZATION_TOKEN = 'tibeb-task-token';
  });
  afterAll(async () => {
    process.env = saved;
    await s3.stop();
    await new Promise<void>((resolve) => role.close(() => resolve()));
  });

  it('signs with the role’s keys and token, fetched on first use and renewed before they expire', async () => {
    const storage = new S3UploadStorage(s3Config(endpoint, undefined, 'role'));
    expect(served).toBe(0);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    const key = 'tutors/00000000-0000-4000-8000-00000000000b.webp';
    expect(await storage.put(key, png, 'image/webp')).toBe(`/uploads/${key}`);
    expect(served).toBe(1);
    expect(authorization).toBe('tibeb-task-token');
    const put = s3.seen.at(-1)!;
    expect(put.headers['x-amz-security-token']).toBe(SESSION_TOKEN);
    expect(put.signedHeaders).toContain('x-amz-security-token');
    expect((await storage.get(key))?.status).toBe(200);
    expect(served).toBe(2);
  });

  it('answers 503 when the role gives no keys, and asks again on the next request', async () => {
    const storage = new S3UploadStorage(s3Config(endpoint, undefined, 'role'));
    const asked = s3.seen.length;
    process.env.AWS_CONTAINER_CREDENTIALS_FULL_URI = 'http://127.0.0.1:9/nothing-listens-here';
    await expect(storage.get('tutors/00000000-0000-4000-8000-00000000000b.webp')).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(s3.seen.length).toBe(asked);
    process.env.AWS_CONTAINER_CREDENTIALS_FULL_URI = roleAddress;
    expect((await storage.get('tutors/00000000-0000-4000-8000-00000000000b.webp'))?.status).toBe(200);
  });
});

describe('uploads in a public bucket (S3_PUBLIC_URL set)', () => {
  const s3 = fakeS3();
  let t: TestApp;
  beforeAll(async () => {
    const endpoint = await s3.start();
    t = await createTestApp({ s3: s3Config(endpoint, 'https://cdn.tibeb.example/media') });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it('stores the public address, lets pages load images from it, and removes the replaced object', async () => {
    const admin = (await adminAuth(t.app.db, t.config.jwtSecret)).headers;
    const tutor = await insertTutor(t.app.db, 'Tsion Public');
    const upload = async () => {
      const body = multipartBody('photo.png', 'image/png', await pngOf(600, 600));
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/tutors/${tutor.id}/photo/`,
        payload: body.payload,
        headers: { ...admin, ...body.headers },
      });
      expect(res.statusCode).toBe(200);
      return res.json().profile_image as string;
    };
    const first = await upload();
    expect(first).toMatch(/^https:\/\/cdn\.tibeb\.example\/media\/tutors\/[0-9a-f-]{36}\.webp$/);
    expect(s3.objects.has(keyOf(first)!)).toBe(true);
    const second = await upload();
    expect(s3.objects.has(keyOf(first)!)).toBe(false);
    expect(s3.objects.has(keyOf(second)!)).toBe(true);
    // A page's policy (an HTML answer; JSON answers load nothing).
    const page = await t.app.inject({ method: 'GET', url: '/api/newsletter/unsubscribe/?token=nope' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(String(page.headers['content-security-policy'])).toMatch(
      /img-src 'self' data: blob: https:\/\/cdn\.tibeb\.example[;\s]/,
    );
  });
});

describe('uploads on disk (no bucket)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('replacing a tutor photo removes the old file too', async () => {
    const admin = (await adminAuth(t.app.db, t.config.jwtSecret)).headers;
    const tutor = await insertTutor(t.app.db, 'Abeba Disk');
    const upload = async () => {
      const body = multipartBody('photo.png', 'image/png', await pngOf(500, 500));
      return (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/tutors/${tutor.id}/photo/`,
          payload: body.payload,
          headers: { ...admin, ...body.headers },
        })
      ).json().profile_image as string;
    };
    const first = await upload();
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(200);
    const second = await upload();
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('keeps a file another profile still shows', async () => {
    const admin = (await adminAuth(t.app.db, t.config.jwtSecret)).headers;
    const [one, two] = [
      await insertTutor(t.app.db, 'Saba Shared'),
      await insertTutor(t.app.db, 'Genet Shared'),
    ];
    const upload = async (id: number) => {
      const body = multipartBody('photo.png', 'image/png', await pngOf(500, 500));
      return (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/tutors/${id}/photo/`,
          payload: body.payload,
          headers: { ...admin, ...body.headers },
        })
      ).json().profile_image as string;
    };
    const shared = await upload(one.id);
    // An admin gave the second profile the same address by hand.
    await t.app.db.update(tutors).set({ profileImage: shared }).where(eq(tutors.id, two.id));
    await upload(one.id);
    expect((await t.app.inject({ method: 'GET', url: shared })).statusCode).toBe(200);
  });
});

describe('S3_* configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/admin13-config' };

  it('is off without S3_*, and read whole with them', () => {
    expect(loadConfig(base).s3).toBeUndefined();
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: 'tibeb-media',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
        S3_PUBLIC_URL: 'https://media.tibeb.example/',
      }).s3,
    ).toEqual({
      bucket: 'tibeb-media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret', sessionToken: undefined },
      publicUrl: 'https://media.tibeb.example',
    });
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: 'tibeb-media',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'AKIA1',
        S3_SECRET_ACCESS_KEY: 'secret-key',
      }).s3,
    ).toMatchObject({ endpoint: undefined, region: 'eu-west-1', publicUrl: undefined });
  });

  it('takes a session token with the keys, or AWS’s standard variables when S3_ACCESS_KEY_ID is unset', () => {
    const token = 'FwoGZXIvYXdzEXAMPLETOKEN0123456789';
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: 'tibeb-media',
        S3_ACCESS_KEY_ID: 'ASIA1',
        S3_SECRET_ACCESS_KEY: 'secret-key',
        S3_SESSION_TOKEN: token,
      }).s3,
    ).toMatchObject({
      credentials: { accessKeyId: 'ASIA1', secretAccessKey: 'secret-key', sessionToken: token },
    });
    const aws = {
      AWS_ACCESS_KEY_ID: 'ASIAENV',
      AWS_SECRET_ACCESS_KEY: 'env-secret-key',
      AWS_SESSION_TOKEN: token,
    };
    expect(loadConfig({ ...base, ...aws, S3_BUCKET: 'tibeb-media' }).s3).toMatchObject({
      credentials: { accessKeyId: 'ASIAENV', secretAccessKey: 'env-secret-key', sessionToken: token },
    });
    // S3_*'s own keys win, and AWS's token never goes with them.
    expect(
      loadConfig({
        ...base,
        ...aws,
        S3_BUCKET: 'tibeb-media',
        S3_ACCESS_KEY_ID: 'AKIA1',
        S3_SECRET_ACCESS_KEY: 'secret-key',
      }).s3,
    ).toEqual(
      expect.objectContaining({
        credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret-key', sessionToken: undefined },
      }),
    );
    // AWS_* alone does not turn the bucket on.
    expect(loadConfig({ ...base, ...aws }).s3).toBeUndefined();
  });

  it('takes the machine’s IAM role with S3_CREDENTIALS=role, and then no key', () => {
    expect(loadConfig({ ...base, S3_BUCKET: 'tibeb-media', S3_CREDENTIALS: 'role' }).s3).toEqual({
      bucket: 'tibeb-media',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: 'role',
      publicUrl: undefined,
    });
    const fails = (env: Record<string, string>, text: RegExp) =>
      expect(() => loadConfig({ ...base, S3_CREDENTIALS: 'role', ...env })).toThrow(text);
    fails({}, /S3_BUCKET: required when uploads go to an S3 bucket/);
    fails(
      { S3_BUCKET: 'tibeb-media', S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret-key' },
      /S3_ACCESS_KEY_ID: not used with S3_CREDENTIALS=role[\s\S]*S3_SECRET_ACCESS_KEY: not used/,
    );
    fails({ S3_BUCKET: 'tibeb-media', S3_CREDENTIALS: 'instance' }, /S3_CREDENTIALS/);
  });

  it('refuses a half-set store and bad values with a clear message', () => {
    const fails = (env: Record<string, string>, text: RegExp) => {
      expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, ...env })).toThrow(text);
    };
    fails({ S3_BUCKET: 'tibeb-media' }, /S3_ACCESS_KEY_ID: required[\s\S]*S3_SECRET_ACCESS_KEY: required/);
    fails(
      { S3_BUCKET: 'tibeb-media', AWS_ACCESS_KEY_ID: 'ASIAENV' },
      /S3_SECRET_ACCESS_KEY: required.*AWS_SECRET/,
    );
    fails(
      { S3_BUCKET: 'tibeb-media', S3_SESSION_TOKEN: 'FwoGZXIvYXdzEXAMPLETOKEN0123456789' },
      /S3_ACCESS_KEY_ID: required[\s\S]*S3_SECRET_ACCESS_KEY: required/,
    );
    fails(
      { S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret-key' },
      /S3_BUCKET: required when uploads go to an S3 bucket/,
    );
    const whole = { S3_BUCKET: 'tibeb-media', S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret-key' };
    fails({ ...whole, S3_BUCKET: 'Tibeb_Media' }, /S3_BUCKET: a bucket name/);
    fails({ ...whole, S3_ENDPOINT: 'ftp://store.example' }, /S3_ENDPOINT/);
    fails({ ...whole, S3_PUBLIC_URL: 'not a url' }, /S3_PUBLIC_URL/);
    fails({ ...whole, S3_REGION: 'EU WEST' }, /S3_REGION/);
    fails({ ...whole, S3_SESSION_TOKEN: 'short' }, /S3_SESSION_TOKEN/);
  });
});
