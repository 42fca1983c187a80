import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser } from '@playwright/test';
import { serverNow } from '../support/server-clock.ts';
import { inAmharic, unique } from './admin-business.helpers.ts';
import { readVerifyLink } from './teach.helpers.ts';

/** What the journeys on the clock app (e2e/support/shifted-clock.mjs) share: its address, a family, the words. */

export const clockURL = process.env.E2E_CLOCK_URL!;
export const clockDataDir = `${process.env.E2E_DATA_DIR!}-clock`;
export const phone = { width: 390, height: 844 };

type Words = (key: string, values?: Record<string, string | number>) => string;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** A namespace's words as a visitor reads them: its Amharic (`am`), else the English key itself. */
export function wordsOf(ns: string, am: boolean): Words {
  if (!am) return (key, values = {}) => fill(key, values);
  const file = path.join(
    import.meta.dirname,
    '..',
    '..',
    'apps',
    'web',
    'src',
    'locales',
    'am',
    `${ns}.json`,
  );
  const table = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  return (key, values = {}) => fill(table[key] ?? key, values);
}

/** A phone page on the clock app whose own clock agrees with the server's (shifted) time. */
export async function pageAtServerTime(browser: Browser, am: boolean) {
  const context = await browser.newContext({ baseURL: clockURL, viewport: phone });
  await context.clock.install({ time: serverNow() });
  const page = await context.newPage();
  if (am) await inAmharic(page);
  return { context, page };
}

/** A new family account on the clock app whose e-mail address is confirmed (its bookings link to it). */
export async function confirmedFamily(browser: Browser, prefix: string, password: string) {
  const family = { username: `${prefix}_${unique()}`, email: `${prefix}.${unique()}@example.com`, password };
  const context = await browser.newContext({ baseURL: clockURL });
  const page = await context.newPage();
  const res = await page.request.post('/api/accounts/register/', {
    data: { username: family.username, email: family.email, password: family.password },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto(await readVerifyLink(family.email, clockDataDir));
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  return { family, context, page };
}
