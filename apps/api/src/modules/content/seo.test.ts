import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../../platform/db/schema/content.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe('robots.txt and sitemap.xml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.db.insert(blogPosts).values([
      {
        slug: 'learning-amharic',
        title: 'Learning Amharic',
        body: 'x',
        status: 'published',
        publishedAt: new Date('2025-06-01'),
      },
      { slug: 'draft-post', title: 'Draft', body: 'x', status: 'draft' },
    ]);
  });
  afterAll(() => t.close());

  it('serves robots.txt that keeps crawlers out of private areas and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /admin/');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('lists the public pages and published posts with absolute URLs, not drafts or private pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    for (const path of [
      '/',
      '/about',
      '/subjects',
      '/tutors',
      '/contact',
      '/faq',
      '/terms',
      '/PrvacyPolicy',
      '/blog',
    ]) {
      expect(res.body).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
    expect(res.body).toContain('<loc>http://localhost:3000/blog/learning-amharic</loc><lastmod>');
    expect(res.body).not.toContain('draft-post');
    expect(res.body).not.toContain('/admin');
  });
});
