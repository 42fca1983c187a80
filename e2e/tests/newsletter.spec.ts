import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';

/** The server writes e-mails to DATA_DIR/outbox (no SMTP in tests); the config exports the data dir. */
function unsubscribeLink(email: string): string | undefined {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const file = fs.readdirSync(outbox).find((f) => f.endsWith(`-${email}.eml`));
  if (!file) return undefined;
  const body = fs
    .readFileSync(path.join(outbox, file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replaceAll('=3D', '=');
  return /(http:\/\/\S+\/api\/newsletter\/unsubscribe\/\?token=[^\s>]+)/.exec(body)?.[1];
}

test.describe('footer newsletter', () => {
  test('subscribes, says so when already subscribed, and the e-mailed link unsubscribes', async ({
    page,
  }) => {
    const email = `reader-${randomUUID()}@example.com`;
    await page.goto('/faq');
    const footer = page.getByRole('contentinfo');
    const box = footer.getByLabel('Email address');
    await box.fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('status')).toHaveText(
      'Thank you for subscribing! Check your inbox for a confirmation.',
    );
    await expect(box).toHaveValue('');

    await box.fill(email);
    await box.press('Enter');
    await expect(footer.getByRole('status')).toHaveText('You are already subscribed. Thank you!');

    await expect.poll(() => unsubscribeLink(email)).toBeTruthy();
    await page.goto(unsubscribeLink(email)!);
    // Opening the link only asks (decision 256): the button POSTs.
    await expect(page.getByRole('heading', { name: 'Unsubscribe from the newsletter?' })).toBeVisible();
    await page.getByRole('button', { name: /Unsubscribe/ }).click();
    await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
    await expect(page.getByText('You have been unsubscribed.')).toBeVisible();
  });

  test('explains a bad e-mail address', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    // The browser accepts "name@host"; the server asks for a full address.
    await footer.getByLabel('Email address').fill('hana@example');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('status')).toHaveText('Enter a valid email address.');
    // An empty box is stopped by the browser before any request.
    await footer.getByLabel('Email address').fill('');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    expect(
      await footer.getByLabel('Email address').evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true);
  });
});
