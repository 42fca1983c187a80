import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The verification link e-mailed to `email`, read from the server's outbox (DATA_DIR/outbox). */
async function readVerifyLink(email: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let link = '';
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox)
        ? fs.readdirSync(outbox).filter((f) => f.endsWith(`-${email}.eml`))
        : [];
      const decoded = files
        .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
        .join('\n')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      link = /https?:\/\/\S+\/verify-email\?token=[\w%-]+/.exec(decoded)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link.replace(/^https?:\/\/[^/]+/, '');
}

test('a new family confirms its e-mail address through the link it receives (issue 12)', async ({ page }) => {
  const name = `family_${unique()}`;
  const email = `${name}@example.com`;
  await page.goto('/signup');
  await page.locator('#main').getByLabel('Username').fill(name);
  await page.locator('#main').getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('selam2025');
  await page.getByLabel('Confirm password').fill('selam2025');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'We have sent a link to your e-mail address' }),
  ).toBeVisible();

  const link = await readVerifyLink(email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL('/login');

  // The link works once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired.');
  await expect(page.getByRole('link', { name: 'Get a new link by email' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
});
