import { expect, test } from '@playwright/test';
import { signIn, unique } from './admin-business.helpers.ts';

/**
 * Issue 31 item 9 (decision 264): one message limit, 2,000 characters, the same on the screen and in the API. On a
 * 390 px phone the family's message box stops at it, the counter says so, and the longest message is sent whole.
 */
test('the message box stops at the one 2,000-character limit and sends the longest message whole', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const page = await context.newPage();
  await signIn(page, 'student');
  await page.goto('/student/messages');
  await page.getByRole('button', { name: /Abebe Bekele/ }).click();
  const box = page.getByLabel('Message', { exact: true });
  const text = `Limit${unique()} ${'word '.repeat(500)}`;
  await box.fill(text);
  const kept = await box.inputValue();
  expect(kept).toBe(text.slice(0, 2000));
  await expect(page.getByText('2000/2000')).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(box).toHaveValue('');
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText(kept.trim().slice(0, 30))).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
