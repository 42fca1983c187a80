import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../../../platform/config.ts';
import { queryRows } from '../../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  createSubject,
  createTutor as createBookableTutor,
} from '../reservations/test-fixtures.repository.ts';
import { secretKey, webhookSecret } from './test/chapa-booking.ts';
import {
  createHeldReservation,
  createTutor,
  futureMonday,
  readPayments,
  requestCheckout,
} from './test/fixtures.ts';

describe('Chapa not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses birr at booking and at checkout, and offers dollars only', async () => {
    const subject = await createSubject(t.app.db);
    const tutor = await createBookableTutor(t.app.db, { subjectId: subject.id });
    const payload = {
      tutor: tutor.id,
      date: futureMonday(3).toISOString().slice(0, 10),
      time: '16:00',
      full_name: 'Hana Tesfaye',
      email: 'hana.nochapa@example.com',
      phone: '+251 911 000 000',
      student_full_name: 'Liya',
      student_grade: 'Grade 7',
      currency: 'ETB',
    };
    const preview = await t.app.inject({ method: 'POST', url: '/api/reservations/preview/', payload });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().detail).toBe(
      'Payment in birr is not available right now. Please pay in US dollars.',
    );
    const usd = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/preview/',
      payload: { ...payload, currency: undefined },
    });
    expect(usd.json().currency_options.map((o: { currency: string }) => o.currency)).toEqual(['USD']);
    const booked = await t.app.inject({ method: 'POST', url: '/api/reservations/reservations/', payload });
    expect(booked.statusCode).toBe(400);

    // A birr reservation left from when Chapa was on cannot be paid now: 409, nothing opened.
    const other = await createTutor(t.app.db);
    const { reservation } = await createHeldReservation(t.app.db, {
      tutorId: other.id,
      firstStart: futureMonday(4),
    });
    await queryRows(t.app.db, sql`update reservations set currency = 'ETB' where id = ${reservation.id}`);
    const checkout = await requestCheckout(t.app, reservation);
    expect(checkout.statusCode).toBe(409);
    expect(await readPayments(t.app.db, reservation.id)).toHaveLength(0);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/chapa/',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(400);
  });

  it('CHAPA_SECRET_KEY needs the webhook secret; the base URL defaults to Chapa and can point elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', CHAPA_SECRET_KEY: secretKey })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', CHAPA_SECRET_KEY: secretKey, CHAPA_WEBHOOK_SECRET: 'short' }),
    ).toThrow(ConfigError);
    expect(
      loadConfig({ NODE_ENV: 'test', CHAPA_SECRET_KEY: secretKey, CHAPA_WEBHOOK_SECRET: webhookSecret })
        .chapa,
    ).toEqual({ secretKey, webhookSecret, baseUrl: 'https://api.chapa.co/v1' });
    expect(
      loadConfig({
        NODE_ENV: 'test',
        CHAPA_SECRET_KEY: secretKey,
        CHAPA_WEBHOOK_SECRET: webhookSecret,
        CHAPA_BASE_URL: 'http://127.0.0.1:4302/v1/',
      }).chapa?.baseUrl,
    ).toBe('http://127.0.0.1:4302/v1');
    expect(() => loadConfig({ NODE_ENV: 'test', CHAPA_BASE_URL: 'ftp://example.com' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'test' }).chapa).toBeUndefined();
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      PUBLIC_URL: 'https://tibeb.example',
      PAYMENTS_DEMO: '1',
      CHAPA_SECRET_KEY: secretKey,
      CHAPA_WEBHOOK_SECRET: webhookSecret,
    };
    expect(loadConfig(production).chapa?.baseUrl).toBe('https://api.chapa.co/v1');
    expect(() => loadConfig({ ...production, CHAPA_BASE_URL: 'http://127.0.0.1:4302/v1' })).toThrow(
      /CHAPA_BASE_URL: must be an https address in production/,
    );
  });
});
