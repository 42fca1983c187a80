import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

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
    });
    const set = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dir,
      HOLD_LIMIT_PER_EMAIL: '5',
      HOLD_LIMIT_PER_ADDRESS: '200',
    });
    expect(holdLimitsFor(set)).toEqual({ perEmail: 5, perAddress: 200 });
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
