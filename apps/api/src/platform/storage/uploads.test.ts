import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { multipartBody, pngOf } from './uploads.fixtures.ts';
import { uploadMessages } from '@tibeb/domain/uploads/contracts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { saveImageUpload } from './uploads.ts';

describe('image uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      app.post('/api/test-upload', async (request) =>
        saveImageUpload(request, app.uploads, {
          folder: 'probe',
          maxWidth: 400,
          maxHeight: 300,
          minSide: 50,
        }),
      );
    });
  });
  afterAll(() => t.close());

  const upload = (body: ReturnType<typeof multipartBody>) =>
    t.app.inject({ method: 'POST', url: '/api/test-upload', ...body });

  it('stores a resized WebP under DATA_DIR/uploads and serves it at its address', async () => {
    const res = await upload(multipartBody('big.png', 'image/png', await pngOf(1600, 900)));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.url).toMatch(/^\/uploads\/probe\/[0-9a-f-]{36}\.webp$/);
    expect([body.width, body.height]).toEqual([400, 225]);
    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
  });

  it('refuses a missing file, a wrong type, a renamed non-image, a tiny image and an over-large file', async () => {
    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/test-upload', payload: {} });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().errors.file).toEqual([uploadMessages.missing]);

    const pdf = await upload(multipartBody('a.pdf', 'application/pdf', Buffer.from('%PDF-1.4')));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().detail).toBe(uploadMessages.type);

    const fake = await upload(multipartBody('a.png', 'image/png', Buffer.from('not an image at all')));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().detail).toBe(uploadMessages.unreadable);

    const tiny = await upload(multipartBody('a.png', 'image/png', await pngOf(20, 20)));
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().detail).toBe(uploadMessages.tooSmall);

    const huge = await upload(multipartBody('a.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 10, 1)));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toBe(uploadMessages.tooLarge);
  });

  it('does not serve files outside the uploads folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/../../etc/passwd' });
    expect(res.statusCode).toBe(404);
  });
});
