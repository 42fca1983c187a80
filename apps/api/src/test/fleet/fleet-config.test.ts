import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../platform/config.ts';

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

describe('every instance on one database shares PUBLIC_URL and JWT_SECRET (issue 16)', () => {
  it('records them at the first start and refuses an instance that differs', async () => {
    const { createTestDatabase } = await import('../harness.ts');
    const { checkFleetIdentity, FleetIdentityError } = await import('../../platform/db/fleet-identity.ts');
    const database = await createTestDatabase();
    try {
      const first = {
        publicUrl: 'https://tibeb.example',
        jwtSecret: 'a-shared-secret-of-at-least-32-characters',
      };
      await checkFleetIdentity(database.db, first);
      await checkFleetIdentity(database.db, { ...first });
      await expect(
        checkFleetIdentity(database.db, { ...first, jwtSecret: 'another-secret-of-at-least-32-characters' }),
      ).rejects.toThrow(/JWT_SECRET differs from the other instances/);
      await expect(
        checkFleetIdentity(database.db, { ...first, publicUrl: 'https://elsewhere.example' }),
      ).rejects.toBeInstanceOf(FleetIdentityError);
      const stored = JSON.stringify(
        (await database.db.execute(
          sql`select value from site_settings where key = 'fleet_identity'`,
        )) as object,
      );
      expect(stored).not.toContain(first.jwtSecret);
    } finally {
      await database.close();
    }
  });
});
