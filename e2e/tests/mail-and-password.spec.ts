import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, unique } from './admin-business.helpers.ts';

/** Issue 31 items 3 and 9, decision 256. */
const outbox = () => path.join(process.env.E2E_DATA_DIR!, 'outbox');

/** The raw .eml files written for `email`, oldest first. */
function mails(email: string): string[] {
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_');
  return fs.existsSync(outbox())
    ? fs
        .readdirSync(outbox())
        .filter((f) => f.endsWith(`-${safe}.eml`))
        .sort()
        .map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8'))
    : [];
}

const qp = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

async function signInOnLoginPage(page: Page, username: string, password: string) {
  const main = page.locator('#main');
  await main.getByLabel('Username').fill(username);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('e-mails and the newsletter', () => {
  test('the newsletter e-mail has an HTML part and one-click unsubscribe; opening the link only asks', async ({
    page,
    request,
  }) => {
    const email = `one-click-${randomUUID()}@example.com`;
    expect((await request.post('/api/newsletter/', { data: { email } })).status()).toBe(201);
    // Polled until the file is written whole.
    await expect.poll(() => mails(email)[0]?.trimEnd().endsWith('--') ?? false).toBe(true);
    const [raw] = mails(email);
    const head = raw!.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    expect(head).toMatch(/^Content-Type: multipart\/alternative/im);
    expect(qp(raw!)).toMatch(/<a href="http:\/\/[^"]+\/api\/newsletter\/unsubscribe\/\?token=/);
    const link = /^List-Unsubscribe: <([^>]+)>$/im.exec(head)![1]!;
    const local = link.replace(/^https?:\/\/[^/]+/, '');

    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(local);
    await expect(page.getByRole('heading', { name: 'Unsubscribe from the newsletter?' })).toBeVisible();
    await expectNoHorizontalOverflow(page, 'the unsubscribe confirm page');
    await page.screenshot({ path: test.info().outputPath('unsubscribe-confirm-390.png'), fullPage: true });
    // A second GET (a scanner, a preview) still asks: nothing was unsubscribed.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Unsubscribe from the newsletter?' })).toBeVisible();
    await page.getByRole('button', { name: /Unsubscribe/ }).click();
    await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
    await page.goto(local);
    await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
  });
});

test.describe('password change', () => {
  test('says the password changed and asks to sign in again, then returns to the settings', async ({
    page,
    request,
  }) => {
    const name = `pw_${unique()}`;
    const email = `${name}@example.com`;
    expect(
      (
        await request.post('/api/accounts/register/', {
          data: { username: name, email, password: 'first-pass-1' },
        })
      ).status(),
    ).toBe(201);
    let token = '';
    await expect
      .poll(() => {
        token = /verify-email\?token=([\w%-]+)/.exec(mails(email).map(qp).join('\n'))?.[1] ?? '';
        return token;
      })
      .not.toBe('');
    expect(
      (
        await request.post('/api/accounts/verify-email/', { data: { token: decodeURIComponent(token) } })
      ).status(),
    ).toBe(200);

    await page.goto('/login');
    await signInOnLoginPage(page, name, 'first-pass-1');
    await expect(page).toHaveURL('/student/dashboard');
    await page.goto('/student/settings');
    const current = page.getByLabel('Current password');
    const next = page.getByLabel('New password');
    // Described only by elements that exist.
    for (const field of [current, next]) {
      const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
      for (const id of ids) await expect(page.locator(`[id="${id}"]`)).toHaveCount(1);
    }
    await current.fill('first-pass-1');
    await next.fill('second-pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();

    await expect(page).toHaveURL(/\/login\?next=%2Fstudent%2Fsettings/);
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toHaveText(
      'Your password has been changed. Please sign in again.',
    );
    await page.setViewportSize({ width: 390, height: 800 });
    await expectNoHorizontalOverflow(page, 'the sign-in page with the notice');
    await page.screenshot({ path: test.info().outputPath('password-changed-390.png'), fullPage: true });
    await signInOnLoginPage(page, name, 'second-pass-2');
    await expect(page).toHaveURL('/student/settings');
  });
});
