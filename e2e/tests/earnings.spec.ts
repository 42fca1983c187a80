import { expect, test, type Browser } from '@playwright/test';
import {
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  inAmharic,
  signInOnEveryPage,
} from './admin-business.helpers.ts';

/**
 * Issue 27 items 3 and 4 (decisions 236 and 237): the tutor sets where they are paid and reads their earnings;
 * the admin sets the earnings policy and sees the payouts screen with its rail. Phone width, Amharic, axe.
 */

const longWord = 'ሀ'.repeat(150) + 'x'.repeat(150);

async function open(browser: Browser, user: string, width: number, amharic = false) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (amharic) await inAmharic(page);
  await signInOnEveryPage(page, user);
  return { context, page };
}

test('a tutor sets a payout method (with the password) and reads the earnings screen', async ({
  browser,
}) => {
  const { context, page } = await open(browser, 'tutor', 1366);
  await page.goto('/tutor/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'Payout method' }).click();
  await expect(page.getByRole('heading', { name: 'Payout method', level: 1 })).toBeVisible();
  await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'Awash Bank' });
  await page.getByLabel('Account name').fill('Abebe Bekele');
  await page.getByLabel('Account number').fill('0123456789012');
  await page.getByLabel('Current password').fill('wrong-password');
  await page.getByRole('button', { name: 'Save payout method' }).click();
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Current password').fill('demo1234');
  await page.getByRole('button', { name: 'Save payout method' }).click();
  await expect(page.getByText('We sent you an e-mail about the change.')).toBeVisible();
  await expect(page.getByTestId('payout-current')).toContainText('••••9012');
  await expect(page.getByTestId('payout-current')).not.toContainText('0123456789012');
  await expectNoAxeViolations(page, 'payout method');
  await page.screenshot({ path: '/tmp/h6-payout-method-1366.png', fullPage: true });

  await sidebar.getByRole('link', { name: 'Earnings' }).click();
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  await expect(page.getByText(/The platform keeps [\d.]+ % of each lesson/)).toBeVisible();
  await expect(page.getByLabel('Month')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await expectNoAxeViolations(page, 'earnings');
  await page.screenshot({ path: '/tmp/h6-earnings-1366.png', fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}\.csv$/);

  await page.getByRole('link', { name: 'Printable statement' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Earnings statement');
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'statement');
  await context.close();
});

test('the tutor money screens at 390 px in Amharic, with a 300-character word', async ({ browser }) => {
  const { context, page } = await open(browser, 'tutor', 390, true);
  await page.goto('/tutor/payout-method');
  await expect(page.getByRole('button', { name: 'የክፍያ መቀበያ መንገድ አስቀምጥ' })).toBeVisible();
  await page.getByLabel('የሂሳቡ ስም').fill(longWord);
  await page.getByLabel('የሂሳብ ቁጥር').fill(longWord);
  await page.getByLabel('የአሁኑ የይለፍ ቃል').fill(longWord);
  await expectNoHorizontalOverflow(page, 'payout method');
  await expectNoAxeViolations(page, 'payout method (am)');
  await page.screenshot({ path: '/tmp/h6-payout-method-390-am.png', fullPage: true });
  await page.goto('/tutor/earnings');
  await expect(page.getByRole('button', { name: 'CSV አውርድ' })).toBeVisible();
  await expectNoHorizontalOverflow(page, 'earnings');
  await expectNoAxeViolations(page, 'earnings (am)');
  await page.screenshot({ path: '/tmp/h6-earnings-390-am.png', fullPage: true });
  await context.close();
});

test('the admin sets the earnings policy and sees Payouts with the rail, on a phone and in Amharic', async ({
  browser,
}) => {
  const { context, page } = await open(browser, 'admin', 1366);
  await page.goto('/admin/settings');
  await page.getByLabel('Commission (%)').fill('12.5');
  await page.getByLabel('Dispute window (days)').fill('4');
  await page.getByLabel('Smallest payout (birr)').fill('300');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.', { exact: false })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Commission (%)')).toHaveValue('12.5');
  await expect(page.getByLabel('Dispute window (days)')).toHaveValue('4');

  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Payouts' }).click();
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  await expect(page.getByTestId('payout-rail')).toHaveText(
    /New runs are paid (through Chapa Transfers|by hand with a bank file)\./,
  );
  await expect(page.getByText('Smallest payout: ETB 300.00')).toBeVisible();
  // The balances are paged on the server with their totals (decision 244).
  await expect(page.getByTestId('payout-eligible')).toContainText(
    /Page 1 of \d+ · \d+ balances|No tutor has an available balance\./,
  );
  await expectNoAxeViolations(page, 'payouts');
  await page.screenshot({ path: '/tmp/h6-payouts-1366.png', fullPage: true });

  // The confirmation: focus stays inside; Escape closes it and nothing is created.
  await page.getByRole('button', { name: 'Review the payout run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay these tutors?' });
  await expect(dialog).toBeVisible();
  // The server's preview of every balance: what a run would pay, or why it would pay nothing.
  await expect(dialog).toContainText(
    /\d+ payouts, ETB [\d,.]+ in total|Enter the birr per dollar first|No tutor has an available balance above/,
  );
  await expectNoAxeViolations(page, 'payout confirmation');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByLabel('Note (optional)').fill(longWord);
  await expectNoHorizontalOverflow(page, 'payouts at 390 px');
  await page.screenshot({ path: '/tmp/h6-payouts-390.png', fullPage: true });
  await context.close();

  const am = await open(browser, 'admin', 390, true);
  await am.page.goto('/admin/payouts');
  await expect(am.page.getByRole('heading', { name: 'አዲስ የክፍያ ዙር' })).toBeVisible();
  await expectNoHorizontalOverflow(am.page, 'payouts (am)');
  await expectNoAxeViolations(am.page, 'payouts (am)');
  await am.page.screenshot({ path: '/tmp/h6-payouts-390-am.png', fullPage: true });
  await am.page.goto('/admin/settings');
  await expect(am.page.getByText('ገቢና ክፍያዎች')).toBeVisible();
  await expectNoHorizontalOverflow(am.page, 'settings (am)');
  await am.context.close();
});
