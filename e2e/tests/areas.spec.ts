import { expect, test, type Page } from '@playwright/test';
import { signIn } from './admin-business.helpers.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function walkSidebar(page: Page, links: [string, RegExp][]) {
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  for (const [label, url] of links) {
    await sidebar.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(url);
    // Never blank: a heading and a sentence on what the screen is for.
    await expect(page.locator('#area-main h1')).toBeVisible();
    await expect(page.locator('#area-main p').first()).not.toBeEmpty();
  }
}

test.describe('the signed-in areas', () => {
  test('the admin sidebar reaches every admin screen; the top bar links My Profile', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/dashboard');
    await expect(page.getByText('Welcome back, Admin')).toBeVisible();
    await walkSidebar(page, [
      ['Manage Users', /\/admin\/users$/],
      ['Manage Tutors', /\/admin\/tutors$/],
      ['Reservations', /\/admin\/reservation$/],
      ['Payments', /\/admin\/payment$/],
      ['Offers', /\/admin\/offers$/],
      ['Blogs', /\/admin\/blog$/],
      ['Reports', /\/admin\/reports$/],
      ['Comments', /\/admin\/comments$/],
      ['Overview', /\/admin\/dashboard$/],
    ]);
    // Tutors are listed from the live directory.
    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'Manage Tutors' })
      .click();
    await expect(page.getByRole('table', { name: 'Tutors' }).locator('tbody tr').first()).toBeVisible();
    await page.getByRole('link', { name: 'My Profile' }).click();
    await expect(page).toHaveURL('/admin/profile');
    await expect(page.locator('#area-main dd').first()).toHaveText('admin');
    // Unknown admin paths fall back to the dashboard.
    await page.goto('/admin/no-such-screen');
    await expect(page).toHaveURL('/admin/dashboard');
  });

  test('Manage Users: add, search, view, edit and deactivate', async ({ page }) => {
    const name = `staffer_${unique()}`;
    await signIn(page, 'admin');
    await page.goto('/admin/users');
    await page.getByRole('link', { name: 'Add user' }).click();
    await expect(page).toHaveURL('/admin/users/add');
    const main = page.locator('#area-main');
    await main.getByLabel('Username').fill(name);
    await main.getByLabel('Email').fill(`${name}@example.com`);
    await main.getByLabel('Role').selectOption('tutor');
    await main.getByLabel('First name').fill('Meron');
    await main.getByRole('button', { name: 'Create user' }).click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}\/view$/);
    await expect(main.getByText('Not set yet (set-password link sent)')).toBeVisible();

    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(name);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${name}`));
    await expect(main.getByRole('row')).toHaveCount(2);
    await main.getByRole('link', { name: `Edit ${name}` }).click();
    await main.getByLabel('Last name').fill('Alemu');
    await main.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/view$/);
    await expect(main.getByText('Meron Alemu')).toBeVisible();

    await main.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate this user?' });
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(main.getByText(`${name} has been deactivated.`)).toBeVisible();
    await expect(main.getByText('Deactivated', { exact: true })).toBeVisible();
  });

  test('the tutor sidebar: students, schedule with upcoming sessions, messages, profile', async ({
    page,
  }) => {
    await signIn(page, 'tutor');
    await page.goto('/tutor/dashboard');
    await walkSidebar(page, [
      ['My Students', /\/tutor\/students$/],
      ['Schedule', /\/tutor\/schedule$/],
      ['Messages', /\/tutor\/messages$/],
      ['Profile', /\/tutor\/profile$/],
      ['Overview', /\/tutor\/dashboard$/],
    ]);
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Schedule' }).click();
    // The demo tutor has the demo family's paid sessions.
    await expect(page.locator('#area-main li time').first()).toContainText('EAT');
  });

  test('the student sidebar, and its collapsible menu on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'student');
    await page.goto('/student/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(sidebar).toBeHidden();
    await page.screenshot({ path: '/tmp/accounts-student-390.png', fullPage: true });
    for (const [label, url] of [
      ['Book Session', /\/student\/book$/],
      ['My Tutors', /\/student\/tutors$/],
      ['Messages', /\/student\/messages$/],
      ['Progress', /\/student\/progress$/],
    ] as const) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await sidebar.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(url);
      await expect(sidebar).toBeHidden();
      await expect(page.locator('#area-main h1')).toBeVisible();
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.screenshot({ path: '/tmp/accounts-student-menu-390.png' });
    await sidebar.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
  });

  test('screenshots of the admin frame at 1280', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'admin');
    await page.goto('/admin/dashboard');
    await expect(page.getByText('Revenue', { exact: true })).toBeVisible();
    await page.screenshot({ path: '/tmp/accounts-admin-1280.png', fullPage: true });
    await page.goto('/admin/users');
    await expect(page.locator('#area-main table')).toBeVisible();
    await page.screenshot({ path: '/tmp/accounts-users-1280.png', fullPage: true });
  });
});
