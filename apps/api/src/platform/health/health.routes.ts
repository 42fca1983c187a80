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

/**
 * The free bytes of the file system that holds `dir` (or, before it exists, its nearest existing parent): what
 * an unprivileged process may still write.
 */
export async function freeDiskBytes(dir: string): Promise<number> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const stats = await fs.promises.statfs(at);
      return stats.bavail * stats.bsize;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || at === path.dirname(at)) throw err;
    }
  }
}

const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));

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
 * instance can serve: the database answers and has every migration this build ships, and DATA_DIR's file
 * system has MIN_FREE_DISK_MB free.
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
        summary:
          'Readiness: the database answers and has every migration of this build, and DATA_DIR has free space',
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
      // A full disk fails every write (503 disk_full): the balancer sends traffic elsewhere before it is full
      // (issue 29 item 1). MIN_FREE_DISK_MB=0 turns the check off.
      const minimum = app.config.minFreeDiskBytes;
      if (minimum > 0) {
        const free = await freeDiskBytes(app.config.dataDir).catch((err: unknown) => {
          app.log.warn({ err }, 'readiness: free disk space unknown');
          return undefined;
        });
        if (free !== undefined && free < minimum) {
          const freeMb = megabytes(free);
          const minMb = megabytes(minimum);
          app.log.warn({ freeMb, minMb }, 'readiness: low disk space');
          return reply.status(503).send({
            detail: `Low disk space: ${freeMb} MB free for DATA_DIR, ${minMb} MB required.`,
            code: 'disk_low',
            params: { free_mb: freeMb, min_mb: minMb },
          });
        }
      }
      return { status: 'ready' as const, database: app.dbEngine, migrations: applied };
    },
  );
};
