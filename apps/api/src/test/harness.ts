import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import type { AppInstance } from '../platform/http/app-instance.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import { migrateDatabase, openDatabase, type Database } from '../platform/db/client.ts';
import { recordAnswers } from '../platform/http/openapi-answers.ts';

/**
 * The engine for API tests: PGlite by default; PostgreSQL when TEST_DB_ENGINE=postgres, each test database
 * made fresh on the server named by TEST_DATABASE_URL and dropped afterwards.
 */
export const testEngine: 'pglite' | 'postgres' =
  process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

export type TestDatabase = Database & { url?: string };

/** What the run's global setup made to start databases from (pglite-template.ts); '' outside a vitest worker. */
function provided(key: 'pgliteTemplate' | 'postgresTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/** The migrated database the suite's PGlite databases start from, when the run made one. */
function pgliteTemplate(): Blob | undefined {
  const file = provided('pgliteTemplate');
  return file && fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine === 'pglite') {
    const database = await openDatabase({ engine: 'pglite', template: pgliteTemplate() });
    // Nothing to apply on the template (its migrations are recorded); everything on a fresh database.
    await migrateDatabase(database);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = provided('postgresTemplate');
  // A copy of the migrated template (its migrations recorded: migrateDatabase below applies nothing), or empty.
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 20 });
  await migrateDatabase(database);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `tibeb-test-${process.pid}`),
    PUBLIC_URL: 'http://localhost:3000',
  });
  // No background jobs and no bound on holds per address (suites book many times from one address) unless a
  // test asks for them.
  const unbounded = {
    perEmail: Number.POSITIVE_INFINITY,
    perAddress: Number.POSITIVE_INFINITY,
    perTutor: Number.POSITIVE_INFINITY,
    tutorSharePercent: Number.POSITIVE_INFINITY,
  };
  return { ...base, jobs: false, holdLimits: unbounded, ...overrides };
}

export type TestApp = {
  app: AppInstance;
  database: TestDatabase;
  config: Config;
  /** The answers this app gave that its routes' schemas do not declare (openapi-answers.ts). */
  undeclaredAnswers: () => string[];
  close: () => Promise<void>;
};

/** A real app on a fresh, migrated database; call `close()` in afterAll. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  /** Registers extra routes (test probes) before the app is ready. */
  setup?: (app: AppInstance) => void,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ config, database });
  setup?.(app);
  // Every answer against the OpenAPI document (decision 264): an undeclared one fails the file's close(), naming
  // the route and status to declare (OPENAPI_ANSWERS=off: only recorded).
  const answers = recordAnswers(app);
  await app.ready();
  return {
    app,
    database,
    config,
    undeclaredAnswers: answers.problems,
    close: async () => {
      await app.close();
      await database.close();
      const problems = answers.problems();
      if (process.env.OPENAPI_ANSWERS !== 'off' && problems.length > 0) {
        throw new Error(`Answers the OpenAPI document does not declare:\n- ${problems.join('\n- ')}`);
      }
    },
  };
}
