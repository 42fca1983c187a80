import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { createReservation } from './create-reservation.ts';

const created = {
  id: '11111111-1111-4111-8111-111111111111',
  status: 'pending_payment',
  amount: 80,
  amount_cents: 8000,
  currency: 'USD',
  tutor: { id: 7, full_name: 'Abebe Bekele' },
  subject: 'Chemistry',
  duration_hours: 1,
  time_zone: 'Africa/Addis_Ababa',
  hold_expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
  sessions: [],
  skipped: [],
};

/** The booking carries the interface's language, so the family's e-mails come in it (issue 18). */
describe('createReservation', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  async function sentLocale(): Promise<unknown> {
    let body: Record<string, unknown> = {};
    server.use(
      http.post('/api/reservations/reservations/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    expect((await createReservation({ tutor: 7, full_name: 'Hana Tesfaye' })).id).toBe(created.id);
    return body.locale;
  }

  it("sends the browser's zone, for the family account the booking makes (decision 262)", async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post('/api/reservations/reservations/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    await createReservation({ tutor: 7, full_name: 'Hana Tesfaye' });
    expect(body.family_time_zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('sends en in English and am in Amharic', async () => {
    expect(await sentLocale()).toBe('en');
    await i18n.changeLanguage('am');
    expect(await sentLocale()).toBe('am');
  });
});
