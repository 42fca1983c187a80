import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { register } from './register.ts';

/** A sign-up carries the interface's language, so the account's e-mails come in it (issue 18). */
describe('register', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  async function sentLocale(): Promise<unknown> {
    let body: Record<string, unknown> = {};
    server.use(
      http.post('/api/accounts/register/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ detail: 'Check your e-mail.' }, { status: 201 });
      }),
    );
    expect(await register({ username: 'almaz', email: 'almaz@example.com', password: 'tigist2025' })).toEqual(
      {
        detail: 'Check your e-mail.',
      },
    );
    return body.locale;
  }

  it('sends en in English and am in Amharic', async () => {
    expect(await sentLocale()).toBe('en');
    await i18n.changeLanguage('am');
    expect(await sentLocale()).toBe('am');
  });
});
