import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { inAmharic, signInOnEveryPage, unique } from './admin-business.helpers.ts';
import { bookingDueForRenewal, signUpFamily } from './family.helpers.ts';
import { openTakenOver } from '../support/taken-over.ts';

/**
 * Issue 32 item 5 (decision 252): a signed-in family with credit sees it wherever an amount is. A new family's
 * booking has its last three weeks cancelled for credit; on a phone (390 px) the family books a tutor through the
 * public wizard with the same e-mail: step 3 shows "Credit used −$X / To pay $Y" (X = min(credit, amount)), the
 * payment page shows the same lines, and the success page names the credit. A visitor (not signed in) typing the
 * same e-mail sees no credit on step 3. In English and in Amharic, each with a family of its own.
 */
test.describe.configure({ mode: 'serial' });

const password = 'selam2025';
const phone = { width: 390, height: 844 };
const usd = (cents: number) =>
  `$${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)}`;
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

const words = {
  en: {
    bookTutor: /^Book (?!by|a trial)/,
    withTutor: 'Book a Tutoring Session',
    next: 'Next',
    nextMonth: 'Next month',
    schedule: 'Schedule',
    confirm: 'Confirm Booking',
    paymentDetails: 'Payment details',
    creditUsed: 'Credit used',
    toPay: 'To pay',
    pay: 'Pay Securely',
    payWithCredit: 'Confirm with my credit',
    paidWithCredit: 'Paid with your credit',
    creditThenCard: (credit: string, card: string) => `Credit used: ${credit}. Paid by card: ${card}.`,
  },
  am: {
    bookTutor: /^ከ.+ ጋር ትምህርት ይያዙ$/,
    withTutor: 'የማስጠናት ክፍለ ጊዜ ይያዙ',
    next: 'ቀጣይ',
    nextMonth: 'የሚቀጥለው ወር',
    schedule: 'መርሐ ግብር',
    confirm: 'ቦታ ማስያዙን ያረጋግጡ',
    paymentDetails: 'የክፍያ ዝርዝሮች',
    creditUsed: 'የዋለ ክሬዲት',
    toPay: 'የሚከፈል',
    pay: 'ደኅንነቱ በተጠበቀ ሁኔታ ይክፈሉ',
    payWithCredit: 'በክሬዲቴ አረጋግጥ',
    paidWithCredit: 'በክሬዲትዎ ተከፍሏል',
    creditThenCard: (credit: string, card: string) => `የዋለ ክሬዲት፦ ${credit}። በካርድ የተከፈለ፦ ${card}።`,
  },
} as const;
type Words = (typeof words)[keyof typeof words];

