import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, ConfigError } from './platform/config.ts';
import { buildApp } from './app.ts';
import { embeddedDataDir, migrateDatabase, openDatabase } from './platform/db/client.ts';
import { acquireDataDirLock, DataDirLockedError, restrictDataDir } from './platform/db/data-dir-lock.ts';
import { checkFleetIdentity, FleetIdentityError } from './platform/db/fleet-identity.ts';

/** Starts the server: `node src/server.ts` (apps/api's start script). */
export async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Files this process creates (database, outbox, uploads, signing key) are its owner's only.
  process.umask(0o077);
  // One server per data directory, for the process's life (issue 12 item 2, issue 29 item 2): taken before the
  // signing key, the database or anything else in DATA_DIR is opened, so a refused server touches none of them.
  try {
    await acquireDataDirLock(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Without JWT_SECRET, the signing key is made now (DATA_DIR/jwt-secret), not at the first sign-in.
  if (config.jwtSecret.length < 32) throw new Error('the signing key is too short');
  const open = () =>
    config.databaseUrl
      ? openDatabase({
          engine: 'postgres',
          url: config.databaseUrl,
          // One connection of DATABASE_POOL_SIZE is the job runner's lease session (platform/jobs/advisory-lease.ts):
          // an instance never opens more than its pool size beside its LISTEN connections.
          poolSize: Math.max(1, config.databasePoolSize - (config.jobs ? 1 : 0)),
        })
      : openDatabase({ engine: 'pglite', dataDir: embeddedDataDir(config.dataDir) });
  const freshEmbedded =
    !config.databaseUrl && !fs.existsSync(path.join(embeddedDataDir(config.dataDir), 'PG_VERSION'));
  let database = await open();
  await migrateDatabase(database);
  // A production fleet's check (issue 16); a developer may restart on another port or data directory.
  if (config.env === 'production' && config.databaseUrl) {
    try {
      await checkFleetIdentity(database.db, config);
    } catch (err) {
      if (err instanceof FleetIdentityError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
  }
  // The demo data module (texts, lists) is loaded only when seeding is on (DESIGN §4 memory budgets).
  const seeded = config.seedDemo
    ? await (await import('./platform/db/seed/demo.ts')).seedDemoData(database.db, config)
    : false;
  if (freshEmbedded) {
    // initdb, migrations and the seed grow PGlite's WebAssembly memory, which never shrinks; a fresh instance
    // on the now-initialised data directory serves with about 150 MB less (DESIGN §4, `npm run bench:memory`).
    await database.close();
    database = await open();
  }
  restrictDataDir(config.dataDir);
  const app = await buildApp({ config, database, serveWeb: true });
  if (seeded) app.log.info('demo data seeded');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.seedDemo) {
    console.log(
      `\n  Tibeb Tutoring is running at ${config.publicUrl}\n` +
        `  Demo accounts (password demo1234): admin, tutor, student\n`,
    );
  }
}

// Run as the entry point (the built dist/server.js, or `node src/server.ts` in development).
if (import.meta.main) await main();
