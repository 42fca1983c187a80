import { expect, test, type APIRequestContext } from '@playwright/test';
import { serverNow, setServerClockOffset } from '../support/server-clock.ts';

/**
 * Decision 252 on the clock app: a family leaves its payment page, the 30-minute hold lapses (the clock app's time
 * moves, nobody waits), and on a phone, in English and in Amharic, the page says the hold expired, Pay is
 * disabled, and "Book these times again" leads back to the wizard with the reservation's id.
 */

const clockURL = process.env.E2E_CLOCK_URL!;
test.use({ baseURL: clockURL });
test.afterAll(() => setServerClockOffset(0));

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function reserve(request: APIRequestContext, family: string) {
  const tutors = (await (await request.get('/api/tutors/public/')).json()) as {
    id: number;
    subject: string;
  }[];
  for (let attempt = 0; attempt < 8; attempt++) {
    const tutor = pick(tutors);
    const when = serverNow();
    when.setUTCMonth(when.getUTCMonth() + 2 + Math.floor(Math.random() * 5), 1);
    const q = `tutor_id=${tutor.id}&year=${when.getUTCFullYear()}&month=${when.getUTCMonth() + 1}&duration_minutes=60&only_future=1`;
    const available = (await (await request.get(`/api/reservations/available/?${q}`)).json())
      .available as Record<string, string[]>;
    const dates = Object.entries(available).filter(([, times]) => times.length > 0);
    if (dates.length === 0) continue;
    const [date, times] = pick(dates);
    const res = await request.post('/api/reservations/reservations/', {
      data: {
        tutor: tutor.id,
        date,
        time: pick(times),
        duration_hours: 1,
        full_name: `Meron ${family}`,
        email: `meron.${family}@example.com`,
        phone: '+251 911 000 000',
        guardian_relationship: 'Mother',
        subject: tutor.subject,
        student_full_name: `Abel ${family}`,
        student_grade: 'Grade 5',
      },
    });
    if (res.status() === 201) return (await res.json()) as { id: string };
  }
  throw new Error('no free slot found');
}

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
