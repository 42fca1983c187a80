import { expect, test } from '@playwright/test';
import { chooseRandomSlot, fillFamilyStep, signIn } from './admin-business.helpers.ts';

/**
 * Paying in birr (issue 18 §3, decision 170), on the real server started with CHAPA_* pointing at a local fake of
 * Chapa's API (playwright.config.ts): the admin offers Coding in birr; a family books by subject, chooses birr on
 * the confirmation step, pays on Chapa's hosted page, and is back on the success page with the booking confirmed
 * (Chapa's signed webhook and the verify on return); the admin's payments list totals it in ETB.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** 'ETB 3,600.00' (ours) or 'ETB 3600.00' (Chapa's page) as santim. */
const santim = (text: string) =>
  Math.round(Number(/ETB\s*([\d,]+\.\d{2})/.exec(text)![1]!.replace(/,/g, '')) * 100);

test('a family books in birr and pays through Chapa: the booking is confirmed and totalled in ETB', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // The admin sets Coding's price in birr where subject prices are kept (Settings).
  const admin = await browser.newPage();
  await signIn(admin);
  await admin.goto('/admin/settings');
  const coding = admin.getByRole('form', { name: 'Prices of Coding' });
  await coding.getByLabel('Birr per hour').fill('900');
  await coding.getByRole('button', { name: 'Save prices' }).click();
  await expect(coding.getByRole('status')).toHaveText('Saved.');

  // The family books Coding by subject.
  const family = unique();
  await page.goto('/booking/form?subject=coding');
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('coding');
  await fillFamilyStep(page, {
    fullName: `Tsion ${family}`,
    email: `tsion.${family}@example.com`,
    phone: '+251 911 234 567',
    student: `Biruk ${family}`,
    grade: 'Grade 6',
  });
  await chooseRandomSlot(page, 2 + Math.floor(Math.random() * 6));

  // Dollars by card is the default; birr is offered beside it with its own amount.
  await expect(page.getByRole('heading', { name: 'Confirmation' })).toBeVisible();
  const choice = page.getByRole('group', { name: 'Pay in' });
  await expect(choice.getByRole('radio', { name: /US dollars, by card/ })).toBeChecked();
  await expect(page.getByTestId('confirm-cost')).toContainText('$');
  const birrOffer = (await choice.getByTestId('currency-amount-ETB').textContent())!;
  expect(santim(birrOffer) % 90000).toBe(0);
  await choice.getByRole('radio', { name: /Ethiopian birr, with Chapa/ }).check();
  await expect(page.getByTestId('confirm-cost')).toHaveText(birrOffer);
  await expect(page.getByTestId('mini-cost')).toHaveText(birrOffer);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();

  // The payment page shows the same amount in ETB, then Chapa's hosted page charges it.
  await page.waitForURL(/\/payment\?reservation_id=[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Amount (ETB)')).toHaveValue(birrOffer);
  await expect(
    page.getByText("Check the details below, then pay in birr on Chapa's secure page."),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Pay Securely' }).click();
  await page.waitForURL(/\/checkout\/payment\/[0-9a-f]+$/);
  await expect(page.getByRole('heading', { name: 'Chapa test checkout' })).toBeVisible();
  expect(santim((await page.getByTestId('chapa-amount').textContent())!)).toBe(santim(birrOffer));
  await page.getByRole('button', { name: /^Pay ETB/ }).click();

  // Back on the site: the server's own answer, not the URL, says the booking is confirmed.
  await page.waitForURL(/\/payment-success\?session_id=tb-[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Thank you for your payment. Your session is now confirmed.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Your booked sessions' }).getByRole('listitem').first(),
  ).toContainText('EAT');
  const sessionId = new URL(page.url()).searchParams.get('session_id')!;
  const status = await (await page.request.get(`/api/payments/status/?session_id=${sessionId}`)).json();
  expect(status).toMatchObject({
    status: 'paid',
    provider: 'chapa',
    reservation: { status: 'confirmed', currency: 'ETB', amount_cents: santim(birrOffer) },
  });

  // The admin's payments list shows the payment in birr, and totals birr apart from dollars.
  await admin.goto('/admin/payment');
  await admin.getByLabel('Search').fill(`tsion.${family}@example.com`);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  const totals = admin.getByRole('region', { name: 'Totals by currency' });
  await expect(totals).toContainText('ETB · 1 payment');
  await expect(totals).toContainText(`${birrOffer} paid`);
  await expect(totals).not.toContainText('USD');
  await admin.close();
});
