import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signInOnLoginPage(page: Page, username: string, password = 'demo1234') {
  const main = page.locator('#main');
  await main.getByLabel('Username').fill(username);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * The last `/{page}?token=…` link e-mailed to `email`, read from the server's outbox (DATA_DIR/outbox, DESIGN
 * §1.10): the reset link, or the sign-up's verification link.
 */
async function readLink(email: string, linkPage = 'reset-password'): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_');
  let link = '';
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox)
        ? fs.readdirSync(outbox).filter((f) => f.endsWith(`-${safe}.eml`))
        : [];
      const text = files.map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')).join('\n');
      const decoded = text
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      const links = decoded.match(new RegExp(`https?://\\S+/${linkPage}\\?token=[\\w%-]+`, 'g'));
      link = links?.at(-1) ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

test.describe('sign-in, sign-up, password reset and logout', () => {
  test("the header's dialog refuses a student and admits the admin", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await expect(dialog.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
    await dialog.getByLabel('Username').fill('student');
    await dialog.getByLabel('Password').fill('demo1234');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Access denied: Only admins can log in.');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

    await dialog.getByLabel('Password').fill('wrong-password-1');
    await dialog.getByLabel('Username').fill('admin');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Invalid credentials');

    await dialog.getByLabel('Password').fill('demo1234');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByText('Welcome back, Admin')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByText('Revenue', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('admin');
  });

  test('/login takes a tutor and a student to their own dashboards', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Create a family account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await signInOnLoginPage(page, 'tutor');
    await expect(page).toHaveURL('/tutor/dashboard');
    await expect(page.getByRole('heading', { name: 'Next session' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'My Students' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page).toHaveURL('/');
    await page.goto('/login');
    await signInOnLoginPage(page, 'student');
    await expect(page).toHaveURL('/student/dashboard');
    // The family's overview: its upcoming sessions, in EAT beside the family's own time.
    await expect(page.getByRole('region', { name: 'Upcoming sessions' })).toContainText('EAT');
  });

  test('a guarded page sends a visitor to /login and back after signing in; a wrong role is sent away', async ({
    page,
  }) => {
    await page.goto('/tutor/schedule');
    await expect(page).toHaveURL('/login?next=%2Ftutor%2Fschedule');
    await signInOnLoginPage(page, 'tutor');
    await expect(page).toHaveURL('/tutor/schedule');
    await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fusers/);
  });

  test('sign-up refuses mismatched passwords, then creates a family account', async ({ page }) => {
    const name = `family_${unique()}`;
    await page.goto('/signup');
    await page.locator('#main').getByLabel('Username').fill(name);
    await page.locator('#main').getByLabel('Email').fill(`${name}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('selam2025');
    await page.getByLabel('Confirm password').fill('selam2026');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toHaveText("Passwords don't match.");

    await page.getByLabel('Confirm password').fill('selam2025');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Registration successful! We have sent a link' }),
    ).toBeVisible();
    await expect(page.locator('#main').getByLabel('Username')).toHaveValue('');

    // The account exists once its address is confirmed (decision 220): before, a sign-in fails like any other.
    await page.goto('/login');
    await signInOnLoginPage(page, name, 'selam2025');
    await expect(page.locator('#main').getByRole('alert')).toHaveText('Invalid credentials');
    await expect(
      page.getByText('Just signed up? Open the link we e-mailed you to confirm your address first.'),
    ).toBeVisible();
    await page.goto((await readLink(`${name}@example.com`, 'verify-email')).replace(/^https?:\/\/[^/]+/, ''));
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect(page.getByText('Your email address is confirmed.')).toBeVisible();

    // The same username again: the server's message.
    await page.goto('/signup');
    await page.locator('#main').getByLabel('Username').fill(name);
    await page.locator('#main').getByLabel('Email').fill(`other_${name}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('selam2025');
    await page.getByLabel('Confirm password').fill('selam2025');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toHaveText('A user with that username already exists.');

    await page.goto('/login');
    await signInOnLoginPage(page, name, 'selam2025');
    await expect(page).toHaveURL('/student/dashboard');
  });

  test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
    const name = `reset_${unique()}`;
    const email = `${name}@example.com`;
    const created = await request.post('/api/accounts/register/', {
      data: { username: name, email, password: 'first-pass-1' },
    });
    expect(created.status()).toBe(201);
    const verifyLink = await readLink(email, 'verify-email');
    const token = decodeURIComponent(new URL(verifyLink).searchParams.get('token')!);
    expect((await request.post('/api/accounts/verify-email/', { data: { token } })).status()).toBe(200);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await page.locator('#main').getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/If an account exists for that email/)).toBeVisible();

    const link = await readLink(email);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByLabel('New password', { exact: true }).fill('second-pass-2');
    await page.getByLabel('Confirm new password').fill('second-pass-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Your password has been set. You can now log in.')).toBeVisible();

    // The link works once.
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByLabel('New password', { exact: true }).fill('third-pass-3');
    await page.getByLabel('Confirm new password').fill('third-pass-3');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired.');

    await page.goto('/login');
    await signInOnLoginPage(page, name, 'second-pass-2');
    await expect(page).toHaveURL('/student/dashboard');
  });

  test('logout removes the tokens and role and returns home', async ({ page }) => {
    await page.goto('/login');
    await signInOnLoginPage(page, 'student');
    await expect(page).toHaveURL('/student/dashboard');
    const refresh = await page.evaluate(() => localStorage.getItem('refresh_token'));
    expect(refresh).toBeTruthy();
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    const stored = await page.evaluate(() =>
      ['access_token', 'refresh_token', 'role', 'user'].map((k) => localStorage.getItem(k)),
    );
    expect(stored).toEqual([null, null, null, null]);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }),
    ).toBeVisible();
    // The server revoked the session too.
    await expect
      .poll(async () => (await page.request.post('/api/accounts/refresh/', { data: { refresh } })).status())
      .toBe(401);
  });

  test('an expired access token is renewed silently with the refresh token', async ({ page }) => {
    await page.goto('/login');
    await signInOnLoginPage(page, 'tutor');
    await expect(page).toHaveURL('/tutor/dashboard');
    // Replace the access token by an expired one (the refresh token stays valid).
    await page.evaluate(() => {
      const b64 = (o: object) =>
        btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      const expired = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'x', role: 'tutor', exp: 1 })}.sig`;
      localStorage.setItem('access_token', expired);
      localStorage.setItem('user', JSON.stringify({ role: 'tutor', token: expired }));
    });
    await page.goto('/tutor/students');
    await expect(page.getByRole('heading', { name: 'My Students' })).toBeVisible();
    await expect(page).toHaveURL('/tutor/students');
    const access = await page.evaluate(() => localStorage.getItem('access_token'));
    expect(access).not.toContain('.sig');
  });
});
