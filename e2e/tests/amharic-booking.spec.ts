import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  inAmharic,
  signInOnEveryPage,
} from './admin-business.helpers.ts';
import { openTakenOver } from '../support/taken-over.ts';

/**
 * The booking wizard, the payment page and the family area in Amharic (issue 18): a family on a phone (390 px)
 * chooses a tutor, then on a desktop (1280 px) a subject, and goes through the three steps up to the payment
 * page, every step in Amharic, nothing wider than the screen, no axe violation, a screenshot of each step; the
 * demo family's overview in Amharic on a phone.
 */

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

/** Every step is looked at: Amharic text, in the screen's width, accessible, photographed. */
async function checkStep(page: Page, info: TestInfo, name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page, name);
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
}

const calendar = (page: Page) => page.getByTestId('booking-calendar');

async function forwardMonths(page: Page, count: number) {
  await expect(calendar(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  for (let i = 0; i < count; i++) {
    await page.getByRole('button', { name: 'የሚቀጥለው ወር' }).click();
    await expect(calendar(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  }
}

const pickOne = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Steps 1 to 3 in Amharic, then the payment page; answers the amount the confirmation showed. */
async function bookInAmharic(page: Page, info: TestInfo, months: number) {
  const family = unique();
  const steps = page.getByRole('navigation', { name: 'የቦታ ማስያዝ ደረጃዎች' });
  await expect(steps.getByText('እውቂያ እና ተማሪ')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'እውቂያ እና ተማሪ' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'የወር ግምታዊ ወጪ' })).toBeVisible();

  // Next on an empty step 1: every message in Amharic, none in English.
  await page.getByRole('button', { name: 'ቀጣይ', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('የወላጅ/አሳዳጊ ሙሉ ስም ያስፈልጋል።');
  await expect(alert).toContainText('እባክዎ የተማሪው መረጃ ትክክል መሆኑን ያረጋግጡ።');
  await expect(alert).not.toContainText(/[A-Za-z]/);
  await checkStep(page, info, 'step1-messages');

  await page.getByLabel('ሙሉ ስም', { exact: true }).fill(`Hana ${family}`);
  await page.getByLabel('ኢሜይል', { exact: true }).fill(`hana.${family}@example.com`);
  await page.getByLabel('ስልክ', { exact: true }).fill('+251 911 000 000');
  await page.getByLabel('ከተማሪው ጋር ያለዎት ዝምድና').selectOption({ label: 'እናት' });
  await page.getByLabel('የተማሪው ሙሉ ስም').fill(`Liya ${family}`);
  await page.getByLabel('ክፍል', { exact: true }).selectOption({ label: '7ኛ ክፍል' });
  await page.getByLabel(/የተማሪው መረጃ ትክክል መሆኑን አረጋግጣለሁ/).check();
  await checkStep(page, info, 'step1');
  await page.getByRole('button', { name: 'ቀጣይ', exact: true }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'መርሐ ግብር' })).toBeVisible();
  await expect(page.getByText('የመጀመሪያው ክፍለ ጊዜ ቀን')).toBeVisible();
  await expect(calendar(page).getByRole('columnheader', { name: 'ሰኞ', exact: true })).toBeVisible();
  await forwardMonths(page, months);
  const open = calendar(page).locator('button:not([disabled])');
  await expect(open.first()).toBeVisible();
  const date = open.nth(Math.floor(Math.random() * (await open.count())));
  await date.click();
  await expect(date).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('group', { name: 'የሚደጋገሙ ቀኖች (በየሳምንቱ)' }).getByRole('checkbox', { checked: true }),
  ).toHaveCount(1);
  const time = page.locator('select[id^="bk-time-"]');
  await expect(time.locator('option').first()).toHaveText('ሰዓት ይምረጡ');
  const times = (
    await time.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  ).filter(Boolean);
  await time.selectOption(pickOne(times));
  await checkStep(page, info, 'step2');
  await page.getByRole('button', { name: 'ቀጣይ', exact: true }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'ማረጋገጫ' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'የታቀዱ ክፍለ ጊዜዎች' }).getByRole('listitem')).toHaveCount(4);
  const amount = page.getByRole('region', { name: 'የሚከፈለው መጠን' });
  await expect(amount).toContainText(/\/ሰዓት × 1 ሰ × 4 ክፍለ ጊዜ/);
  const cost = (await page.getByTestId('confirm-cost').textContent())!;
  expect(cost).toMatch(/^\$\d+\.\d{2}$/);
  await expect(page.getByTestId('mini-cost')).toHaveText(cost);
  await expect(page.getByText('ከላይ የተጠቀሰው ወላጅ/አሳዳጊ')).toBeVisible();
  await checkStep(page, info, 'step3');

  await page.getByRole('button', { name: 'ቦታ ማስያዙን ያረጋግጡ' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'ቦታ ተይዟል፦' })).toBeVisible();
  await page.waitForURL(/\/payment\?reservation_id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'የክፍያ ዝርዝሮች' })).toBeVisible();
  await expect(page.getByLabel('መጠን (የአሜሪካ ዶላር)')).toHaveValue(cost);
  await expect(page.getByRole('region', { name: 'ይህ ክፍያ የሚሸፍናቸው ክፍለ ጊዜዎች (4)' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'የክፍያ ደኅንነት' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ደኅንነቱ በተጠበቀ ሁኔታ ይክፈሉ' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Pay Securely' })).toHaveCount(0);
  await checkStep(page, info, 'payment');
  return cost;
}

