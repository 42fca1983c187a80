import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, estimatedSecretBits, loadConfig } from './config.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tibeb-config-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Issue 12 item 1: no guessable signing key. */
describe('the signing key without JWT_SECRET', () => {
  it('is random per data directory, kept owner-only, and the same after a restart', () => {
    const a = path.join(root, 'a');
    const b = path.join(root, 'b');
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: a }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(first).not.toBe('development-only-secret-not-for-production-use');
    expect(fs.statSync(path.join(a, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: a }).jwtSecret).toBe(first);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: b }).jwtSecret).not.toBe(first);
  });

  it('is JWT_SECRET when set, and nothing is written then', () => {
    const dir = path.join(root, 'c');
    const secret = 'a-configured-secret-of-at-least-32-chars';
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: secret }).jwtSecret).toBe(secret);
    expect(fs.existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });
});

/** Issue 12 item 4: the hold bounds come from the environment, validated at start. */
describe('the hold limits', () => {
  it('default to 3 per e-mail and 10 per address outside tests, and read HOLD_LIMIT_PER_*', async () => {
    const { holdLimitsFor } = await import('../modules/bookings/reservations/hold-limits.service.ts');
    const dir = path.join(root, 'h');
    expect(holdLimitsFor(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }))).toEqual({
      perEmail: 3,
      perAddress: 10,
      perTutor: 2,
      tutorShare: 0.25,
    });
    const set = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dir,
      HOLD_LIMIT_PER_EMAIL: '5',
      HOLD_LIMIT_PER_ADDRESS: '200',
      HOLD_LIMIT_PER_TUTOR: '4',
      HOLD_TUTOR_SHARE_PERCENT: '40',
    });
    expect(holdLimitsFor(set)).toEqual({ perEmail: 5, perAddress: 200, perTutor: 4, tutorShare: 0.4 });
    expect(() => loadConfig({ DATA_DIR: dir, HOLD_TUTOR_SHARE_PERCENT: '0' })).toThrow(
      /HOLD_TUTOR_SHARE_PERCENT/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, HOLD_LIMIT_PER_EMAIL: '0' })).toThrow(/HOLD_LIMIT_PER_EMAIL/);
  });
});

