import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { AppInstance } from './app-instance.ts';
import { blogPosts } from '../db/schema/index.ts';
import { signAccessToken } from '../auth/tokens.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/harness.ts';
import { createUser } from '../../modules/accounts/accounts.test-helpers.ts';

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <title>Tibeb Tutoring — Online tutors from Ethiopia</title>
    <meta name="description" content="Site default description." />
    <style>${'.shell{display:flex;align-items:center;justify-content:center}'.repeat(30)}</style>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('serving the web app', () => {
  let database: TestDatabase;
  let app: AppInstance;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tibeb-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml);
    fs.mkdirSync(path.join(webDist, 'assets'));
    const js = 'console.log("hello");'.repeat(100);
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), js);
    fs.writeFileSync(
      path.join(webDist, 'assets', 'index-abc.js.gz'),
      (await import('node:zlib')).gzipSync(js),
    );
    database = await createTestDatabase();
    await database.db.insert(blogPosts).values([
      {
        slug: 'learning-amharic',
        title: 'Learning Amharic <at home> & "abroad"',
        body: 'Keep the fidel alive.',
        excerpt: 'Ten minutes a day with the fidel.',
        coverImageUrl: '/images/blog/learning-amharic.svg',
        status: 'published',
        publishedAt: new Date('2026-01-05T09:00:00Z'),
      },
      { slug: 'draft-post', title: 'Unpublished', body: 'Not yet.', status: 'draft' },
    ]);
    app = await buildApp({
      config: testConfig({ webDist, publicUrl: 'https://tibeb.example' }),
      database,
      serveWeb: true,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it("sends the web app's pages and files with the document security headers (helmet's policy)", async () => {
    for (const url of ['/', '/tutors', '/blog/learning-amharic', '/assets/index-abc.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain('frame-src');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it("gives a post's address its own title, description and Open Graph tags, escaped", async () => {
    const res = await app.inject({ method: 'GET', url: '/blog/learning-amharic' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(
      '<title>Learning Amharic &lt;at home&gt; &amp; &quot;abroad&quot; | Tibeb Tutoring</title>',
    );
    expect(res.body).toContain('<meta name="description" content="Ten minutes a day with the fidel." />');
    expect(res.body).toContain('<meta property="og:type" content="article" />');
    expect(res.body).toContain(
      '<meta property="og:image" content="https://tibeb.example/images/blog/learning-amharic.svg" />',
    );
    expect(res.body).toContain(
      '<meta property="og:url" content="https://tibeb.example/blog/learning-amharic" />',
    );
    expect(res.body).not.toContain('Site default description.');
  });

  it("shows an admin's edit of a post at once (one blog cache for the API and the served page)", async () => {
    expect((await app.inject({ method: 'GET', url: '/blog/learning-amharic' })).body).toContain(
      '<title>Learning Amharic',
    );
    const { id } = (
      await app.inject({ method: 'GET', url: '/api/blog/posts/slug/learning-amharic/' })
    ).json();
    // A token of a real account: the auth plugin refuses tokens of no account (issue 12).
    const editor = await createUser(app, 'admin');
    const token = await signAccessToken(
      { sub: editor.id, role: 'admin', username: editor.username },
      app.config.jwtSecret,
    );
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/admin/blog/posts/${id}/`,
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'Amharic at home, ten minutes a day' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/blog/learning-amharic' })).body).toContain(
      '<title>Amharic at home, ten minutes a day | Tibeb Tutoring</title>',
    );
  });

  it('keeps the defaults for a draft, an unknown post and other pages', async () => {
    for (const url of ['/blog/draft-post', '/blog/no-such-post', '/tutors', '/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(indexHtml);
    }
  });

  it('sends the page compressed once per text (brotli or gzip) with an ETag that answers 304', async () => {
    for (const url of ['/', '/tutors', '/blog/learning-amharic']) {
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('accept-encoding');
      expect(br.headers['cache-control']).toBe('no-cache');
      const page = brotliDecompressSync(br.rawPayload).toString();
      expect(page.length).toBeGreaterThan(br.rawPayload.length * 4);
      const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gunzipSync(gz.rawPayload).toString()).toBe(page);
      // The same page, the same validator; a browser that has it gets a 304 and no body.
      expect(gz.headers.etag).toBe(br.headers.etag);
      const again = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br, gzip', 'if-none-match': br.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    const home = await app.inject({ method: 'GET', url: '/' });
    const post = await app.inject({ method: 'GET', url: '/blog/learning-amharic' });
    expect(post.headers.etag).not.toBe(home.headers.etag);
  });

  it('serves hashed assets precompressed and cached for a year, and 404s a missing one', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/unknown' })).json()).toEqual({
      detail: 'Not found.',
      code: 'not_found',
    });
  });
});
