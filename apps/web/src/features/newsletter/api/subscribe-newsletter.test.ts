import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { subscribeNewsletter } from './subscribe-newsletter.ts';

/** The subscription carries the interface's language, so the welcome e-mail comes in it (issue 18). */
describe('subscribeNewsletter', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('sends en in English and am in Amharic', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/newsletter/', async ({ request }) => {
        sent.push(((await request.json()) as { locale?: unknown }).locale);
        return HttpResponse.json({ detail: 'ok', status: 'subscribed' }, { status: 201 });
      }),
    );
    await subscribeNewsletter({ email: 'hiwot@example.com' });
    await i18n.changeLanguage('am');
    await subscribeNewsletter({ email: 'hiwot@example.com' });
    expect(sent).toEqual(['en', 'am']);
  });
});
