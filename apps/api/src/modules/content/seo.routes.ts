import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { robotsTxt, SeoService } from './seo.service.ts';

/** robots.txt and sitemap.xml at the site root (registered without the /api prefix). */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new SeoService(app.db, app.config.publicUrl);

  app.get(
    '/robots.txt',
    { schema: { tags: ['seo'], summary: 'Crawling rules', response: { 200: z.string() } } },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(app.config.publicUrl)),
  );

  app.get(
    '/sitemap.xml',
    { schema: { tags: ['seo'], summary: 'Public pages and blog posts', response: { 200: z.string() } } },
    async (_request, reply) => {
      const { value } = await service.sitemap();
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(value);
    },
  );
};
