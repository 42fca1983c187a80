import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow, signIn } from './admin-business.helpers.ts';

/**
 * The admin area in Amharic (issue 18): the demo administrator switches to Amharic with the header's switch, then
 * opens every screen of the sidebar on a phone (390 px): its heading in Amharic, `<html lang="am">`, nothing wider
 * than the screen, no axe violation. The dashboard, reservations, payments and the blog editor are photographed at
 * 390 and 1280 px.
 */

/** Each sidebar link by its Amharic name, with the Amharic heading of the screen it opens. */
const sidebar = [
  { link: 'አጠቃላይ እይታ', path: '/admin/dashboard', heading: 'አጠቃላይ እይታ' },
  { link: 'ተጠቃሚዎችን ያስተዳድሩ', path: '/admin/users', heading: 'ተጠቃሚዎችን ያስተዳድሩ' },
  { link: 'አስጠኚዎችን ያስተዳድሩ', path: '/admin/tutors', heading: 'አስጠኚዎችን ያስተዳድሩ' },
  { link: 'የተያዙ ትምህርቶች', path: '/admin/reservation', heading: 'የተያዙ ትምህርቶች' },
  { link: 'ክፍያዎች', path: '/admin/payment', heading: 'ክፍያዎች' },
  { link: 'ቅናሾች', path: '/admin/offers', heading: 'ቅናሾች' },
  { link: 'ብሎጎች', path: '/admin/blog', heading: 'የብሎግ ጽሑፎች' },
  { link: 'ሪፖርቶች', path: '/admin/reports', heading: 'ሪፖርቶች' },
  { link: 'አስተያየቶች', path: '/admin/comments', heading: 'አስተያየቶች' },
  { link: 'ቅንብሮች', path: '/admin/settings', heading: 'ቅንብሮች' },
];

/** The screens photographed at both widths, with their Amharic heading. */
const photographed = [
  { path: '/admin/dashboard', heading: 'አጠቃላይ እይታ' },
  { path: '/admin/reservation', heading: 'የተያዙ ትምህርቶች' },
  { path: '/admin/payment', heading: 'ክፍያዎች' },
  { path: '/admin/blog/posts/new', heading: 'አዲስ ጽሑፍ' },
];

/** Signs in as the demo administrator and chooses Amharic in the public header, as a person would. */
async function signInInAmharic(page: Page) {
  await signIn(page);
  await page.reload();
  const phone = (page.viewportSize()?.width ?? 1280) < 1024;
  await page.locator(phone ? '#language-phone' : '#language-desktop').selectOption('am');
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
}

/** The screen is loaded, in Amharic, with the first disclosure (a history, a report's table) open. */
async function settle(page: Page, heading: string) {
  await expect(page.locator('#area-main h1')).toHaveText(heading);
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#area-main [role="status"]', { hasText: 'በመጫን ላይ' })).toHaveCount(0);
  const summary = page.locator('#area-main details > summary').first();
  if (await summary.count()) await summary.click();
}

async function photograph(page: Page, info: TestInfo, path: string) {
  const width = page.viewportSize()!.width;
  const name = `amharic-admin-${width}${path.replace(/\//g, '_')}.png`;
  await page.screenshot({ path: info.outputPath(name), fullPage: true });
}

test.describe('the admin area in Amharic on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every sidebar screen reads Amharic, fits the width and passes axe', async ({ page }, info) => {
    test.setTimeout(180_000);
    await signInInAmharic(page);
    // My Profile first, so that every sidebar link (Overview included) navigates and closes the menu.
    await page.goto('/admin/profile');
    await expect(page.getByText('እንኳን ደህና መጡ፣')).toBeVisible();
    await settle(page, 'የእኔ መገለጫ');
    await expectNoHorizontalOverflow(page, '/admin/profile');
    await expectNoAxeViolations(page, '/admin/profile');
    for (const screen of sidebar) {
      await page.getByRole('button', { name: 'ምናሌውን ይክፈቱ' }).click();
      const nav = page.getByRole('navigation', { name: 'የጎን ማውጫ' });
      await nav.getByRole('link', { name: screen.link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${screen.path}(/|$)`));
      await settle(page, screen.heading);
      await expect(page).toHaveTitle(`${screen.heading} · አስተዳዳሪ | Tibeb Tutoring`);
      await expectNoHorizontalOverflow(page, screen.path);
      await expectNoAxeViolations(page, screen.path);
    }
    for (const screen of photographed) {
      await page.goto(screen.path);
      await settle(page, screen.heading);
      await expectNoHorizontalOverflow(page, screen.path);
      await photograph(page, info, screen.path);
    }
  });
});

test('the admin area in Amharic on a desktop, photographed', async ({ page }, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInInAmharic(page);
  for (const screen of photographed) {
    await page.goto(screen.path);
    await settle(page, screen.heading);
    await expectNoHorizontalOverflow(page, screen.path);
    await expectNoAxeViolations(page, screen.path);
    await photograph(page, info, screen.path);
  }
});
