import { expect, test, type APIRequestContext } from '@playwright/test';
import { serverNow, setServerClockOffset } from '../support/server-clock.ts';
import { reserveAtRandom } from './family.helpers.ts';

/**
 * Decision 252 on the clock app: a family leaves its payment page, the 30-minute hold lapses (the clock app's time
 * moves, nobody waits), and on a phone, in English and in Amharic, the page says the hold expired, Pay is
 * disabled, and "Book these times again" leads back to the wizard with the reservation's id.
 */

const clockURL = process.env.E2E_CLOCK_URL!;
test.use({ baseURL: clockURL });
test.afterAll(() => setServerClockOffset(0));

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const reserve = (request: APIRequestContext, family: string) =>
  reserveAtRandom(
    request,
    {
      fullName: `Meron ${family}`,
      email: `meron.${family}@example.com`,
      phone: '+251 911 000 000',
      student: `Abel ${family}`,
    },
    { from: serverNow(), monthsAhead: 2 },
  );

const texts = {
  en: {
    expired: /Your hold on these times has expired/,
    again: 'Book these times again',
    pay: /Pay Securely/,
  },
  am: { expired: /ማስያዣ ጊዜው አልፏል/, again: 'እነዚህን ሰዓቶች እንደገና ያስይዙ', pay: null },
};

for (const lang of ['en', 'am'] as const) {
  test(`an expired hold on a phone (${lang}): Pay disabled, "Book these times again"`, async ({
    browser,
    request,
  }) => {
    setServerClockOffset(0);
    const { id } = await reserve(request, unique());
    setServerClockOffset(31 * 60_000);
    const context = await browser.newContext({ baseURL: clockURL, viewport: { width: 390, height: 844 } });
    await context.clock.install({ time: serverNow() });
    const page = await context.newPage();
    if (lang === 'am') await page.addInitScript(() => localStorage.setItem('tibeb.language', 'am'));
    await page.goto(`/payment?reservation_id=${id}`);
    await expect(page.getByText(texts[lang].expired)).toBeVisible();
    const again = page.getByRole('link', { name: texts[lang].again });
    await expect(again).toHaveAttribute('href', `/booking/form?again=${id}`);
    // Pay is the last button of the page's card; it is disabled (and the server refuses it too).
    const pay = texts[lang].pay
      ? page.getByRole('button', { name: texts[lang].pay! })
      : page.locator('main button').last();
    await expect(pay).toBeDisabled();
    const refused = await request.post('/api/payments/create-checkout-session/', {
      data: { full_name: 'x', email: 'x@example.com', amount: 1, reservation_id: id },
    });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath(`expired-hold-${lang}.png`), fullPage: true });
    await again.click();
    await expect(page).toHaveURL(new RegExp(`/booking/form\\?again=${id}$`));
    await context.close();
  });
}
