import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqAnswer, faqItems } from '@tibeb/domain/site/faq';
import { termsOfService } from '@tibeb/domain/site/legal';
import { siteSettingsView } from '@tibeb/domain/site/contracts';
import { createUser } from '../bookings/lifecycle/test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Decision 254: the FAQ and the terms state the booking policy's numbers, read from the settings. */
describe('public words the product honours', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    auth = (await createUser(t.app.db, t.config.jwtSecret, 'staff')).headers;
  });
  afterAll(() => t.close());

  const publicWords = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public/' });
    expect(res.statusCode).toBe(200);
    return siteSettingsView.parse(res.json()).policy_words;
  };
  const faq = (id: string) => faqItems.find((f) => f.id === id)!;

  it('serves the policy defaults, and the FAQ and terms say 12 hours and 4 weeks', async () => {
    const words = await publicWords();
    expect(words).toEqual({ cancellation_notice_hours: 12, hold_minutes: 30, weeks_per_payment: 4 });
    expect(faqAnswer(faq('cancel'), words)).toContain('at least 12 hours in advance');
    expect(faqAnswer(faq('payments'), words)).toContain('the first 4 weeks');
    const terms = JSON.stringify(
      termsOfService({ siteName: 'Tibeb', email: '', phone: '', address: '', policy: words }),
    );
    expect(terms).toContain('cancelled at least 12 hours in advance');
    expect(terms).toContain('held for you for 30 minutes');
    expect(terms).not.toContain('24 hours');
  });

  it('an admin who changes the policy changes what the FAQ and the terms say', async () => {
    const base = (await t.app.inject({ method: 'GET', url: '/api/admin/settings/', headers: auth })).json();
    const policy = {
      hold_minutes: 45,
      lead_time_hours: 2,
      cancellation_notice_hours: 36,
      weeks_per_payment: 6,
    };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/',
      headers: auth,
      payload: { contact: base.contact, site: base.site, policy },
    });
    expect(put.statusCode).toBe(200);
    const words = await publicWords();
    expect(words).toEqual({ cancellation_notice_hours: 36, hold_minutes: 45, weeks_per_payment: 6 });
    expect(faqAnswer(faq('cancel'), words)).toContain('at least 36 hours in advance');
    expect(faqAnswer(faq('refunds'), words)).toContain('at least 36 hours in advance are credited');
    expect(faqAnswer(faq('payments'), words)).toContain('the first 6 weeks');
    const terms = JSON.stringify(
      termsOfService({ siteName: 'Tibeb', email: '', phone: '', address: '', policy: words }),
    );
    expect(terms).toContain('cancelled at least 36 hours in advance');
    expect(terms).toContain('held for you for 45 minutes');
  });

  it('no FAQ answer states a notice or a number of weeks of its own', () => {
    for (const item of faqItems) expect(item.answer).not.toMatch(/\d+ hours|four weeks/);
  });
});
