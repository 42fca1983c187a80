import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { pingDatabase } from '../../db/client.ts';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export async function healthRoutes(app: AppInstance) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthSchema, 503: z.object({ detail: z.string() }) },
      },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(app.db);
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ detail: 'Database unavailable.' });
      }
      return { status: 'ok' as const, database: app.dbEngine };
    },
  );
}
