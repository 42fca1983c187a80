import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendPreparedText } from '../../platform/cache/public-cache.ts';
import { robotsTxt, SeoService } from './seo.service.ts';
import { textAnswer } from '../../platform/http/schemas.ts';

/** robots.txt and sitemap.xml at the site root (registered without the /api prefix). */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new SeoService(app.db, app.config.publicUrl);

  app.get(
    '/robots.txt',
    {
      schema: {
        tags: ['seo'],
        summary: 'Crawling rules',
        response: { 200: textAnswer('text/plain', 'robots.txt') },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(app.config.publicUrl)),
  );

  app.get(
    '/sitemap.xml',
    {
      // Up to 50,000 addresses: sent as prepared gzip, brotli or plain bytes, compressed once per change.
      compress: false,
      schema: {
        tags: ['seo'],
        summary: 'Public pages, subject and tutor pages, and blog posts (at most 50,000 addresses)',
        response: { 200: textAnswer('application/xml', 'The sitemap') },
      },
    },
    async (_request, reply) => {
      const { value } = await service.sitemap();
      reply.header('cache-control', 'public, max-age=3600');
      return sendPreparedText(reply, value, 'application/xml; charset=utf-8');
    },
  );
};
