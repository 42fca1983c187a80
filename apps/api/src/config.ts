import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  // Connections each instance may open to PostgreSQL; instances × pool must stay under the server's max_connections.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  WEB_DIST: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  PAYMENTS_DEMO: z.enum(['0', '1']).optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Tibeb Tutoring <hello@tibeb.example>'),
  REDIS_URL: z.string().min(1).optional(),
  // Which proxies' X-Forwarded-For to believe: unset trusts none; a hop count, or addresses/CIDRs (comma list).
  TRUST_PROXY: z.string().min(1).optional(),
  // Bearer token for Prometheus at /api/metrics; without it the route does not exist.
  METRICS_TOKEN: z.string().min(16).optional(),
  // Unpaid reservations one guardian e-mail / one client address may hold at once (issue 12 §4, decision 092).
  HOLD_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(1000).optional(),
  HOLD_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100000).optional(),
});

export type Env = z.infer<typeof envSchema>;

export type Config = {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicUrl: string;
  logLevel: NonNullable<Env['LOG_LEVEL']>;
  jwtSecret: string;
  seedDemo: boolean;
  webDist: string;
  stripe: { secretKey: string; webhookSecret: string | undefined } | undefined;
  paymentsDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  /** Prefix of every key this deployment writes to Redis (tests use their own). */
  redisPrefix: string;
  metricsToken: string | undefined;
  /** Fastify's `trustProxy`: false (none), a hop count (as proxy-addr's function), or addresses/CIDRs. */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  /** Bounds on unpaid holds; unset = the defaults of bookings/hold-limits.ts (none in tests). */
  holdLimits?: { perEmail?: number | undefined; perAddress?: number | undefined };
};

export class ConfigError extends Error {}

/** Reads and validates the environment once at start-up; a bad value stops the process with a clear message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  if (production && !env.JWT_SECRET) {
    throw new ConfigError(
      'Invalid environment:\n  JWT_SECRET: required in production (at least 32 characters)',
    );
  }
  // Every instance of a fleet must build the same links and accept each other's tokens (issue 16).
  if (production && !env.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid environment:\n  PUBLIC_URL: required in production (the same address on every instance)',
    );
  }
  if (production && !env.STRIPE_SECRET_KEY && env.PAYMENTS_DEMO !== '1') {
    throw new ConfigError(
      'Invalid environment:\n  STRIPE_SECRET_KEY: required in production (or PAYMENTS_DEMO=1 to run the demo checkout)',
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  let secret: string | undefined;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    // Without JWT_SECRET (outside production) a random key made on first use and kept in DATA_DIR (issue 12).
    get jwtSecret() {
      return (secret ??= env.JWT_SECRET ?? dataDirSecret(dataDir));
    },
    // Demo data only ever goes into the embedded database, and never in production.
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === '1' : !production && !env.DATABASE_URL,
    webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
      : undefined,
    paymentsDemo: !env.STRIPE_SECRET_KEY,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    redisUrl: env.REDIS_URL,
    redisPrefix: 'tibeb:',
    metricsToken: env.METRICS_TOKEN,
    trustProxy,
    holdLimits: { perEmail: env.HOLD_LIMIT_PER_EMAIL, perAddress: env.HOLD_LIMIT_PER_ADDRESS },
  };
}

/**
 * TRUST_PROXY: unset (or 0/false) believes no X-Forwarded-For at all, so per-address limits count the real peer;
 * a number trusts that many proxy hops; otherwise a comma list of addresses or CIDRs of the proxies.
 */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const v = value?.trim();
  if (!v || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v)) {
    // The n nearest hops are proxies: the client is the address n hops back in X-Forwarded-For.
    const hops = Number(v);
    return (_address: string, hop: number) => hop < hops;
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of list) {
    const [address, bits, extra] = item.split('/');
    const family = net.isIP(address ?? '');
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!family || !bitsOk || extra !== undefined) {
      throw new ConfigError(
        `Invalid environment:\n  TRUST_PROXY: "${item}" is not a hop count, an IP address or a CIDR`,
      );
    }
  }
  return list;
}

/**
 * The signing key of a server without JWT_SECRET: 48 random bytes in DATA_DIR/jwt-secret (owner-only), made on
 * first start and read afterwards, so tokens survive a restart but no two installations share a key.
 */
function dataDirSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  try {
    // `wx`: of two processes starting at once, one writes and the other reads what it wrote.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return fs.readFileSync(file, 'utf8').trim();
  }
}
