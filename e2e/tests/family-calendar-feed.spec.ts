import { expect, test } from '@playwright/test';
import { signIn } from './admin-business.helpers.ts';

/**
 * Issue 18 item 5: the demo family (student / demo1234) makes its calendar address on the overview, and the
 * address serves its sessions as an iCalendar feed with zoned times, as a calendar app would subscribe to it.
 */
test('a family makes its calendar address and the feed lists its lessons in EAT', async ({ page }) => {
  await signIn(page, 'student');
  await page.goto('/student/dashboard');
  const card = page.getByRole('region', { name: 'Calendar subscription' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Create calendar address' }).click();
  const address = card.getByLabel('Your calendar address');
  await expect(address).toHaveValue(/\/api\/calendar\/[\w-]{43}\.ics$/);
  const url = await address.inputValue();
  await expect(card.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
    'href',
    url.replace(/^https?:/, 'webcal:'),
  );

  const feed = await page.request.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const text = await feed.text();
  expect(text).toContain('X-WR-CALNAME:Tibeb Tutoring: lessons');
  expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Africa/Addis_Ababa');
  expect(text).toMatch(/DTSTART;TZID=Africa\/Addis_Ababa:\d{8}T\d{6}/);
  expect(text).toMatch(/SUMMARY:.+ with Abebe Bekele \(/);

  // At phone width the card and its long address fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(address).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Replacing the address ends the old one at once.
  await card.getByRole('button', { name: 'Replace address' }).click();
  await expect(address).not.toHaveValue(url);
  expect((await page.request.get(new URL(url).pathname)).status()).toBe(404);
});
