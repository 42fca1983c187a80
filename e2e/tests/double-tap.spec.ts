import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  expectNoHorizontalOverflow,
  inAmharic,
  signInOnEveryPage,
  unique,
} from './admin-business.helpers.ts';
import { readVerifyLink } from './teach.helpers.ts';

/**
 * Issue 32 item 1 (decision 248): a double tap on "Renew and pay" on a phone leads to the payment of one renewal,
 * and a family that leaves before paying finds that renewal offered again after a reload, in English and in
 * Amharic. A family of its own (signed up here) whose paid booking's last week is within the renewal window.
 */
test.describe.configure({ mode: 'serial' });

const family = `tap_${unique()}`;
const email = `${family}@example.com`;
const password = 'selam2025';

/** Signs up and confirms the family's address, as a new family does. */
async function signUp(page: Page) {
  await page.goto('/signup');
  await page.locator('#main').getByLabel('Username').fill(family);
  await page.locator('#main').getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We have sent a link' })).toBeVisible();
  await page.goto(await readVerifyLink(email));
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
}

/** A paid booking 2 to 6 days ahead with a free tutor, its last three weeks cancelled for credit. */
async function bookingDueForRenewal(request: APIRequestContext, headers: Record<string, string>) {
  const tutors = (await (await request.get('/api/tutors/public/')).json()) as {
    id: number;
    subject: string;
  }[];
  const from = Date.now() + 2 * 86_400_000;
  const days = [0, 1, 2, 3, 4].map((i) => new Date(from + i * 86_400_000).toISOString().slice(0, 10));
  for (const tutor of tutors.slice().reverse()) {
    for (const day of days) {
      const [year, month] = day.split('-').map(Number);
      const available = (
        await (
          await request.get(
            `/api/reservations/available/?tutor_id=${tutor.id}&year=${year}&month=${month}&duration_minutes=60&only_future=1`,
          )
        ).json()
      ).available as Record<string, string[]>;
      const time = available[day]?.at(-1);
      if (!time) continue;
      const booked = await request.post('/api/reservations/reservations/', {
        data: {
          tutor: tutor.id,
          date: day,
          time,
          duration_hours: 1,
          full_name: 'Selam Tadesse',
          email,
          phone: '+251 911 000 111',
          guardian_relationship: 'Mother',
          subject: tutor.subject,
          student_full_name: 'Abel Tadesse',
          student_grade: 'Grade 5',
        },
      });
      if (booked.status() !== 201) continue;
      const created = (await booked.json()) as { id: string; amount: number };
      const checkout = await request.post('/api/payments/create-checkout-session/', {
        data: { reservation_id: created.id, full_name: 'Selam Tadesse', email, amount: created.amount },
      });
      const paymentId = /checkout\/([0-9a-f-]{36})\/$/.exec((await checkout.json()).checkout_url)![1];
      await request.post(`/api/payments/demo/checkout/${paymentId}/pay/`, { maxRedirects: 0 });
      const summary = (await (await request.get(`/api/reservations/reservations/${created.id}/`)).json()) as {
        status: string;
        sessions: { id: string }[];
      };
      expect(summary.status).toBe('confirmed');
      const cancel = await request.post(`/api/bookings/sessions/${summary.sessions[1]!.id}/cancel/`, {
        data: { scope: 'series', outcome: 'credit' },
        headers,
      });
      expect(cancel.status()).toBe(200);
      return created.id;
    }
  }
  throw new Error('no free slot 2 to 6 days ahead');
}

/** A phone-width page; signed in as the family once it exists. */
async function phone(browser: Browser, opts: { amharic?: boolean; signIn?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  if (opts.amharic) await inAmharic(page);
  if (opts.signIn !== false) await signInOnEveryPage(page, family, password);
  return { context, page };
}

/** Taps "Renew and pay" twice in a row and answers the reservation the payment page opened for. */
async function doubleTapRenew(page: Page, offerName: RegExp, button: string) {
  await page.goto('/student/dashboard');
  const offer = page.getByRole('listitem', { name: offerName });
  await expect(offer).toBeVisible();
  await expectNoHorizontalOverflow(page, 'the renewal offer');
  const renewals: number[] = [];
  page.on('response', (r) => {
    if (/\/api\/student\/renewals\/[0-9a-f-]{36}\/$/.test(r.url())) renewals.push(r.status());
  });
  // Two taps at once, as a thumb does: both requests reach the server.
  await offer.getByRole('button', { name: button }).evaluate((b: HTMLButtonElement) => {
    b.click();
    b.click();
  });
  await page.waitForURL(/\/payment\?reservation_id=/);
  // Both taps end with the renewal (201); a tap that came while the first was still running was told so (409,
  // "in progress") and asked again with the same key (decision 248).
  await expect.poll(() => renewals.filter((s) => s === 201).length).toBe(2);
  expect(renewals.filter((s) => s !== 201 && s !== 409)).toEqual([]);
  return new URL(page.url()).searchParams.get('reservation_id');
}

let renewalId: string | null = null;

test('a double tap on "Renew and pay" leads to one renewal, offered again after a reload (English)', async ({
  browser,
}) => {
  const { context, page } = await phone(browser, { signIn: false });
  await signUp(page);
  await signInOnEveryPage(page, family, password);
  await page.goto('/student/dashboard');
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  await bookingDueForRenewal(page.request, { authorization: `Bearer ${token}` });

  renewalId = await doubleTapRenew(page, /^Renew .* with /, 'Renew and pay');
  expect(renewalId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Pay Securely' })).toBeVisible();

  // The family leaves before paying: after a reload the unpaid renewal is still there, and leads to itself.
  expect(await doubleTapRenew(page, /^Renew .* with /, 'Renew and pay')).toBe(renewalId);
  await context.close();
});

test('the same in Amharic: the renewal is offered again and a double tap pays that one', async ({
  browser,
}) => {
  expect(renewalId).not.toBeNull();
  const { context, page } = await phone(browser, { amharic: true });
  await expect(async () => {
    await page.goto('/student/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  }).toPass();
  await expect(page.getByRole('heading', { name: 'ትምህርቶችዎን ያድሱ' })).toBeVisible();
  expect(await doubleTapRenew(page, /ን ከ.* ጋር ያድሱ$/, 'ያድሱ እና ይክፈሉ')).toBe(renewalId);
  await expect(page.getByRole('button', { name: 'ደኅንነቱ በተጠበቀ ሁኔታ ይክፈሉ' })).toBeVisible();
  await context.close();
});
