import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { defaultWebDist } from './paths.ts';

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
  // Payment in birr through Chapa (issue 18 §3, decision 170): the secret key, the webhook's secret hash set in
  // Chapa's dashboard, and the API's address (a local fake in tests).
  CHAPA_SECRET_KEY: z.string().min(8).optional(),
  CHAPA_WEBHOOK_SECRET: z.string().min(16).optional(),
  CHAPA_BASE_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), { message: 'Use an http(s) address' })
    .default('https://api.chapa.co/v1'),
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
  // /api/ready says not ready below this free space on DATA_DIR's file system (issue 29 item 1; 0: no check).
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).max(10_000_000).default(100),
  // Unpaid reservations one e-mail or address may hold with one tutor, and the share of a tutor's bookable time
  // all unpaid holds may keep (issue 29 item 5, decision 221).
  HOLD_LIMIT_PER_TUTOR: z.coerce.number().int().min(1).max(1000).optional(),
  HOLD_TUTOR_SHARE_PERCENT: z.coerce.number().int().min(1).max(100).optional(),
  // Uploaded images in an S3-compatible bucket (DESIGN §3, decision 200); unset: DATA_DIR/uploads.
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
    )
    .optional(),
  // The store's address for MinIO, R2 and other S3-compatible services (path-style requests); unset: AWS S3.
  S3_ENDPOINT: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), { message: 'Use an http(s) address' })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'a region such as us-east-1 (auto for Cloudflare R2)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(3).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(8).optional(),
  // Temporary credentials (STS): the token that goes with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.
  S3_SESSION_TOKEN: z.string().min(16).optional(),
  // AWS's standard variables: the bucket's credentials when S3_ACCESS_KEY_ID is not set.
  AWS_ACCESS_KEY_ID: z.string().min(3).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(8).optional(),
  AWS_SESSION_TOKEN: z.string().min(16).optional(),
  // `role`: no keys in the environment; the bucket's credentials come from the machine's IAM role (ECS task role,
  // EKS web identity, EC2 instance profile: AWS's default chain), fetched when needed and renewed before expiry.
  S3_CREDENTIALS: z.enum(['keys', 'role']).optional(),
  // Where browsers read the bucket's objects (public bucket or CDN); unset: the app serves them at /uploads/.
  S3_PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), { message: 'Use an http(s) address' })
    .optional(),
  // Lesson reminders by SMS and WhatsApp through Twilio (issue 18 §4, decision 176); unset: by e-mail.
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'an Account SID: AC and 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  TWILIO_SMS_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})$/,
      'an E.164 number (+…), a Messaging Service SID (MG…) or an alphanumeric sender ID',
    )
    .optional(),
  TWILIO_WHATSAPP_FROM: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/, 'an E.164 number (+…)')
    .optional(),
  TWILIO_WHATSAPP_CONTENT_SID: z
    .string()
    .regex(/^HX[0-9a-fA-F]{32}$/, 'a Content SID: HX and 32 hex digits')
    .optional(),
  TWILIO_WHATSAPP_CONTENT_SID_AM: z
    .string()
    .regex(/^HX[0-9a-fA-F]{32}$/, 'a Content SID: HX and 32 hex digits')
    .optional(),
  TWILIO_BASE_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), { message: 'Use an http(s) address' })
    .optional(),
  // Lesson rooms on Jitsi with signed room tokens (issue 30 item 1, decision 267): a self-hosted Jitsi with token
  // authentication (JITSI_APP_SECRET, HS256) or Jitsi as a Service (8x8.vc: JITSI_PRIVATE_KEY and JITSI_KEY_ID,
  // RS256). Unset: only a tutor's own meeting link is sent.
  JITSI_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}(:\d{2,5})?$/i, 'a host name such as meet.example.org or 8x8.vc')
    .optional(),
  JITSI_APP_ID: z.string().trim().min(1).max(200).optional(),
  JITSI_APP_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  JITSI_PRIVATE_KEY: z
    .string()
    .refine((v) => v.includes('PRIVATE KEY'), 'a PEM private key (-----BEGIN PRIVATE KEY-----…)')
    .optional(),
  JITSI_KEY_ID: z.string().trim().min(1).max(200).optional(),
  // Lesson reminders and booking changes by Telegram (issue 30 item 6, decision 268): the bot's token and user
  // name (for the start link), and the secret Telegram sends with each webhook call. Unset: no Telegram.
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d{5,}:[A-Za-z0-9_-]{30,}$/, "the bot's token from @BotFather (digits:letters)")
    .optional(),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}bot$/i, "the bot's user name, ending in 'bot'")
    .optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, '16 to 256 letters, digits, _ or -')
    .optional(),
  // Telegram's Bot API address (https://api.telegram.org); a local fake in tests.
  TELEGRAM_API_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), { message: 'Use an http(s) address' })
    .optional(),
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
  /** Birr through Chapa when CHAPA_SECRET_KEY is set; undefined: families pay in dollars only. */
  chapa: { secretKey: string; webhookSecret: string; baseUrl: string } | undefined;
  paymentsDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  /** Prefix of every key this deployment writes to Redis (tests use their own). */
  redisPrefix: string;
  /** The background jobs run on this instance (platform/jobs/runner.ts); the test harness turns them off. */
  jobs: boolean;
  metricsToken: string | undefined;
  /** Fastify's `trustProxy`: false (none), a hop count (as proxy-addr's function), or addresses/CIDRs. */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  /** Bounds on unpaid holds; unset = the defaults of bookings/hold-limits.ts (none in tests). */
  /** /api/ready answers 503 while DATA_DIR's file system has less free space than this (0: no check). */
  minFreeDiskBytes: number;
  holdLimits?: {
    perEmail?: number | undefined;
    perAddress?: number | undefined;
    perTutor?: number | undefined;
    tutorSharePercent?: number | undefined;
  };
  /** The bucket for uploaded images (S3_*); unset: files under DATA_DIR/uploads. */
  s3?: S3Config | undefined;
  /** SMS and WhatsApp reminders through Twilio; undefined: every reminder goes by e-mail (decision 176). */
  twilio?: TwilioConfig | undefined;
  /** Lesson rooms on Jitsi with signed tokens (decision 267); undefined: only tutors' own links. */
  jitsi?: JitsiConfig | undefined;
  /** Telegram for families who link it (decision 268); undefined: no Telegram. */
  telegram?: TelegramConfig | undefined;
};

