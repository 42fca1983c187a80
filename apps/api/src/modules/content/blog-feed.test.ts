import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../../platform/db/schema/content.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedBlogFixtures } from './blog.fixtures.ts';

describe('blog: /blog/rss.xml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://tibeb.example' });
    await seedBlogFixtures(t.app.db);
    // 10 more visible posts (22 in all) and one whose title needs escaping.
    await t.app.db.insert(blogPosts).values(
      Array.from({ length: 10 }, (_, i) => ({
        slug: `older-${i}`,
        title: i === 0 ? 'Fish & chips <b>"quoted"</b>' : `Older ${i}`,
        body: 'Body',
        status: 'published' as const,
        publishedAt: new Date(Date.UTC(2025, 0, i + 1)),
      })),
    );
  });
  afterAll(() => t.close());

  it('lists the latest 20 published posts as RSS 2.0 with absolute links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/blog/rss.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml.match(/<item>/g)).toHaveLength(20);
    const firstLink = xml.match(/<item>[\s\S]*?<link>(.*?)<\/link>/)?.[1];
    expect(firstLink).toBe('https://tibeb.example/blog/learning-amharic-at-home');
    expect(xml).toContain('<pubDate>Mon, 12 Jan 2026 09:00:00 GMT</pubDate>');
    expect(xml).toContain('<category>Languages</category>');
    expect(xml).not.toContain('draft-secret');
    expect(xml).not.toContain('scheduled-future');
  });

  it('escapes text for XML', async () => {
    const xml = (await t.app.inject({ method: 'GET', url: '/blog/rss.xml' })).body;
    // No bare ampersand anywhere in a title.
    expect(xml).not.toMatch(/<title>[^<]*&(?!amp;|lt;|gt;|quot;|apos;)/);
    await t.app.db.insert(blogPosts).values({
      slug: 'newest-escape',
      title: 'Fish & chips <b>"quoted"</b>',
      body: 'Tom & Jerry',
      status: 'published',
      publishedAt: new Date(Date.UTC(2026, 5, 1)),
    });
    const fresh = (await t.app.inject({ method: 'GET', url: '/blog/rss.xml' })).body;
    expect(fresh).toContain('<title>Fish &amp; chips &lt;b&gt;&quot;quoted&quot;&lt;/b&gt;</title>');
    expect(fresh).toContain('<description>Tom &amp; Jerry</description>');
  });
});
