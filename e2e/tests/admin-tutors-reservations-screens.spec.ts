import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './admin-business.helpers.ts';

/**
 * The tutor and reservation screens of the admin area (issue 13): at phone width nothing scrolls sideways, an
 * axe scan finds no serious or critical violation, and each screen is captured at 1280 and 390 px
 * (`SCREENSHOT_DIR` set) to be looked at.
 */

async function screens(page: Page, token: string): Promise<[string, string][]> {
  const headers = { authorization: `Bearer ${token}` };
  const tutors = (await (await page.request.get('/api/admin/tutors/', { headers })).json()) as {
    id: number;
  }[];
  const id = tutors[0]!.id;
  const list: [string, string][] = [
    ['tutors', '/admin/tutors'],
    ['tutor-add', '/admin/tutors/add'],
    ['tutor-view', `/admin/tutors/${id}/view`],
    ['tutor-edit', `/admin/tutors/${id}/edit`],
  ];
  const reservations = await page.request.get('/api/admin/reservations/?page_size=1', { headers });
  if (reservations.ok()) {
    list.push(['reservations', '/admin/reservation']);
    const first = ((await reservations.json()) as { results: { id: string }[] }).results[0];
    if (first) {
      list.push(['reservation-details', `/admin/reservation/details/${first.id}`]);
      list.push(['reservation-edit', `/admin/reservation/${first.id}/edit`]);
    }
  }
  return list;
}

const moveButtons = (page: Page) => page.getByRole('button', { name: /^Move session of / });

async function settle(page: Page) {
  await expect(page.locator('#area-main h1')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

test.describe('admin tutor and reservation screens', () => {
  test('at 390 px nothing overflows sideways', async ({ page }) => {
    const token = await signIn(page, 'admin');
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [name, path] of await screens(page, token)) {
      await page.goto(path);
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} (${path}) scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
      if (process.env.SCREENSHOT_DIR) {
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-390.png`, fullPage: true });
      }
      if (name === 'reservation-edit' && (await moveButtons(page).count()) > 0) {
        await moveButtons(page).first().click();
        await expect(page.getByRole('dialog', { name: 'Move session' })).toBeVisible();
        const inDialog = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(inDialog, 'the Move dialog scrolls sideways').toBeLessThanOrEqual(0);
        if (process.env.SCREENSHOT_DIR) {
          await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-move-390.png` });
        }
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'Move session' })).toBeHidden();
      }
    }
  });

  test('axe finds no serious or critical violation', async ({ page }) => {
    // An axe scan of every admin tutor and reservation screen, and of the move dialog.
    test.setTimeout(90_000);
    const token = await signIn(page, 'admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const [name, path] of await screens(page, token)) {
      await page.goto(path);
      await settle(page);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      expect(serious, `${name}: ${serious.join('\n')}`).toEqual([]);
      if (name === 'reservation-edit' && (await moveButtons(page).count()) > 0) {
        await moveButtons(page).first().click();
        await expect(page.getByRole('dialog', { name: 'Move session' })).toBeVisible();
        const withDialog = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        const dialogIssues = withDialog.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.help}`);
        expect(dialogIssues, dialogIssues.join('\n')).toEqual([]);
        await page.keyboard.press('Escape');
      }
      if (process.env.SCREENSHOT_DIR) {
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-1280.png`, fullPage: true });
      }
    }
  });

  test('Manage Tutors pages on the server; the reservations tutor filter searches (decision 243)', async ({
    page,
  }) => {
    const token = await signIn(page, 'admin');
    const headers = { authorization: `Bearer ${token}` };
    const first = (await (
      await page.request.get('/api/admin/tutors/?page=1&page_size=1', { headers })
    ).json()) as {
      count: number;
      results: { id: number; full_name: string }[];
    };
    const tutor = first.results[0]!;

    await page.goto('/admin/tutors');
    await settle(page);
    const pages = Math.max(1, Math.ceil(first.count / 20));
    await expect(page.getByText(`Page 1 of ${pages} · ${first.count} tutors`)).toBeVisible();

    await page.goto('/admin/reservation');
    await settle(page);
    await page.getByRole('searchbox', { name: 'Find a tutor' }).fill(tutor.full_name.slice(0, 5));
    const select = page.getByRole('combobox', { name: 'Tutor', exact: true });
    await expect(select.getByRole('option', { name: tutor.full_name, exact: true })).toBeAttached();
    await select.selectOption({ label: tutor.full_name });
    await expect(page).toHaveURL(new RegExp(`tutor_id=${tutor.id}(&|$)`));
    await settle(page);
    // The chosen tutor stays chosen and named after a reload, whatever the search box holds.
    await page.reload();
    await settle(page);
    await expect(page.getByRole('combobox', { name: 'Tutor', exact: true })).toHaveValue(String(tutor.id));
  });
});
