import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { adminBusinessScreens, signIn } from './admin-business.helpers.ts';

/** Issue 13: axe on each back-office screen (payments, offers, blog, comments, reports, settings …). */
test('the back office screens have no serious or critical axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const problems: string[] = [];
  for (const path of adminBusinessScreens) {
    await page.goto(path);
    await expect(page.locator('#area-main h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const summary = page.locator('#area-main details > summary').first();
    if (await summary.count()) await summary.click();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      problems.push(
        `${path}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
});
