import { readFile } from 'node:fs/promises';
import { expect, test, type Browser } from '@playwright/test';
import {
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  inAmharic,
  payInBrowser,
  reserveThroughApi,
  signInOnEveryPage,
  unique,
} from './admin-business.helpers.ts';

/**
 * Issue 27 items 3 and 5 (decisions 232 and 233): a paid booking is in the ledger; the admin opens Ledger,
 * filters it, reads the entries and exports them; Reports shows the Money section with the reconciliation.
 */

const longWord = 'ሀ'.repeat(150) + 'x'.repeat(150);

async function open(browser: Browser, width: number, amharic = false) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (amharic) await inAmharic(page);
  await signInOnEveryPage(page, 'admin');
  return { context, page };
}

test('the admin finds a payment in the ledger, filters, exports it, and sees the Money report', async ({
  browser,
  page: familyPage,
}) => {
  // A booking this journey makes and pays itself: the payment's ledger transaction.
  const reservation = await reserveThroughApi(familyPage.request, unique());
  await payInBrowser(familyPage, reservation.id);

  const { context, page } = await open(browser, 1366);
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Ledger' }).click();
  await expect(page.getByRole('heading', { name: 'Ledger', level: 1 })).toBeVisible();
  await page.getByLabel('Kind').selectOption('payment');
  const row = page
    .getByTestId('ledger-row')
    .filter({ has: page.getByRole('link', { name: `Reservation ${reservation.id.slice(0, 8)}` }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Payment received');
  await expect(row.getByTestId('ledger-entry').filter({ hasText: 'Family payments' })).toContainText(
    `Debit $${reservation.amount.toFixed(2)}`,
  );
  await expect(row.getByTestId('ledger-entry').filter({ hasText: 'Prepaid by families' })).toContainText(
    'Credit',
  );
  // By its tutor and today's date too.
  const tutor = (await row.getByRole('cell').nth(2).innerText()).trim();
  await page.getByLabel('Tutor').selectOption({ label: tutor });
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  await page.getByLabel('From').fill(today);
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('ledger-row').filter({ hasNotText: tutor })).toHaveCount(0);
  await expectNoAxeViolations(page, 'ledger');
  await page.screenshot({ path: '/tmp/h4-ledger-1366.png', fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('ledger.csv');
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^transaction_id,occurred_at,kind,/);
  expect(csv).toContain(reservation.id);
  expect(csv).toContain(',family_payments,');

  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Reports' }).click();
  const money = page.getByTestId('money-section');
  await expect(money.getByRole('heading', { name: 'Money', level: 2 })).toBeVisible();
  const thisMonth = today.slice(0, 7);
  await expect(
    money.getByTestId('money-row').filter({ hasText: thisMonth }).filter({ hasText: 'USD' }),
  ).toHaveCount(1);
  await expect(money.getByTestId('reconciliation')).toContainText(/\d+ items checked/);
  await expectNoAxeViolations(page, 'reports with money');
  await page.screenshot({ path: '/tmp/h4-reports-money-1366.png', fullPage: true });

  // A phone: the table becomes cards, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoHorizontalOverflow(page, 'reports at 390 px');
  await page.screenshot({ path: '/tmp/h4-reports-money-390.png', fullPage: true });
  await page.goto('/admin/ledger?kind=payment');
  await expect(page.getByTestId('ledger-row').first()).toBeVisible();
  await expectNoHorizontalOverflow(page, 'ledger at 390 px');
  await page.screenshot({ path: '/tmp/h4-ledger-390.png', fullPage: true });
  await context.close();
});

test('the ledger and the Money section at 390 px in Amharic', async ({ browser }) => {
  const { context, page } = await open(browser, 390, true);
  // A memo and a tutor's name of one 300-character word (an admin's refund reason can be one).
  await page.route(
    (url) => url.pathname === '/api/admin/ledger/',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { count: number; results: unknown[] };
      body.results.unshift({
        id: '00000000-0000-4000-8000-000000000001',
        kind: 'refund',
        occurred_at: new Date().toISOString(),
        memo: longWord,
        tutor: { id: 1, name: longWord },
        reservation_id: '00000000-0000-4000-8000-000000000002',
        session_id: null,
        payment_id: '00000000-0000-4000-8000-000000000003',
        refund_id: '00000000-0000-4000-8000-000000000004',
        payout_id: null,
        entries: [
          {
            account: 'family_prepaid',
            tutor_id: null,
            currency: 'USD',
            amount_cents: 123456,
            available_at: null,
          },
          { account: 'refunds', tutor_id: null, currency: 'USD', amount_cents: -123456, available_at: null },
        ],
      });
      body.count += 1;
      await route.fulfill({ response, json: body });
    },
  );
  await page.goto('/admin/ledger');
  await expect(page.getByTestId('ledger-row').first()).toContainText('xxxx');
  await expect(page.getByRole('heading', { name: 'የሂሳብ መዝገብ', level: 1 })).toBeVisible();
  await expect(page.getByLabel('ዓይነት')).toBeVisible();
  await expectNoHorizontalOverflow(page, 'ledger at 390 px');
  await expectNoAxeViolations(page, 'ledger (am)');
  await page.screenshot({ path: '/tmp/h4-ledger-390-am.png', fullPage: true });
  await page.goto('/admin/reports');
  await expect(page.getByTestId('money-section').getByRole('heading', { name: 'ገንዘብ' })).toBeVisible();
  await expect(page.getByTestId('reconciliation')).toBeVisible();
  await expectNoHorizontalOverflow(page, 'reports at 390 px');
  await expectNoAxeViolations(page, 'reports (am)');
  await page.screenshot({ path: '/tmp/h4-reports-money-390-am.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: '/tmp/h4-reports-money-1366-am.png', fullPage: true });
  await page.goto('/admin/ledger');
  await expect(page.getByTestId('ledger-row').first()).toBeVisible();
  // The long word breaks on a wide screen too: the table needs no sideways scroll.
  const table = page.getByRole('table', { name: 'የሂሳብ መዝገብ ግብይቶች' });
  expect(await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth)).toBe(0);
  await page.screenshot({ path: '/tmp/h4-ledger-1366-am.png', fullPage: true });
  await context.close();
});
