import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  signIn,
  unique,
} from './admin-business.helpers.ts';

type OutboxMessage = { id: string; recipient: string; state: string; attempts: number; last_error: string };

/**
 * An address as long as the rules allow (254 characters): without SMTP the server writes each message to
 * DATA_DIR/outbox/ under a file name holding the address, and this one is longer than a file name may be, so
 * its delivery really fails, every time, and only for this message.
 */
function longAddress(tag: string): string {
  const local = `outbox.${tag}.${'x'.repeat(40)}`.slice(0, 64);
  const label = 'a'.repeat(60);
  const domain = `${label}.${label}.${label}.example.test`;
  return `${local}@${domain}`.slice(0, 254);
}

async function find(request: APIRequestContext, token: string, recipient: string) {
  const res = await request.get('/api/admin/outbox/?page_size=100', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { results: OutboxMessage[] };
  return body.results.find((m) => m.recipient === recipient);
}

/** Issue 29 item 4: an admin sees an e-mail that cannot be delivered, with its state, and sends it again. */
test('an admin opens the mail outbox, sees a failing e-mail and resends it', async ({ page }) => {
  test.setTimeout(150_000);
  const token = await signIn(page);
  const recipient = longAddress(unique());
  expect(recipient.length).toBeGreaterThan(200);
  const subscribe = await page.request.post('/api/newsletter/', { data: { email: recipient } });
  expect(subscribe.status()).toBeLessThan(300);

  // The job tries it within seconds, then again 30 s later: two failed tries.
  await expect
    .poll(async () => (await find(page.request, token, recipient))?.attempts ?? 0, { timeout: 70_000 })
    .toBeGreaterThanOrEqual(2);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/settings');
  await page.getByRole('link', { name: /Mail outbox/ }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mail outbox' })).toBeVisible();
  await page.getByLabel('Which e-mails').selectOption('failing');
  const row = page.getByTestId('outbox-row').filter({ hasText: recipient.slice(0, 30) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Failing');
  await expect(row).toContainText('Welcome');
  // The kept error names the failure, not the address.
  await expect(row).toContainText('ENAMETOOLONG');
  const lastError = (await find(page.request, token, recipient))!.last_error;
  expect(lastError).toContain('[address]');
  expect(lastError).not.toContain(recipient.split('@')[0]!);
  await expectNoHorizontalOverflow(page, 'the mail outbox at 390 px');
  await expectNoAxeViolations(page, '/admin/settings/outbox');

  await row.getByRole('button', { name: /Resend/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this e-mail again?' });
  await expect(dialog).toContainText(recipient.slice(0, 30));
  await expectNoAxeViolations(page, 'the resend dialog');
  await dialog.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText(/will be sent again within a few seconds/)).toBeVisible();

  // Tried again at once with its tries counted afresh: one try, the next in 30 s.
  await expect
    .poll(async () => (await find(page.request, token, recipient))?.attempts, { timeout: 10_000 })
    .toBe(1);
  const audit = await page.request.get(
    `/api/admin/audit/?entity_type=mail&entity_id=${(await find(page.request, token, recipient))!.id}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(((await audit.json()) as { action: string }[]).map((e) => e.action)).toEqual(['resend']);
});
