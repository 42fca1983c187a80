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
  // Bearer token for Prometheus at /api/metrics; without it the route does not exist.
  METRICS_TOKEN: z.string().min(16).optional(),
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
  metricsToken: string | undefined;
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
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    // Outside production a fixed development secret keeps tokens valid across restarts of `npm start`.
    jwtSecret: env.JWT_SECRET ?? 'development-only-secret-not-for-production-use',
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
    metricsToken: env.METRICS_TOKEN,
  };
}
