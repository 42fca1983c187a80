import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fs from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../paths.ts';
import { z } from 'zod';
import { appliedMigrationCount, pingDatabase } from '../db/client.ts';
import { errorResponseSchema } from '../http/schemas.ts';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
const readySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.number().int(),
});
const notReadySchema = errorResponseSchema;

/** The migrations this build ships (drizzle's journal): a database that applied fewer is not ready. */
const shippedMigrations = (
  JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** A readiness check that hangs is a failed one: load balancers time out after a few seconds. */
const readyTimeoutMs = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Operations (issue 16): `/api/health` says the process is alive and never touches the database (a load
 * balancer's liveness probe must not fail, or pile up, because the database is slow); `/api/ready` says this
 * instance can serve: the database answers and has every migration this build ships.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (no database call)',
        response: { 200: healthSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, database: app.dbEngine };
    },
  );

  app.get(
    '/ready',
    {
      compress: false,
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and has every migration of this build',
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      let applied: number;
      try {
        await withTimeout(pingDatabase(app.db), readyTimeoutMs);
        applied = await withTimeout(appliedMigrationCount(app.db), readyTimeoutMs);
      } catch (err) {
        app.log.warn({ err }, 'readiness: database unreachable');
        return reply.status(503).send({ detail: 'Database unavailable.', code: 'database_unavailable' });
      }
      if (applied < shippedMigrations) {
        return reply.status(503).send({
          detail: `Database migrations pending: ${applied} of ${shippedMigrations} applied.`,
          code: 'migrations_pending',
          params: { applied, shipped: shippedMigrations },
        });
      }
      return { status: 'ready' as const, database: app.dbEngine, migrations: applied };
    },
  );
};
