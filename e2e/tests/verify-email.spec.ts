import { expect, test } from '@playwright/test';
import { readVerifyLink } from './teach.helpers.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

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
