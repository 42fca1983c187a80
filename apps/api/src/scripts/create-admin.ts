// npm run create-admin -- --username <name> --email <address> [--password <secret>]
// Creates an administrator in the configured database (DATABASE_URL, or the embedded one under DATA_DIR).
// Missing values come from ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD, or are asked for on a terminal.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { embeddedDataDir, migrateDatabase, openDatabase } from '../db/client.ts';
import { createAdmin, CreateAdminError } from '../db/seed/create-admin.ts';

async function ask(question: string, hidden = false): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing while the password is typed.
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    let prompted = false;
    output._writeToOutput = (s: string) => {
      if (!prompted) {
        process.stdout.write(s);
        prompted = true;
      }
    };
  }
  const answer = await rl.question(question);
  if (hidden) process.stdout.write('\n');
  rl.close();
  return answer;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log('Usage: npm run create-admin -- --username <name> --email <address> [--password <secret>]');
    return 0;
  }
  const interactive = Boolean(process.stdin.isTTY);
  let username = values.username ?? process.env.ADMIN_USERNAME ?? '';
  let email = values.email ?? process.env.ADMIN_EMAIL ?? '';
  let password = values.password ?? process.env.ADMIN_PASSWORD ?? '';
  if (interactive) {
    if (!username) username = await ask('Username: ');
    if (!email) email = await ask('E-mail: ');
    if (!password) {
      password = await ask('Password (at least 8 characters): ', true);
      if ((await ask('Password again: ', true)) !== password) {
        console.error('The passwords do not match.');
        return 1;
      }
    }
  }
  if (!username || !email || !password) {
    console.error(
      'Missing --username, --email or --password (or ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD).',
    );
    return 1;
  }

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const database = config.databaseUrl
    ? await openDatabase({ engine: 'postgres', url: config.databaseUrl, poolSize: 1 })
    : await openDatabase({ engine: 'pglite', dataDir: embeddedDataDir(config.dataDir) });
  try {
    await migrateDatabase(database);
    const admin = await createAdmin(database.db, { username, email, password });
    const where = config.databaseUrl
      ? 'the PostgreSQL database'
      : `the embedded database in ${config.dataDir}`;
    console.log(`Created administrator "${admin.username}" <${admin.email}> in ${where}.`);
    return 0;
  } catch (err) {
    if (err instanceof CreateAdminError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