/** A Jitsi deployment that starts rooms for signed tokens: HS256 with a shared secret, or RS256 (JaaS). */
export type JitsiConfig = {
  domain: string;
  appId: string;
  signing: { alg: 'HS256'; secret: string } | { alg: 'RS256'; privateKey: string; keyId: string };
};

export type TelegramConfig = {
  botToken: string;
  botUsername: string;
  webhookSecret: string;
  apiUrl: string;
};

export type TwilioConfig = {
  accountSid: string;
  authToken: string;
  /** The SMS sender: an E.164 number, a Messaging Service SID (MG…) or an alphanumeric ID; undefined: no SMS. */
  smsFrom: string | undefined;
  /** The WhatsApp sender and its approved reminder template per language (no Amharic one: the English one). */
  whatsapp: { from: string; contentSid: { en: string; am: string | undefined } } | undefined;
  /** Twilio's API address (https://api.twilio.com); a local fake in tests. */
  baseUrl: string | undefined;
};

export type S3Config = {
  bucket: string;
  /** MinIO, R2, ...: requests go to `endpoint/bucket/key`; unset: AWS (`https://bucket.s3.region.amazonaws.com/key`). */
  endpoint: string | undefined;
  region: string;
  /** The key pair and its temporary token (S3_SESSION_TOKEN, or AWS_SESSION_TOKEN with the AWS_* keys). */
  credentials: S3Keys | 'role';
  /** Browsers load `publicUrl/key` directly; unset: the app serves objects at `/uploads/key`. */
  publicUrl: string | undefined;
};

