import { expect, test } from '@playwright/test';
import { adminBusinessScreens, signIn } from './admin-business.helpers.ts';

/** Issue 13: the back office at phone width: tables become cards, nothing scrolls sideways. */
test.describe('admin back office at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every screen fits the width of a phone, with its screenshot', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    for (const path of adminBusinessScreens) {
      await page.goto(path);
      await expect(page.locator('#area-main h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Open what a user would open (the first record's history, a report's table) so those fit too.
      const summary = page.locator('#area-main details > summary').first();
      if (await summary.count()) await summary.click();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `/tmp/admin-business-390${path.replace(/\//g, '_')}.png`,
        fullPage: true,
      });
    }
  });
});

test('screenshots of the back office at 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  for (const path of adminBusinessScreens) {
    await page.goto(path);
    await expect(page.locator('#area-main h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `/tmp/admin-business-1280${path.replace(/\//g, '_')}.png`,
      fullPage: true,
    });
  }
});
