import fs from 'node:fs';
import { setSourceMapsSupport } from 'node:module';
import path from 'node:path';

// Stack traces name the API's own TypeScript (decision 246): its bundle's source maps, read as each chunk loads.
// Not npm packages' maps, which `--enable-source-maps` also reads and keeps for the process's life (drizzle-orm
// alone ships 448): about 13 MB of heap per instance (DESIGN §4 memory). Node reads a module's map when it loads
// it, so everything else is imported below, after this line.
// A deployment that wants npm packages' frames mapped too sets NODE_OPTIONS=--enable-source-maps (and pays for it).
if (!process.sourceMapsEnabled) setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });

/** Starts the server: `node dist/server.js` (apps/api's start script), or `node src/server.ts` in development. */
export async function main() {
  const [
    { loadConfig, ConfigError },
    { buildApp },
    { embeddedDataDir, migrateDatabase, openDatabase },
    { acquireDataDirLock, DataDirLockedError, restrictDataDir },
    { checkFleetIdentity, FleetIdentityError },
  ] = await Promise.all([
    import('./platform/config.ts'),
    import('./app.ts'),
    import('./platform/db/client.ts'),
    import('./platform/db/data-dir-lock.ts'),
    import('./platform/db/fleet-identity.ts'),
  ]);
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
  const demo = config.seedDemo ? await import('./platform/db/seed/demo.ts') : undefined;
  const seeded = demo ? await demo.seedDemoData(database.db, config) : false;
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
  if (demo) {
    console.log(`\n  Tibeb Tutoring is running at ${config.publicUrl}\n${demo.demoAccountsNotice()}\n`);
  }
}

// Run as the entry point (the built dist/server.js, or `node src/server.ts` in development).
if (import.meta.main) await main();