/** A key pair for the bucket, long-lived or temporary (with its session token). */
export type S3Keys = { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined };

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
  // What a production start must not accept even when given (issue 29 item 6, decision 222).
  const refused = production ? productionRefusals(env) : [];
  if (refused.length > 0) {
    throw new ConfigError(`Invalid environment:\n${refused.map((line) => `  ${line}`).join('\n')}`);
  }
  if (production && !env.STRIPE_SECRET_KEY && env.PAYMENTS_DEMO !== '1') {
    throw new ConfigError(
      'Invalid environment:\n  STRIPE_SECRET_KEY: required in production (or PAYMENTS_DEMO=1 to run the demo checkout)',
    );
  }
  // Chapa's webhooks are verified with the secret hash set in its dashboard, a secret of its own (decision 170).
  // The secret key travels in every call: never over plain HTTP in production.
  if (production && env.CHAPA_SECRET_KEY && !env.CHAPA_BASE_URL.startsWith('https://')) {
    throw new ConfigError('Invalid environment:\n  CHAPA_BASE_URL: must be an https address in production');
  }
  if (env.CHAPA_SECRET_KEY && !env.CHAPA_WEBHOOK_SECRET) {
    throw new ConfigError(
      "Invalid environment:\n  CHAPA_WEBHOOK_SECRET: required with CHAPA_SECRET_KEY (the webhook secret hash set in Chapa's dashboard, 16+ characters)",
    );
  }
  const twilio = twilioConfig(env);
  const jitsi = jitsiConfig(env);
  const telegram = telegramConfig(env);
  const dataDir = path.resolve(env.DATA_DIR);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const s3 = parseS3(env);
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
    webDist: path.resolve(env.WEB_DIST ?? defaultWebDist),
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
      : undefined,
    paymentsDemo: !env.STRIPE_SECRET_KEY,
    chapa:
      env.CHAPA_SECRET_KEY && env.CHAPA_WEBHOOK_SECRET
        ? {
            secretKey: env.CHAPA_SECRET_KEY,
            webhookSecret: env.CHAPA_WEBHOOK_SECRET,
            baseUrl: env.CHAPA_BASE_URL.replace(/\/+$/, ''),
          }
        : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    redisUrl: env.REDIS_URL,
    redisPrefix: 'tibeb:',
    jobs: true,
    metricsToken: env.METRICS_TOKEN,
    trustProxy,
    minFreeDiskBytes: env.MIN_FREE_DISK_MB * 1024 * 1024,
    holdLimits: {
      perEmail: env.HOLD_LIMIT_PER_EMAIL,
      perAddress: env.HOLD_LIMIT_PER_ADDRESS,
      perTutor: env.HOLD_LIMIT_PER_TUTOR,
      tutorSharePercent: env.HOLD_TUTOR_SHARE_PERCENT,
    },
    s3,
    twilio,
    jitsi,
    telegram,
  };
}

/**
 * Twilio's settings, checked together: the Account SID and Auth Token go as a pair, each sender needs them, and
 * WhatsApp needs its approved template (business-initiated messages may only use one); the Amharic one is
 * optional.
 */
function twilioConfig(env: Env): TwilioConfig | undefined {
  const fail = (line: string) => {
    throw new ConfigError(`Invalid environment:\n  ${line}`);
  };
  const credentials = Boolean(env.TWILIO_ACCOUNT_SID) || Boolean(env.TWILIO_AUTH_TOKEN);
  const senders = Boolean(env.TWILIO_SMS_FROM) || Boolean(env.TWILIO_WHATSAPP_FROM);
  if (!credentials && !senders) return undefined;
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN)
    fail(
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: set both (and a sender: TWILIO_SMS_FROM or TWILIO_WHATSAPP_FROM)',
    );
  if (!senders) fail('TWILIO_SMS_FROM or TWILIO_WHATSAPP_FROM: required with the Twilio credentials');
  if (env.TWILIO_WHATSAPP_FROM && !env.TWILIO_WHATSAPP_CONTENT_SID)
    fail(
      "TWILIO_WHATSAPP_CONTENT_SID: required with TWILIO_WHATSAPP_FROM (the reminder template's Content SID)",
    );
  return {
    accountSid: env.TWILIO_ACCOUNT_SID!,
    authToken: env.TWILIO_AUTH_TOKEN!,
    smsFrom: env.TWILIO_SMS_FROM,
    whatsapp: env.TWILIO_WHATSAPP_FROM
      ? {
          from: env.TWILIO_WHATSAPP_FROM,
          contentSid: {
            en: env.TWILIO_WHATSAPP_CONTENT_SID!,
            am: env.TWILIO_WHATSAPP_CONTENT_SID_AM,
          },
        }
      : undefined,
    baseUrl: env.TWILIO_BASE_URL?.replace(/\/+$/, ''),
  };
}

