import { expect, test } from '@playwright/test';
import { payInBrowser, reserveThroughApi, signIn, unique } from './admin-business.helpers.ts';

/** Issue 13: an administrator finds a paid booking's payment, refunds part of it, then the rest. */
test('refund a payment in part, then in full, from /admin/payment', async ({ page }) => {
  // A booking this journey makes and pays itself, so that no other journey loses the demo family's sessions.
  const family = unique();
  const reservationMade = await reserveThroughApi(page.request, family);
  await payInBrowser(page, reservationMade.id);
  const token = await signIn(page);
  const ledger = await page.request.get(
    `/api/admin/payments/ledger/?status=paid&currency=USD&q=refund.${family}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  const payment = (
    (await ledger.json()) as { results: { id: string; reservation_id: string; amount_cents: number }[] }
  ).results.find((p) => p.reservation_id === reservationMade.id)!;
  expect(payment, 'the new booking is paid').toBeTruthy();
  const reservation = { amount: payment.amount_cents / 100 };
  await page.goto('/admin/payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await page.getByLabel('Search').fill(payment.id);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByTestId('payment-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('paid');
  const totals = page.getByRole('region', { name: 'Totals by currency' });
  await expect(totals).toContainText(`$${reservation.amount.toFixed(2)}`);

  // Part of it: $10.
  await row.getByRole('button', { name: /Refund/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await dialog.getByLabel('Partial refund').check();
  await dialog.getByLabel(/Amount to refund/).fill('10');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('Refunded $10.00');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('partially refunded');
  await expect(row).toContainText('−$10.00 refunded');
  await expect(totals).toContainText(`$${(reservation.amount - 10).toFixed(2)}`);

  // More than what is left is refused with the server's message.
  await row.getByRole('button', { name: /Refund/ }).click();
  await dialog.getByLabel('Partial refund').check();
  await dialog.getByLabel(/Amount to refund/).fill(String(reservation.amount + 1));
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(row).toContainText('partially refunded');

  // The rest.
  await dialog.getByLabel(/Full refund/).check();
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText(`Refunded $${(reservation.amount - 10).toFixed(2)}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('refunded');
  await expect(row.getByRole('button', { name: /Refund/ })).toHaveCount(0);
  await expect(totals).toContainText('$0.00');

  // The payment's history names both refunds and who made them.
  await row.locator('summary', { hasText: 'History' }).click();
  const history = row.getByRole('region', { name: 'Refunds and changes' });
  await expect(history.getByRole('listitem').filter({ hasText: /^admin refunded \$/ })).toHaveCount(2);
  await expect(history).toContainText('admin refunded $10.00.');

  // The filter by status finds it; the CSV has it.
  await page.getByLabel('Status').selectOption('refunded');
  await expect(row).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('payments.csv');
  const csv = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
  expect(csv).toContain(payment.id);
  expect(csv).toContain(`,refunded,`);
});
