import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from './admin-business.helpers.ts';

const eatToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Addis_Ababa',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** Issue 13: the reports with their charts (chart.js loaded only there), a date range, and a table as CSV. */
test('a report with its chart, narrowed to this month, and its table as CSV', async ({ page }) => {
  // The demo data has a booking paid this month.
  const token = await signIn(page);
  const paidThisMonth = async () => {
    const ledger = await page.request.get(
      `/api/admin/payments/ledger/?currency=USD&from=${eatToday().slice(0, 7)}-01`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    return ((await ledger.json()) as { totals: { paid_cents: number }[] }).totals[0]!.paid_cents;
  };
  const paidBefore = await paidThisMonth();
  expect(paidBefore).toBeGreaterThan(0);

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/admin/payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  const beforeReports = scripts.length;
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  const revenue = page.getByRole('region', { name: 'Revenue by month' });
  const chart = revenue.getByRole('img', { name: /Net revenue in USD by month/ });
  await expect(chart).toBeVisible();
  // The chart library arrives with the reports, in its own chunk, and draws on the canvas.
  expect(scripts.slice(beforeReports).length).toBeGreaterThan(0);
  await expect
    .poll(() =>
      chart.evaluate((canvas: HTMLCanvasElement) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let painted = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
        return painted;
      }),
    )
    .toBeGreaterThan(500);
  for (const title of [
    'Sessions by subject',
    'Sessions by tutor',
    'Tutor utilisation',
    'New families',
    'Cancellations',
  ]) {
    await expect(page.getByRole('region', { name: title })).toBeVisible();
  }

  // This month only.
  const today = eatToday();
  const from = `${today.slice(0, 7)}-01`;
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(today);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${today}`));
  await expect(page.getByText(`${from} to ${today}, East Africa Time.`)).toBeVisible();
  await revenue.getByText('Table').click();
  const rows = revenue.getByRole('row');
  await expect(rows.filter({ hasText: today.slice(0, 7) }).first()).toBeVisible();
  await expect(rows).toHaveCount(1 + (await revenue.getByRole('img').count()));

  const download = page.waitForEvent('download');
  await revenue.getByRole('button', { name: 'Export CSV of Revenue by month' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`revenue-${from}-${today}.csv`);
  const lines = (await readFile((await file.path())!, 'utf8')).trim().split('\r\n');
  expect(lines[0]).toBe('month,currency,paid,refunded,net,payments');
  const usd = lines.find((l) => l.startsWith(`${today.slice(0, 7)},USD,`))!;
  // Journeys running beside this one may pay meanwhile: the export's figure lies between the ledger's before and
  // after (money paid is only ever added).
  const exported = Math.round(Number(usd.split(',')[2]) * 100);
  expect(exported).toBeGreaterThanOrEqual(paidBefore);
  expect(exported).toBeLessThanOrEqual(await paidThisMonth());

  // A reversed range is refused with the server's message.
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(from === today ? '2020-01-01' : from);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('alert')).toHaveText('The end date must be on or after the start date.');
});