/** The TELEGRAM_* variables go together: the token, the bot's name and the webhook's secret (decision 268). */
function telegramConfig(env: Env): TelegramConfig | undefined {
  const given = [env.TELEGRAM_BOT_TOKEN, env.TELEGRAM_BOT_USERNAME, env.TELEGRAM_WEBHOOK_SECRET];
  if (given.every((v) => v === undefined)) return undefined;
  if (given.some((v) => v === undefined))
    throw new ConfigError(
      'Invalid environment:\n  TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_USERNAME, TELEGRAM_WEBHOOK_SECRET: set all three for Telegram',
    );
  return {
    botToken: env.TELEGRAM_BOT_TOKEN!,
    botUsername: env.TELEGRAM_BOT_USERNAME!,
    webhookSecret: env.TELEGRAM_WEBHOOK_SECRET!,
    apiUrl: (env.TELEGRAM_API_URL ?? 'https://api.telegram.org').replace(/\/+$/, ''),
  };
}

/**
 * The JITSI_* variables go together (decision 267): a domain needs its app id and one way to sign, the shared
 * secret (a self-hosted Jitsi with token authentication) or the private key with its key id (Jitsi as a Service);
 * anything half set fails at start rather than at the first lesson.
 */
function jitsiConfig(env: Env): JitsiConfig | undefined {
  const fail = (line: string) => {
    throw new ConfigError(`Invalid environment:\n  ${line}`);
  };
  const given = [
    env.JITSI_DOMAIN,
    env.JITSI_APP_ID,
    env.JITSI_APP_SECRET,
    env.JITSI_PRIVATE_KEY,
    env.JITSI_KEY_ID,
  ];
  if (given.every((v) => v === undefined)) return undefined;
  if (!env.JITSI_DOMAIN || !env.JITSI_APP_ID)
    fail('JITSI_DOMAIN, JITSI_APP_ID: set both to sign lesson rooms');
  const secret = env.JITSI_APP_SECRET;
  const key = env.JITSI_PRIVATE_KEY;
  if (secret && (key || env.JITSI_KEY_ID))
    fail('JITSI_APP_SECRET or JITSI_PRIVATE_KEY with JITSI_KEY_ID: one way to sign, not both');
  if (!secret && !(key && env.JITSI_KEY_ID))
    fail(
      'JITSI_APP_SECRET (self-hosted), or JITSI_PRIVATE_KEY and JITSI_KEY_ID (Jitsi as a Service): required',
    );
  return {
    domain: env.JITSI_DOMAIN!.toLowerCase(),
    appId: env.JITSI_APP_ID!,
    signing: secret
      ? { alg: 'HS256', secret }
      : { alg: 'RS256', privateKey: key!.replace(/\\n/g, '\n'), keyId: env.JITSI_KEY_ID! },
  };
}

/**
 * The S3_* variables go together: any of them set means uploads go to the bucket, and then the bucket and its
 * credentials are required (a half-configured store would fail on the first upload instead of at start). The
 * credentials are a key pair (and its session token), S3_*'s or else AWS's standard AWS_* variables, never a mix
 * of the two; or, with S3_CREDENTIALS=role, the machine's IAM role, and then no key may be set.
 */
