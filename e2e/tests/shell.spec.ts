import { expect, test } from '@playwright/test';

test.describe('the public shell', () => {
  test('the header links reach their pages', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, path] of [
      ['Subjects', '/subjects'],
      ['Contact', '/contact'],
      ['About', '/about'],
      ['Blog', '/blog'],
      ['FAQ', '/faq'],
      ['Home', '/'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
    }
    await nav.getByRole('link', { name: 'Find a Subject' }).click();
    await expect(page).toHaveURL('/tutors');
    await expect(nav.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('the hamburger toggles the menu on a 390 px wide page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toBeVisible();
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByRole('link', { name: 'Blog' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toHaveCount(0);
    await toggle.click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL('/faq');
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
  });

  test('the back-to-top button appears after 300 px of scrolling and returns to the top', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Back to top' });
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toHaveCount(0);
  });

  test('an unknown path shows the 404 page, which returns home after 5 seconds', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL('/no/such/page');
    await page.waitForURL('/', { timeout: 8000 });
  });

  test('a protected area sends a visitor without the role to /login', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fdashboard/);
  });
});
