import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow, inAmharic } from './admin-business.helpers.ts';

/**
 * The public site and sign-in in Amharic on a phone (issue 18): Amharic text, `<html lang="am">`, the choice
 * remembered, Noto Sans Ethiopic really drawing the text, nothing wider than the screen, and no axe violation.
 */
test.use({ viewport: { width: 390, height: 844 } });

type Tutor = { id: number; full_name: string; bio: string; years_of_experience: number; hourly_rate: number };

async function expectEthiopicFont(page: Page) {
  const font = await page.evaluate(async () => {
    await document.fonts.ready;
    const h1 = document.querySelector('h1');
    return {
      check: document.fonts.check('16px "Noto Sans Ethiopic"', 'ሀ'),
      // check() is also true when no face of that name exists at all: a loaded face proves it is in use.
      loaded: [...document.fonts].some(
        (f) => f.family.replace(/["']/g, '') === 'Noto Sans Ethiopic' && f.status === 'loaded',
      ),
      family: h1 ? getComputedStyle(h1).fontFamily : '',
    };
  });
  expect(font.check).toBe(true);
  expect(font.loaded).toBe(true);
  expect(font.family).toMatch(/^"?Noto Sans Ethiopic/);
}

test.describe('the public site in Amharic on a phone', () => {
  test('the home page switches to Amharic and stays so after a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('with expert Ethiopian tutors');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.locator('#language-phone').selectOption('am');
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('ከባለሙያ ኢትዮጵያውያን አስጠኚዎች ጋር');
    await expect(page.getByRole('heading', { level: 2, name: 'የምናስተምራቸው የትምህርት ዓይነቶች' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'አስጠኚ ይፈልጉ' }).first()).toHaveAttribute('href', '/tutors');
    await expect(page).toHaveTitle('Tibeb Tutoring');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('ይማሩ');
    await expect(page.locator('#language-phone')).toHaveValue('am');
    for (const name of ['ልዩ ቅናሾች', 'ቤተሰቦች ለምን እኛን ይመርጣሉ', 'እንዴት እንደሚሠራ', 'ወላጆች ምን ይላሉ']) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Special Offers' })).toHaveCount(0);

    await page.waitForLoadState('networkidle');
    await expectEthiopicFont(page);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // Back to English: the spec's texts, exactly.
    await page.locator('#language-phone').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 2, name: 'Special Offers', exact: true })).toBeVisible();
  });

  test("the directory and a tutor's details in Amharic", async ({ page, request }) => {
    const tutors = (await (await request.get('/api/tutors/public/')).json()) as Tutor[];
    const tutor = tutors[0]!;
    await inAmharic(page);
    await page.goto('/tutors');
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    await expect(page.getByRole('heading', { level: 1, name: 'ባለሙያ አስጠኚዎቻችንን ይተዋወቁ' })).toBeVisible();
    await expect(page).toHaveTitle('አስጠኚ ይፈልጉ | Tibeb Tutoring');
    await expect(page.getByPlaceholder('አስጠኚዎችን ይፈልጉ...')).toBeVisible();
    await expect(page.getByText(`${tutors.length} አስጠኚዎች`, { exact: true })).toBeVisible();

    const subjects = page.getByRole('group', { name: 'የትምህርት ዓይነት' });
    await subjects.getByRole('button', { name: 'ቋንቋዎች', exact: true }).click();
    await expect(subjects.getByRole('button', { name: 'ቋንቋዎች', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await subjects.getByRole('button', { name: 'ሁሉም የትምህርት ዓይነቶች' }).click();

    await page.waitForLoadState('networkidle');
    await expectEthiopicFont(page);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: `ስለ ${tutor.full_name} ዝርዝር` }).click();
    const dialog = page.getByRole('dialog', { name: tutor.full_name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 2 })).toBeInViewport();
    for (const name of ['ስለ እኔ', 'የትምህርት ዝግጅት', 'ልምድ', 'የማስተማር ዘዴ', 'የሰዓት ክፍያ']) {
      await expect(dialog.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    // What the tutor wrote stays as written; the frame around it is Amharic.
    await expect(dialog.getByText(tutor.bio)).toBeVisible();
    await expect(dialog.getByText(`${tutor.years_of_experience} ዓመት`)).toBeVisible();
    await expect(dialog.getByText(`$${tutor.hourly_rate.toFixed(2)}/ሰዓት`)).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'ትምህርት ይያዙ' })).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the sign-in page in Amharic', async ({ page }) => {
    await inAmharic(page);
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    await expect(page.getByRole('heading', { level: 1, name: 'ይግቡ' })).toBeVisible();
    await expect(page).toHaveTitle('ይግቡ | Tibeb Tutoring');
    await page.getByLabel('የተጠቃሚ ስም').fill('student');
    await page.getByLabel('የይለፍ ቃል').fill('not-the-password1');
    await page.locator('main').getByRole('button', { name: 'ይግቡ' }).click();
    await expect(page.getByRole('alert')).toHaveText('የተጠቃሚ ስም ወይም የይለፍ ቃል ትክክል አይደለም');
    await expect(page.getByRole('link', { name: 'የይለፍ ቃልዎን ረስተዋል?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );

    await page.waitForLoadState('networkidle');
    await expectEthiopicFont(page);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    await page.getByLabel('የይለፍ ቃል').fill('demo1234');
    await page.locator('main').getByRole('button', { name: 'ይግቡ' }).click();
    await expect(page).toHaveURL(/\/student\/dashboard$/);
  });
});
