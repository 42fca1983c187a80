import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow, inAmharic } from './admin-business.helpers.ts';

/**
 * A returning family signs in from the header on a phone (issue 32 item 8): the header's dialog admits admins
 * only and says so in the spec's words, and beside that refusal it shows families and tutors the way to /login,
 * reachable by keyboard; the dialog keeps the focus inside and closes on Escape. In English and Amharic.
 */
test.use({ viewport: { width: 390, height: 844 } });

const texts = {
  en: {
    openMenu: 'Open menu',
    signIn: 'Sign In',
    username: 'Username',
    password: 'Password',
    refused: 'Access denied: Only admins can log in.',
    way: 'Families and tutors: sign in here',
    signInPage: 'Sign in',
    overview: 'Overview',
  },
  am: {
    openMenu: 'ምናሌውን ይክፈቱ',
    signIn: 'ይግቡ',
    username: 'የተጠቃሚ ስም',
    password: 'የይለፍ ቃል',
    refused: 'መግባት ተከልክሏል፦ መግባት የሚችሉት አስተዳዳሪዎች ብቻ ናቸው።',
    way: 'ቤተሰቦችና አስጠኚዎች፦ እዚህ ይግቡ',
    signInPage: 'ይግቡ',
    overview: 'አጠቃላይ እይታ',
  },
};

/**
 * Whether no element of the page outside `dialog` has the focus: past its last control, Tab leaves the page for
 * the browser's own controls (the document's body is then the active element) and comes back into the dialog.
 */
const focusKeptIn = (dialog: Locator) =>
  dialog.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body);

async function openHeaderDialog(page: Page, t: (typeof texts)['en']) {
  const menu = page.locator('#mobile-menu');
  if (!(await menu.isVisible())) await page.getByRole('button', { name: t.openMenu }).click();
  await menu.getByRole('button', { name: t.signIn }).click();
  const dialog = page.getByRole('dialog', { name: t.signIn });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const [language, t] of Object.entries(texts)) {
  test(`a family signs in from the header at 390 px (${language})`, async ({ page }) => {
    if (language === 'am') await inAmharic(page);
    await page.goto('/');

    // Before any attempt the dialog already shows the way; Escape closes it.
    let dialog = await openHeaderDialog(page, t);
    await expect(dialog.getByRole('link', { name: t.way })).toHaveAttribute('href', '/login');
    await expect(dialog.getByLabel(t.username)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The family's account is refused in the spec's words, and the way to /login sits right under them.
    dialog = await openHeaderDialog(page, t);
    await dialog.getByLabel(t.username).fill('student');
    await dialog.getByLabel(t.password).fill('demo1234');
    await dialog.getByRole('button', { name: t.signIn }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText(t.refused);
    const way = dialog.getByRole('link', { name: t.way });
    await expect(way).toHaveCount(1);
    await expect(way).toBeInViewport();
    const [alertBox, wayBox] = [(await alert.boundingBox())!, (await way.boundingBox())!];
    expect(wayBox.y - (alertBox.y + alertBox.height)).toBeLessThan(40);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, `the refused sign-in dialog (${language})`);
    await page.screenshot({ path: `/tmp/header-sign-in-390-${language}.png` });

    // By keyboard: Tab goes round the dialog, never to the page behind it, until it reaches the way; Enter.
    for (let i = 0; i < 12 && !(await way.evaluate((a) => a === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusKeptIn(dialog), 'the focus stays in the dialog').toBe(true);
    }
    await expect(way).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: t.signInPage })).toBeVisible();

    const main = page.locator('#main');
    await main.getByLabel(t.username).fill('student');
    await main.getByLabel(t.password).fill('demo1234');
    await main.getByRole('button', { name: t.signIn }).click();
    await expect(page).toHaveURL('/student/dashboard');
    await expect(page.getByRole('heading', { name: t.overview })).toBeVisible();
  });
}
