// Runs the API suite on PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set (as CI does).
import { spawnSync } from 'node:child_process';

const run = (engine) => {
  console.log(`\n▶ API tests on ${engine}`);
  const result = spawnSync('vitest', ['run', '--project', 'api', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DB_ENGINE: engine },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('pglite');
if (process.env.TEST_DATABASE_URL) run('postgres');
else
  console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL run of the API suite is skipped (CI sets it).');