function parseS3(env: Env): S3Config | undefined {
  const given = [
    env.S3_BUCKET,
    env.S3_ENDPOINT,
    env.S3_REGION,
    env.S3_ACCESS_KEY_ID,
    env.S3_SECRET_ACCESS_KEY,
    env.S3_SESSION_TOKEN,
    env.S3_CREDENTIALS,
    env.S3_PUBLIC_URL,
  ].some((v) => v !== undefined);
  if (!given) return undefined;
  const invalid = (problems: string[]) =>
    new ConfigError(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const store = {
    bucket: env.S3_BUCKET!,
    endpoint: env.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: env.S3_REGION ?? 'us-east-1',
    publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
  if (env.S3_CREDENTIALS === 'role') {
    const keys = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_SESSION_TOKEN'] as const;
    const problems = [
      ...(env.S3_BUCKET ? [] : ['S3_BUCKET: required when uploads go to an S3 bucket (S3_* set)']),
      ...keys
        .filter((k) => env[k] !== undefined)
        .map((k) => `${k}: not used with S3_CREDENTIALS=role; unset it`),
    ];
    if (problems.length > 0) throw invalid(problems);
    return { ...store, credentials: 'role' };
  }
  const fromAws = !env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY && !env.S3_SESSION_TOKEN;
  const keys = fromAws
    ? { id: env.AWS_ACCESS_KEY_ID, secret: env.AWS_SECRET_ACCESS_KEY, token: env.AWS_SESSION_TOKEN }
    : { id: env.S3_ACCESS_KEY_ID, secret: env.S3_SECRET_ACCESS_KEY, token: env.S3_SESSION_TOKEN };
  const orAws = fromAws ? ' (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or S3_CREDENTIALS=role)' : '';
  const missing = [
    ...(env.S3_BUCKET ? [] : ['S3_BUCKET']),
    ...(keys.id ? [] : ['S3_ACCESS_KEY_ID']),
    ...(keys.secret ? [] : ['S3_SECRET_ACCESS_KEY']),
  ];
  if (missing.length > 0) {
    throw invalid(
      missing.map(
        (k) => `${k}: required when uploads go to an S3 bucket (S3_* set)${k === 'S3_BUCKET' ? '' : orAws}`,
      ),
    );
  }
  return {
    ...store,
    credentials: { accessKeyId: keys.id!, secretAccessKey: keys.secret!, sessionToken: keys.token },
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

/** A production JWT_SECRET's least estimated strength, in bits (decision 222). */
export const minSecretBits = 128;

/**
 * The strength of a secret as its length times the Shannon entropy of its own characters, counting a repeated
 * block once (`0123456789abcdef` twice is one block of 64 bits): 32 × `a` is 0 bits, `abab…` 1, 32 random bytes
 * in base64 (43 characters) about 190 to 250. It underestimates a short random secret (16 random bytes as 32 hex
 * digits read as about 110) and cannot see that a long English phrase is guessable; the advice it gives is the
 * one that always passes: 32 random bytes.
 */
export function estimatedSecretBits(secret: string): number {
  const chars = [...secret];
  // The shortest period (from the longest border, KMP's prefix function): a secret made of one block repeated,
  // and cut anywhere, is as strong as the block.
  const border = new Array<number>(chars.length).fill(0);
  for (let i = 1; i < chars.length; i += 1) {
    let k = border[i - 1]!;
    while (k > 0 && chars[i] !== chars[k]) k = border[k - 1]!;
    border[i] = chars[i] === chars[k] ? k + 1 : k;
  }
  const block = chars.slice(0, chars.length - (border.at(-1) ?? 0));
  const counts = new Map<string, number>();
  for (const ch of block) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bitsPerChar = 0;
  for (const count of counts.values()) {
    const p = count / block.length;
    bitsPerChar -= p * Math.log2(p);
  }
  return Math.floor(bitsPerChar * block.length);
}

// http is accepted for this machine only: a trial of the production build before it goes behind TLS.
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Settings production refuses, one line each: the demo accounts (their passwords are in the README), an address
 * that is not https (links in e-mails, the payment provider's return, cookies' security), a guessable signing key.
 */
export function productionRefusals(env: Pick<Env, 'SEED_DEMO' | 'PUBLIC_URL' | 'JWT_SECRET'>): string[] {
  const problems: string[] = [];
  if (env.SEED_DEMO === '1') {
    problems.push(
      'SEED_DEMO: the demo data (with its known passwords) is never loaded in production; unset SEED_DEMO, or run a demo with NODE_ENV=development',
    );
  }
  if (env.PUBLIC_URL) {
    const url = new URL(env.PUBLIC_URL);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackHosts.has(url.hostname))) {
      problems.push(
        'PUBLIC_URL: must be an https address in production (http only for localhost or 127.0.0.1, a trial on this machine)',
      );
    }
  }
  if (env.JWT_SECRET) {
    const bits = estimatedSecretBits(env.JWT_SECRET);
    if (bits < minSecretBits) {
      problems.push(
        `JWT_SECRET: too easy to guess for production (about ${bits} bits; ${minSecretBits} or more needed): use 32 random bytes, e.g. \`openssl rand -base64 32\``,
      );
    }
  }
  return problems;
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
