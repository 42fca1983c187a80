import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FEED_SIZE, excerptOf } from '@tibeb/domain/blog/rules';
import { blogServiceFor } from './blog.service.ts';
import type { PostRecord } from './blog.service.ts';
import { escapeMarkup } from '../../platform/http/escape.ts';
import { textAnswer } from '../../platform/http/schemas.ts';

export function renderFeed(posts: PostRecord[], publicUrl: string): string {
  const blogUrl = `${publicUrl}/blog`;
  const items = posts.map((p) => {
    const link = `${blogUrl}/${encodeURIComponent(p.slug)}`;
    return [
      '    <item>',
      `      <title>${escapeMarkup(p.title)}</title>`,
      `      <link>${escapeMarkup(link)}</link>`,
      `      <guid isPermaLink="true">${escapeMarkup(link)}</guid>`,
      p.publishedAt ? `      <pubDate>${p.publishedAt.toUTCString()}</pubDate>` : '',
      p.category ? `      <category>${escapeMarkup(p.category.name)}</category>` : '',
      ...p.tags.map((t) => `      <category>${escapeMarkup(t.name)}</category>`),
      `      <description>${escapeMarkup(excerptOf(p))}</description>`,
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
    `    <link>${escapeMarkup(blogUrl)}</link>`,
    `    <atom:link href="${escapeMarkup(`${blogUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
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
export const blogFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const blog = blogServiceFor(app.db);
  app.get(
    '/blog/rss.xml',
    {
      schema: {
        tags: ['blog'],
        summary: 'RSS 2.0 feed of the latest published posts',
        response: { 200: textAnswer('application/rss+xml', 'The RSS feed') },
      },
    },
    async (_request, reply) => {
      const posts = await blog.latestPosts(FEED_SIZE);
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(renderFeed(posts, app.config.publicUrl));
    },
  );
};
