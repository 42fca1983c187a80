// npm run create-admin -- --username <name> --email <address> [--password <secret>]
// Creates an administrator in the configured database (DATABASE_URL, or the embedded one under DATA_DIR).
// Missing values come from ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD, or are asked for on a terminal.
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { embeddedDataDir, migrateDatabase, openDatabase } from '../platform/db/client.ts';
import { createAdmin, CreateAdminError } from '../platform/db/seed/create-admin.ts';

/** Questions on the terminal, through one readline interface; hidden answers are not echoed. */
function terminalPrompt() {
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, done) {
      if (!muted) process.stdout.write(chunk, encoding);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return {
    async ask(question: string, hidden = false): Promise<string> {
      process.stdout.write(question);
      muted = hidden;
      const answer = await rl.question('');
      muted = false;
      if (hidden) process.stdout.write('\n');
      return hidden ? answer : answer.trim();
    },
    close: () => rl.close(),
  };
}

/**
 * The values given on the command line. The root script `npm run create-admin -w @tibeb/api` forwards
 * `--username x` without a `--` separator, so npm reads the flags as its own config: it exports them as
 * npm_config_* variables, and for flags it treats as booleans ('true') leaves the values as positionals.
 */
function commandLine(): { username?: string; email?: string; password?: string; help?: boolean } {
  const { values, positionals } = parseArgs({
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  });
  if (process.env.npm_lifecycle_event !== 'create-admin') return values;
  const fromNpm = (key: string) => {
    const value = process.env[`npm_config_${key}`];
    return value && value !== 'true' ? value : undefined;
  };
  const positionalEmail = positionals.find((p) => p.includes('@'));
  const positionalName = positionals.find((p) => !p.includes('@'));
  return {
    username: values.username ?? fromNpm('username') ?? positionalName,
    email: values.email ?? fromNpm('email') ?? positionalEmail,
    password: values.password ?? fromNpm('password'),
    help: values.help,
  };
}

async function main(): Promise<number> {
  const values = commandLine();
  if (values.help) {
    console.log('Usage: npm run create-admin -- --username <name> --email <address> [--password <secret>]');
    return 0;
  }
  const interactive = Boolean(process.stdin.isTTY);
  let username = values.username ?? process.env.ADMIN_USERNAME ?? '';
  let email = values.email ?? process.env.ADMIN_EMAIL ?? '';
  let password = values.password ?? process.env.ADMIN_PASSWORD ?? '';
  if (interactive && (!username || !email || !password)) {
    const prompt = terminalPrompt();
    try {
      if (!username) username = await prompt.ask('Username: ');
      if (!email) email = await prompt.ask('E-mail: ');
      if (!password) {
        password = await prompt.ask('Password (at least 8 characters): ', true);
        if ((await prompt.ask('Password again: ', true)) !== password) {
          console.error('The passwords do not match.');
          return 1;
        }
      }
    } finally {
      prompt.close();
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