/** Issue 18 item 4: Twilio for SMS and WhatsApp reminders, checked as a whole at start. */
describe('the Twilio settings', () => {
  const sid = `AC${'0a'.repeat(16)}`;
  const base = { NODE_ENV: 'development', DATA_DIR: path.join(root, 't') } as const;
  const twilio = { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'a-twilio-auth-token-123' };
  it('are off without any, and need the credentials, a sender and a WhatsApp template together', () => {
    expect(loadConfig(base).twilio).toBeUndefined();
    expect(() => loadConfig({ ...base, TWILIO_ACCOUNT_SID: sid })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() => loadConfig({ ...base, TWILIO_SMS_FROM: '+15005550006' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ ...base, ...twilio })).toThrow(/TWILIO_SMS_FROM or TWILIO_WHATSAPP_FROM/);
    expect(() => loadConfig({ ...base, ...twilio, TWILIO_WHATSAPP_FROM: '+14155238886' })).toThrow(
      /TWILIO_WHATSAPP_CONTENT_SID/,
    );
    expect(() => loadConfig({ ...base, ...twilio, TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(/Account SID/);
    expect(() => loadConfig({ ...base, ...twilio, TWILIO_SMS_FROM: '0911234567' })).toThrow(
      /TWILIO_SMS_FROM/,
    );
    expect(() =>
      loadConfig({ ...base, ...twilio, TWILIO_SMS_FROM: '+15005550006', TWILIO_BASE_URL: 'ftp://x' }),
    ).toThrow(/TWILIO_BASE_URL/);
  });
  it('read the senders, the templates per language (the Amharic one optional) and the base URL', () => {
    const content = `HX${'1b'.repeat(16)}`;
    expect(
      loadConfig({
        ...base,
        ...twilio,
        TWILIO_SMS_FROM: 'Tibeb',
        TWILIO_WHATSAPP_FROM: '+14155238886',
        TWILIO_WHATSAPP_CONTENT_SID: content,
        TWILIO_BASE_URL: 'http://127.0.0.1:4311/',
      }).twilio,
    ).toEqual({
      accountSid: sid,
      authToken: 'a-twilio-auth-token-123',
      smsFrom: 'Tibeb',
      whatsapp: { from: '+14155238886', contentSid: { en: content, am: undefined } },
      baseUrl: 'http://127.0.0.1:4311',
    });
    const am = `HX${'2c'.repeat(16)}`;
    const both = loadConfig({
      ...base,
      ...twilio,
      TWILIO_SMS_FROM: `MG${'3d'.repeat(16)}`,
      TWILIO_WHATSAPP_FROM: '+14155238886',
      TWILIO_WHATSAPP_CONTENT_SID: content,
      TWILIO_WHATSAPP_CONTENT_SID_AM: am,
    }).twilio;
    expect(both?.whatsapp?.contentSid).toEqual({ en: content, am });
    expect(both?.baseUrl).toBeUndefined();
  });
});

/** Issue 29 item 6: production refuses the demo accounts, a plain-http address and a guessable signing key. */
describe('what production refuses', () => {
  const strong = randomBytes(32).toString('base64url');
  const production = {
    NODE_ENV: 'production',
    DATA_DIR: path.join(root, 'p'),
    PUBLIC_URL: 'https://tibeb.example',
    JWT_SECRET: strong,
    PAYMENTS_DEMO: '1',
  };

  it('starts with an https address and 32 random bytes as the secret', () => {
    expect(strong).toHaveLength(43);
    const config = loadConfig(production);
    expect(config.publicUrl).toBe('https://tibeb.example');
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: '0' }).seedDemo).toBe(false);
    // `openssl rand -hex 32` and `openssl rand -base64 32` pass too.
    expect(() => loadConfig({ ...production, JWT_SECRET: randomBytes(32).toString('hex') })).not.toThrow();
    expect(() => loadConfig({ ...production, JWT_SECRET: randomBytes(32).toString('base64') })).not.toThrow();
  });

  it('refuses SEED_DEMO=1 with a clear message', () => {
    expect(() => loadConfig({ ...production, SEED_DEMO: '1' })).toThrow(
      /SEED_DEMO: the demo data \(with its known passwords\) is never loaded in production/,
    );
    // A demo runs in development, on either database.
    expect(
      loadConfig({ NODE_ENV: 'development', DATA_DIR: production.DATA_DIR, SEED_DEMO: '1' }).seedDemo,
    ).toBe(true);
  });

  it('refuses an http address, except this machine for a trial', () => {
    for (const url of ['http://tibeb.example', 'http://10.0.0.5:3000', 'ftp://tibeb.example']) {
      expect(() => loadConfig({ ...production, PUBLIC_URL: url }), url).toThrow(
        /PUBLIC_URL: must be an https address in production/,
      );
    }
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      expect(loadConfig({ ...production, PUBLIC_URL: url }).publicUrl, url).toBe(url);
    }
  });

  it('refuses a low-entropy JWT_SECRET, naming its estimated strength', () => {
    expect(estimatedSecretBits('a'.repeat(32))).toBe(0);
    expect(estimatedSecretBits('ab'.repeat(16))).toBe(2);
    expect(estimatedSecretBits('0123456789abcdef'.repeat(2))).toBe(64);
    for (const weak of ['a'.repeat(32), 'ab'.repeat(20), 'abcd'.repeat(10), '0123456789abcdef'.repeat(2)]) {
      expect(() => loadConfig({ ...production, JWT_SECRET: weak }), weak).toThrow(
        /JWT_SECRET: too easy to guess for production \(about \d+ bits; 128 or more needed\)/,
      );
    }
    // Outside production the same secret still starts a developer's server.
    expect(loadConfig({ ...production, NODE_ENV: 'development', JWT_SECRET: 'a'.repeat(32) }).jwtSecret).toBe(
      'a'.repeat(32),
    );
  });

  it('lists every refusal at once', () => {
    let message = '';
    try {
      loadConfig({
        ...production,
        SEED_DEMO: '1',
        PUBLIC_URL: 'http://tibeb.example',
        JWT_SECRET: 'a'.repeat(32),
      });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message.split('\n').map((line) => line.trim().split(':')[0])).toEqual([
      'Invalid environment',
      'SEED_DEMO',
      'PUBLIC_URL',
      'JWT_SECRET',
    ]);
  });
});

