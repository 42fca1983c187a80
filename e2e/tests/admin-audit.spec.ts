import { expect, test, type Page } from '@playwright/test';
import { signIn, unique } from './admin-business.helpers.ts';

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Issue 13 §9: the writes of Manage Users and Settings are in the audit trail shown on the record. */
test('a user edit and a settings change show who changed what in their audit trails', async ({ page }) => {
  const token = await signIn(page);
  const auth = { authorization: `Bearer ${token}` };
  const name = `audited_${unique()}`;
  const created = await page.request.post('/api/admin/users/', {
    headers: auth,
    data: { username: name, email: `${name}@example.com`, role: 'student', first_name: 'Hanna' },
  });
  expect(created.status()).toBe(201);
  const user = (await created.json()) as { id: string };

  await page.goto(`/admin/users/${user.id}/edit`);
  await page.getByLabel('First name').fill('Hiwot');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${user.id}/view$`));
  const userTrail = page.getByRole('region', { name: 'Audit trail' });
  // Each entry reads as a sentence (issue 31 item 2).
  const entries = userTrail.getByRole('listitem').filter({ hasText: /^admin / });
  await expect(entries.first()).toContainText('admin changed first name from “Hanna” to “Hiwot”');
  await expect(userTrail).toContainText('admin created this record.');
  await expect(userTrail).not.toContainText(/argon|hash/i);
  await page.screenshot({ path: '/tmp/admin13-user-view-1280.png', fullPage: true });

  // Settings: a new phone number is in the trail under the form; the old one is put back afterwards.
  await page.goto('/admin/settings');
  const phone = page.getByLabel('Phone');
  const before = await phone.inputValue();
  const next = `+251 11 ${String(Math.floor(Math.random() * 900_000) + 100_000)}`;
  try {
    await phone.fill(next);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved. The contact page shows them now.')).toBeVisible();
    const settingsTrail = page.getByRole('region', { name: 'Audit trail' });
    await expect(settingsTrail.getByRole('listitem').first()).toContainText(
      'admin updated the contact details.',
    );
    await expect(settingsTrail.getByRole('listitem').first()).toContainText(
      `Phone from ${before ? `“${before}”` : 'nothing'} to “${next}”`,
    );
    await page.screenshot({ path: '/tmp/admin13-settings-1280.png', fullPage: true });
  } finally {
    await phone.fill(before);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved. The contact page shows them now.')).toBeVisible();
  }
});

/**
 * Issue 13 §5: refunds not yet with the family. The demo provider confirms every refund at once, so the real
 * server's list is read first (the section loads from it); then its answer is replaced by two waiting refunds to
 * check the rows, "Send now" and the phone width. The API's own rules are covered by its tests.
 */
test('refunds waiting on the payments screen: what waits, since when, and Send now, at phone width', async ({
  page,
}) => {
  await signIn(page);
  const real = page.waitForResponse((r) => r.url().includes('/api/admin/payments/refunds/'));
  await page.goto('/admin/payment');
  expect((await real).status()).toBe(200);
  const section = page.getByRole('region', { name: 'Refunds waiting' });
  await expect(section.getByRole('heading', { name: 'Refunds waiting' })).toBeVisible();
  await expect(section.getByRole('alert')).toHaveCount(0);

  const hour = 3_600_000;
  let waiting = [
    {
      id: '11111111-1111-4111-8111-111111111111',
      status: 'pending',
      amount_cents: 2500,
      currency: 'USD',
      reason: 'Session cancelled by the family.',
      created_at: new Date(Date.now() - 5 * hour).toISOString(),
      created_by: 'student',
      payment_id: '22222222-2222-4222-8222-222222222222',
      payment_status: 'paid',
      payment_amount_cents: 10000,
      provider: 'demo',
      reservation_id: '33333333-3333-4333-8333-333333333333',
      full_name: 'Abeba Waiting-Family-With-A-Long-Name',
      email: 'abeba.waiting.family.with.a.long.address@example.com',
      provider_configured: true,
    },
    {
      id: '44444444-4444-4444-8444-444444444444',
      status: 'failed',
      amount_cents: 150000,
      currency: 'ETB',
      reason: '',
      created_at: new Date(Date.now() - 3 * 24 * hour).toISOString(),
      created_by: 'admin',
      payment_id: '55555555-5555-4555-8555-555555555555',
      payment_status: 'paid',
      payment_amount_cents: 600000,
      provider: 'chapa',
      reservation_id: '66666666-6666-4666-8666-666666666666',
      full_name: 'Dawit Refused',
      email: 'dawit@example.com',
      provider_configured: false,
    },
  ];
  let retried = '';
  await page.route('**/api/admin/payments/refunds/**', async (route) => {
    const url = new URL(route.request().url());
    if (route.request().method() === 'POST') {
      retried = url.pathname.split('/').at(-3) ?? '';
      waiting = waiting.filter((r) => r.id !== retried);
      return route.fulfill({ json: { id: retried, status: 'succeeded', detail: 'sent' } });
    }
    return route.fulfill({
      json: {
        count: waiting.length,
        page: 1,
        page_size: 10,
        results: waiting,
        totals: [...new Set(waiting.map((r) => r.currency))].sort().map((currency) => ({
          currency,
          refunds: waiting.filter((r) => r.currency === currency).length,
          amount_cents: waiting
            .filter((r) => r.currency === currency)
            .reduce((n, r) => n + r.amount_cents, 0),
        })),
      },
    });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const rows = section.getByTestId('open-refund-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Abeba Waiting-Family-With-A-Long-Name');
  await expect(rows.first()).toContainText('$25.00');
  await expect(rows.first()).toContainText('$100.00 · demo');
  await expect(rows.first()).toContainText('waiting 5 h');
  await expect(rows.nth(1)).toContainText('The provider refused it: refund the payment again.');
  await expect(section.getByTestId('open-refund-totals')).toContainText('1 refund · ETB');
  expect(await noSidewaysScroll(page), 'the refunds fit a phone').toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/admin13-refunds-390.png', fullPage: true });

  await rows
    .first()
    .getByRole('button', { name: /Send now/ })
    .click();
  await expect(
    section.getByText(
      'The refund of $25.00 to Abeba Waiting-Family-With-A-Long-Name was sent to the payment provider.',
    ),
  ).toBeVisible();
  expect(retried).toBe('11111111-1111-4111-8111-111111111111');
  await expect(rows).toHaveCount(1);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(section.getByRole('table', { name: 'Refunds waiting' })).toBeVisible();
  await page.screenshot({ path: '/tmp/admin13-refunds-1280.png', fullPage: true });
});
