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