/** Issue 30 item 1, decision 267: Jitsi rooms signed with a shared secret or a private key, checked at start. */
describe('the Jitsi settings', () => {
  const base = { NODE_ENV: 'development', DATA_DIR: path.join(root, 'j') } as const;
  const secret = 'a-jitsi-app-secret-1234';
  it('are off without any; a half setting fails at start, naming what is missing', () => {
    expect(loadConfig(base).jitsi).toBeUndefined();
    expect(() => loadConfig({ ...base, JITSI_DOMAIN: 'meet.example.org' })).toThrow(/JITSI_APP_ID/);
    expect(() => loadConfig({ ...base, JITSI_DOMAIN: 'meet.example.org', JITSI_APP_ID: 'tibeb' })).toThrow(
      /JITSI_APP_SECRET/,
    );
    expect(() =>
      loadConfig({
        ...base,
        JITSI_DOMAIN: 'meet.example.org',
        JITSI_APP_ID: 'tibeb',
        JITSI_APP_SECRET: secret,
        JITSI_KEY_ID: 'k1',
      }),
    ).toThrow(/not both/);
    expect(() => loadConfig({ ...base, JITSI_DOMAIN: 'https://meet', JITSI_APP_ID: 'x' })).toThrow(
      /JITSI_DOMAIN/,
    );
    expect(() => loadConfig({ ...base, JITSI_APP_SECRET: 'short' })).toThrow(/JITSI_APP_SECRET/);
  });
  it('read a self-hosted deployment (HS256) or Jitsi as a Service (RS256 with its key id)', () => {
    expect(
      loadConfig({
        ...base,
        JITSI_DOMAIN: 'Meet.Example.org',
        JITSI_APP_ID: 'tibeb',
        JITSI_APP_SECRET: secret,
      }).jitsi,
    ).toEqual({ domain: 'meet.example.org', appId: 'tibeb', signing: { alg: 'HS256', secret } });
    const key = '-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----';
    expect(
      loadConfig({
        ...base,
        JITSI_DOMAIN: '8x8.vc',
        JITSI_APP_ID: 'vpaas-magic-cookie-abc',
        JITSI_PRIVATE_KEY: key,
        JITSI_KEY_ID: 'k1',
      }).jitsi,
    ).toEqual({
      domain: '8x8.vc',
      appId: 'vpaas-magic-cookie-abc',
      signing: { alg: 'RS256', privateKey: key.replaceAll('\\n', '\n'), keyId: 'k1' },
    });
  });
});

/** Issue 30 item 6, decision 268: the Telegram bot, set as a whole. */
describe('the Telegram settings', () => {
  const base = { NODE_ENV: 'development', DATA_DIR: path.join(root, 'tg') } as const;
  const bot = {
    TELEGRAM_BOT_TOKEN: '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQ',
    TELEGRAM_BOT_USERNAME: 'TibebLessonsBot',
    TELEGRAM_WEBHOOK_SECRET: 'a-webhook-secret-1234',
  };
  it('are off without any, and need the token, the name and the secret together', () => {
    expect(loadConfig(base).telegram).toBeUndefined();
    expect(() => loadConfig({ ...base, TELEGRAM_BOT_TOKEN: bot.TELEGRAM_BOT_TOKEN })).toThrow(
      /TELEGRAM_WEBHOOK_SECRET: set all three/,
    );
    expect(() => loadConfig({ ...base, ...bot, TELEGRAM_BOT_TOKEN: 'nope' })).toThrow(/TELEGRAM_BOT_TOKEN/);
    expect(() => loadConfig({ ...base, ...bot, TELEGRAM_BOT_USERNAME: 'tibeb' })).toThrow(
      /TELEGRAM_BOT_USERNAME/,
    );
    expect(loadConfig({ ...base, ...bot, TELEGRAM_API_URL: 'http://127.0.0.1:9/' }).telegram).toEqual({
      botToken: bot.TELEGRAM_BOT_TOKEN,
      botUsername: 'TibebLessonsBot',
      webhookSecret: 'a-webhook-secret-1234',
      apiUrl: 'http://127.0.0.1:9',
    });
  });
});
