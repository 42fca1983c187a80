import { expect, test } from '@playwright/test';
import { signIn, unique } from './admin-business.helpers.ts';

/** Issue 13 item 2: deactivating a user in Manage Users ends that user's access at once, in an open session. */
test('a deactivated family is signed out of an open session at once', async ({ page, browser }) => {
  const name = `family_${unique()}`;
  const password = 'Green-hills-of-Entoto-7';
  const token = await signIn(page);
  const created = await page.request.post('/api/admin/users/', {
    headers: { authorization: `Bearer ${token}` },
    data: { username: name, email: `${name}@example.com`, role: 'student', password, first_name: 'Hana' },
  });
  expect(created.status()).toBe(201);

  // The family is signed in elsewhere.
  const family = await (await browser.newContext()).newPage();
  const familyToken = await signIn(family, name, password);
  await family.goto('/student/dashboard');
  await expect(family.locator('#area-main h1').first()).toBeVisible();

  await page.goto(`/admin/users?q=${name}`);
  await page
    .locator('#area-main')
    .getByRole('link', { name: `View ${name}` })
    .click();
  await page.locator('#area-main').getByRole('button', { name: 'Deactivate' }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate this user?' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(page.locator('#area-main').getByText(`${name} has been deactivated.`)).toBeVisible();

  // The family's still-valid-looking token is refused, and the open area sends them to sign in.
  const refused = await family.request.get('/api/student/overview/', {
    headers: { authorization: `Bearer ${familyToken}` },
  });
  expect(refused.status()).toBe(401);
  await family.reload();
  await expect(family).toHaveURL(/\/login/);
  await family.context().close();
});