const calendar = (page: Page) => page.getByTestId('booking-calendar');
const waitForMonth = (page: Page) =>
  expect(calendar(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
const field = (page: Page, name: string) => page.locator(`#main [name="${name}"]`);

async function fitsThePhone(page: Page, label: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${label} is ${width}px wide`).toBeLessThanOrEqual(390);
}

/**
 * From the directory to step 3 with the tutor at `index` (near the start of the list: renewal-price.spec.ts
 * raises a rate elsewhere for a few seconds), at a free date `monthsAhead` months ahead. Fills what the saved
 * details leave empty. Answers the step's amount, once the server's preview has answered.
 */
async function toStepThree(page: Page, w: Words, index: number, email: string, monthsAhead: number) {
  await openTakenOver(page, '/tutors');
  const book = page.getByRole('link', { name: w.bookTutor });
  await expect(book.first()).toBeVisible();
  await book.nth(Math.min(index, (await book.count()) - 1)).click();
  await expect(page).toHaveURL('/booking/form');
  await expect(page.getByRole('heading', { level: 1, name: w.withTutor })).toBeVisible();
  const fillIfEmpty = async (name: string, value: string) => {
    if (!(await field(page, name).inputValue())) await field(page, name).fill(value);
  };
  await fillIfEmpty('full_name', 'Selam Tadesse');
  await field(page, 'email').fill(email);
  await fillIfEmpty('phone', '+251 911 000 111');
  if (!(await field(page, 'guardian_relationship').inputValue()))
    await field(page, 'guardian_relationship').selectOption('Mother');
  await fillIfEmpty('student_name', 'Abel Tadesse');
  if (!(await field(page, 'grade_level').inputValue()))
    await field(page, 'grade_level').selectOption('Grade 5');
  await field(page, 'confirm_info').check();
  await page.getByRole('button', { name: w.next, exact: true }).click();

  await expect(page.getByRole('heading', { level: 2, name: w.schedule })).toBeVisible();
  await waitForMonth(page);
  for (let i = 0; i < monthsAhead; i++) {
    await page.getByRole('button', { name: w.nextMonth }).click();
    await waitForMonth(page);
  }
  const open = calendar(page).locator('button:not([disabled])');
  await expect(open.first()).toBeVisible();
  await open.nth(Math.floor(Math.random() * (await open.count()))).click();
  const time = page.locator('select[id^="bk-time-"]');
  const times = (
    await time.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  ).filter(Boolean);
  await time.selectOption(times[Math.floor(Math.random() * times.length)]!);
  const preview = page.waitForResponse(
    (r) => r.url().includes('/api/reservations/preview/') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: w.next, exact: true }).click();
  expect((await preview).status()).toBe(200);
  const cost = page.getByTestId('confirm-cost');
  await expect(cost).toHaveText(/^\$[\d,]+\.\d\d$/);
  return cents((await cost.textContent())!);
}

async function creditJourney(browser: Browser, info: TestInfo, lang: 'en' | 'am') {
  const w = words[lang];
  const family = `credit_${unique()}`;
  const email = `${family}@example.com`;
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await signUpFamily(page, { username: family, email, password });
  await signInOnEveryPage(page, family, password);
  await page.goto('/student/dashboard');
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { authorization: `Bearer ${token}` };
  // Credit: a paid booking's last three weeks cancelled for credit, with a tutor near the start of the list.
  await bookingDueForRenewal(page.request, { email, headers }, (tutors) => tutors.slice(2, 6));
  const ledger = (await (await page.request.get('/api/student/credit/', { headers })).json()) as {
    balances: { currency: string; amount_cents: number }[];
  };
  const credit = ledger.balances.find((b) => b.currency === 'USD')?.amount_cents ?? 0;
  expect(credit, 'the cancelled weeks left a credit').toBeGreaterThan(0);
  const index = 2 + Math.floor(Math.random() * 4);
  const monthsAhead = 3 + Math.floor(Math.random() * 4);

  // A visitor (another browser, not signed in) typing the same e-mail sees the full amount and no credit.
  const visitorContext = await browser.newContext({ viewport: phone });
  try {
    const visitor = await visitorContext.newPage();
    if (lang === 'am') await inAmharic(visitor);
    await toStepThree(visitor, w, index, email, monthsAhead);
    await expect(visitor.getByTestId('confirm-credit')).toHaveCount(0);
    await expect(visitor.getByText(w.creditUsed, { exact: true })).toHaveCount(0);
  } finally {
    await visitorContext.close();
  }

  try {
    // The family, signed in, in its language: step 3 shows the credit the checkout will use.
    if (lang === 'am') await inAmharic(page);
    const amount = await toStepThree(page, w, index, email, monthsAhead);
    if (lang === 'am') await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    const used = Math.min(credit, amount);
    const toPay = amount - used;
    const lines = page.getByTestId('confirm-credit');
    await expect(lines).toBeVisible();
    await expect(lines.locator('div').filter({ hasText: w.creditUsed }).locator('dd')).toHaveText(
      `−${usd(used)}`,
    );
    await expect(lines.locator('div').filter({ hasText: w.toPay }).locator('dd')).toHaveText(usd(toPay));
    await fitsThePhone(page, 'step 3');
    await page.screenshot({ path: info.outputPath(`credit-step-3-${lang}-390.png`), fullPage: true });

    // The payment page: the same two lines.
    await page.getByRole('button', { name: w.confirm }).click();
    await page.waitForURL(/\/payment\?reservation_id=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 2, name: w.paymentDetails })).toBeVisible();
    const summary = page.getByTestId('credit-summary');
    await expect(summary.locator('dt', { hasText: w.creditUsed }).locator('+ dd')).toHaveText(
      `−${usd(used)}`,
    );
    await expect(summary.locator('dt', { hasText: w.toPay }).locator('+ dd')).toHaveText(usd(toPay));
    await fitsThePhone(page, 'the payment page');
    await page.screenshot({ path: info.outputPath(`credit-payment-${lang}-390.png`), fullPage: true });

    // Paying: by the credit alone, or the rest through the demo provider; the success page names the credit.
    if (toPay === 0) {
      await page.getByRole('button', { name: w.payWithCredit }).click();
      await page.waitForURL(/\/payment-success\?/);
      await expect(page.getByTestId('paid-with-credit')).toContainText(w.paidWithCredit);
      await expect(page.getByTestId('paid-with-credit')).toContainText(usd(used));
    } else {
      await page.getByRole('button', { name: w.pay }).click();
      await page.waitForURL(/\/api\/payments\/demo\/checkout\/[0-9a-f-]{36}\/$/);
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await page.waitForURL(/\/payment-success\?session_id=demo_cs_\w+$/);
      await expect(page.getByTestId('paid-with-credit')).toHaveText(w.creditThenCard(usd(used), usd(toPay)));
    }
    await fitsThePhone(page, 'the success page');
    await page.screenshot({ path: info.outputPath(`credit-success-${lang}-390.png`), fullPage: true });

    // The ledger spent what the pages said.
    const after = (await (await page.request.get('/api/student/credit/', { headers })).json()) as {
      balances: { currency: string; amount_cents: number }[];
    };
    expect(after.balances.find((b) => b.currency === 'USD')?.amount_cents ?? 0).toBe(credit - used);
  } finally {
    await context.close();
  }
}

for (const lang of ['en', 'am'] as const) {
  test(`a family's credit on step 3, the payment page and the success page; not to a visitor (${lang}, phone)`, async ({
    browser,
  }, info) => {
    test.setTimeout(180_000);
    await creditJourney(browser, info, lang);
  });
}
