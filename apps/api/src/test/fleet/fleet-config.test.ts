import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://tibeb.example',
  JWT_SECRET: 'a-shared-secret-of-at-least-32-characters',
  PAYMENTS_DEMO: '1',
};

describe('configuration for a fleet (issue 16)', () => {
  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE, 10 when unset', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('refuses to start in production without the shared PUBLIC_URL or JWT_SECRET', () => {
    expect(loadConfig(production).publicUrl).toBe('https://tibeb.example');
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow(
      /PUBLIC_URL: required in production/,
    );
    expect(() => loadConfig({ ...production, JWT_SECRET: '' })).toThrow(/JWT_SECRET: required in production/);
    // Outside production a developer's machine still starts with neither.
    expect(loadConfig({ NODE_ENV: 'development' }).publicUrl).toBe('http://localhost:3000');
  });
});
