import type { Page } from '@playwright/test';

/**
 * Opens a page the server renders and waits until the browser has taken it over (hydrated): a click or a keystroke
 * on the server's HTML before that is lost, or follows a link as a plain one and loses the state a journey carries.
 */
export async function openTakenOver(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}