test.describe('booking in Amharic', () => {
  // Each journey runs an axe scan and an overflow check at every step (about 25 s alone; more beside another
  // worker on two cores).
  test.setTimeout(90_000);

  test('on a phone, a family chooses a tutor and books up to the payment page in Amharic', async ({
    page,
  }, info) => {
    await page.setViewportSize(phone);
    await inAmharic(page);
    await openTakenOver(page, '/tutors');
    const book = page.locator('main a[href="/booking/form"]');
    await expect(book.first()).toBeVisible();
    const tutorResponse = page.waitForResponse((r) => /\/api\/tutors\/public\/\d+\/\?/.test(r.url()));
    await book.nth(1).click();
    const tutor = (await (await tutorResponse).json()) as { full_name: string; subject: string };
    await expect(page.getByRole('heading', { level: 1, name: 'የማስጠናት ክፍለ ጊዜ ይያዙ' })).toBeVisible();
    await expect(page.getByText(`ከ${tutor.full_name} ጋር ሳምንታዊ የኦንላይን ክፍለ ጊዜዎች`)).toBeVisible();
    await expect(page.getByLabel('የትምህርት ዓይነት', { exact: true })).toHaveValue(tutor.subject);
    await bookInAmharic(page, info, 5);
  });

  test('on a desktop, a family chooses a subject and books up to the payment page in Amharic', async ({
    page,
  }, info) => {
    await page.setViewportSize(desktop);
    await inAmharic(page);
    await page.goto('/booking/form');
    await expect(page.getByRole('heading', { level: 1, name: 'በትምህርት ዓይነት ይያዙ' })).toBeVisible();
    const subject = page.getByLabel('የትምህርት ዓይነት', { exact: true });
    await expect(subject.locator('option[value="sciences"]')).toBeAttached();
    await expect(subject.locator('option').first()).toHaveText('የትምህርት ዓይነት ይምረጡ');
    await subject.selectOption('sciences');
    await bookInAmharic(page, info, 6);
  });
});

test('the family area overview in Amharic on a phone', async ({ page }, info) => {
  await page.setViewportSize(phone);
  await inAmharic(page);
  await signInOnEveryPage(page, 'student');
  await page.goto('/student/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await expect(page.getByRole('heading', { level: 1, name: 'አጠቃላይ እይታ' })).toBeVisible();
  await expect(page.getByText('እንኳን ደህና መጡ፣ Marta Alemayehu')).toBeVisible();
  await expect(page.getByText('ክሬዲትዎ', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'የሚመጡ ክፍለ ጊዜዎች' })).toBeVisible();
  const sessions = page.getByTestId('family-session');
  await expect(sessions.first()).toBeVisible();
  await expect(sessions.first()).toContainText(/በ.+ ውስጥ/);
  await expect(sessions.first().getByRole('button', { name: 'ጊዜ ይቀይሩ' })).toBeVisible();
  await expect(sessions.first().getByRole('button', { name: 'ይሰርዙ' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'ክፍያዎች' })
      .getByRole('link', { name: /^ደረሰኝ TT-/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByText('Upcoming sessions')).toHaveCount(0);
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await checkStep(page, info, 'family-overview');

  // The dialog says what cancelling gives back before anything is done (the last session: in time or not).
  await sessions.last().getByRole('button', { name: 'ይሰርዙ' }).click();
  const dialog = page.getByRole('dialog', { name: 'ክፍለ ጊዜ ይሰርዙ' });
  await expect(dialog.getByTestId('cancel-terms')).toContainText(/^ነፃ/);
  await expect(dialog.getByRole('button', { name: 'ይቆይ' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page, 'cancel dialog');
  await page.screenshot({ path: info.outputPath('family-cancel-390.png') });
});
