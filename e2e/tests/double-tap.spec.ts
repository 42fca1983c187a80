import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  expectNoHorizontalOverflow,
  inAmharic,
  signInOnEveryPage,
  unique,
} from './admin-business.helpers.ts';
import { bookingDueForRenewal, signUpFamily } from './family.helpers.ts';

/**
 * Issue 32 item 1 (decision 248): a double tap on "Renew and pay" on a phone leads to the payment of one renewal,
 * and a family that leaves before paying finds that renewal offered again after a reload, in English and in
 * Amharic. A family of its own (signed up here) whose paid booking's last week is within the renewal window.
 */
test.describe.configure({ mode: 'serial' });

const family = `tap_${unique()}`;
const email = `${family}@example.com`;
const password = 'selam2025';

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
  await signUpFamily(page, { username: family, email, password });
  await signInOnEveryPage(page, family, password);
  await page.goto('/student/dashboard');
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  await bookingDueForRenewal(page.request, { email, headers: { authorization: `Bearer ${token}` } });

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
