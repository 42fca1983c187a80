import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../modules/bookings/lifecycle/test/fixtures.ts';
import { queryRows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { S3PrivateStorage } from './private-s3-storage.ts';
import { contentDisposition, LocalPrivateStorage, newPrivateKey } from './private-storage.ts';
import { multipartBody } from './uploads.fixtures.ts';

/** The private store (decision 269): never served as it is, keys of its own, local or in the bucket. */

describe('the local private store', () => {
  it('writes, reads and removes under DATA_DIR/private, and refuses any other key', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tibeb-private-'));
    const store = new LocalPrivateStorage(dir);
    const key = newPrivateKey();
    await store.put(key, Buffer.from('%PDF-1.4'));
    expect(fs.existsSync(path.join(dir, key))).toBe(true);
    expect((await store.get(key))?.toString()).toBe('%PDF-1.4');
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    for (const bad of ['../jwt-secret', 'private/../../x', 'uploads/a.webp', 'private/a.pdf']) {
      await expect(store.get(bad)).rejects.toThrow(/not a private key/);
    }
  });
});

describe('the bucket’s private prefix', () => {
  const objects = new Map<string, Buffer>();
  const seen: string[] = [];
  let server: http.Server;
  let endpoint = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const key = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
      seen.push(`${req.method} ${key}`);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method === 'PUT') objects.set(key, Buffer.concat(chunks));
        if (req.method === 'DELETE') objects.delete(key);
        if (req.method === 'GET') {
          const body = objects.get(key);
          res.writeHead(body ? 200 : 404, { 'content-type': 'application/octet-stream' });
          return res.end(body ?? '');
        }
        res.writeHead(req.method === 'DELETE' ? 204 : 200);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('puts, gets and deletes the object under private/ in the bucket', async () => {
    const store = new S3PrivateStorage({
      bucket: 'tibeb',
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret-0123456789' },
      publicUrl: 'https://cdn.example',
    });
    const key = newPrivateKey();
    await store.put(key, Buffer.from('%PDF-1.7'), 'application/pdf');
    expect((await store.get(key))?.toString()).toBe('%PDF-1.7');
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    expect(seen).toEqual([
      `PUT /tibeb/${key}`,
      `GET /tibeb/${key}`,
      `DELETE /tibeb/${key}`,
      `GET /tibeb/${key}`,
    ]);
  });
});

describe('serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('never serves a private file at /uploads/, whatever its key', async () => {
    const family = await createUser(t.app.db, t.config.jwtSecret, 'student');
    const body = multipartBody('card.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF'));
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/student/files/',
      payload: body.payload,
      headers: { ...family.headers, ...body.headers },
    });
    expect(up.statusCode, up.body).toBe(201);
    const [row] = await queryRows<{ storage_key: string }>(
      t.app.db,
      sql`select storage_key from private_files where id = ${(up.json() as { id: string }).id}`,
    );
    expect(row!.storage_key).toMatch(/^private\/[0-9a-f-]{36}$/);
    expect(fs.existsSync(path.join(t.config.dataDir, row!.storage_key))).toBe(true);
    for (const url of [`/uploads/${row!.storage_key}`, `/uploads/../${row!.storage_key}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('names the download for every reader: an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', 'የቤት ሥራ "1".pdf')).toBe(
      `attachment; filename="___ __ _1_.pdf"; filename*=UTF-8''${encodeURIComponent('የቤት ሥራ "1".pdf')}`,
    );
  });
});
