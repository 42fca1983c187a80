import { FEED_SIZE, excerptOf } from '@tibeb/domain/blog/rules';
import type { AppInstance } from '../../app.ts';
import { blogServiceFor } from './blog.service.ts';
import type { PostRecord } from './blog.repository.ts';

/** Escapes text for XML and drops the control characters XML 1.0 forbids. */
export function xmlEscape(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these control characters
      .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

export function renderFeed(posts: PostRecord[], publicUrl: string): string {
  const blogUrl = `${publicUrl}/blog`;
  const items = posts.map((p) => {
    const link = `${blogUrl}/${encodeURIComponent(p.slug)}`;
    return [
      '    <item>',
      `      <title>${xmlEscape(p.title)}</title>`,
      `      <link>${xmlEscape(link)}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(link)}</guid>`,
      p.publishedAt ? `      <pubDate>${p.publishedAt.toUTCString()}</pubDate>` : '',
      p.category ? `      <category>${xmlEscape(p.category.name)}</category>` : '',
      ...p.tags.map((t) => `      <category>${xmlEscape(t.name)}</category>`),
      `      <description>${xmlEscape(excerptOf(p))}</description>`,
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  const lastBuild = posts[0]?.publishedAt ?? new Date();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    '    <title>Tibeb Tutoring Blog</title>',
    `    <link>${xmlEscape(blogUrl)}</link>`,
    `    <atom:link href="${xmlEscape(`${blogUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    '    <description>Study tips, language learning and news from Tibeb Tutoring.</description>',
    '    <language>en</language>',
    `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** /blog/rss.xml (registered without the /api prefix): RSS 2.0 of the latest 20 published posts. */
export async function blogFeedRoutes(app: AppInstance) {
  const blog = blogServiceFor(app.db);
  app.get(
    '/blog/rss.xml',
    { schema: { tags: ['blog'], summary: 'RSS 2.0 feed of the latest published posts' } },
    async (_request, reply) => {
      const posts = await blog.latestPosts(FEED_SIZE);
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(renderFeed(posts, app.config.publicUrl));
    },
  );
}
