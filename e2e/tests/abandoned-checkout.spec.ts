import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import {
  expectNoHorizontalOverflow,
  inAmharic,
  signInOnEveryPage,
  unique as uniqueName,
} from './admin-business.helpers.ts';
import { payWithDemo, reserveAtRandom, signUpFamily } from './family.helpers.ts';
import { openTakenOver } from '../support/taken-over.ts';

/**
 * Issue 32 item 6 (decision 253): abandon a checkout and come back, on a phone, in English and in Amharic. A
 * family books a tutor up to the payment page, goes Back twice to the wizard and finds its fields kept and its
 * booking "waiting for payment" with a link to pay it; it pays on, cancels at the checkout, and the cancel page
 * takes it back to the wizard with its details and times kept.
 */

const phone = { width: 390, height: 844 };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

const words = {
  en: {
    bookTutor: /^Book (?!by|a trial)/,
    paymentDetails: 'Payment details',
    withTutor: 'Book a Tutoring Session',
    next: 'Next',
    nextMonth: 'Next month',
    confirm: 'Confirm Booking',
    schedule: 'Schedule',
    waiting: 'You have a booking waiting for payment',
    payThis: 'Pay for this booking',
    paySecurely: 'Pay Securely',
    backToForm: 'Back to the booking form',
    kept: 'Your details and chosen times are kept.',
  },
  am: {
    bookTutor: /^ከ.+ ጋር ትምህርት ይያዙ$/,
    paymentDetails: 'የክፍያ ዝርዝሮች',
    withTutor: 'የማስጠናት ክፍለ ጊዜ ይያዙ',
    next: 'ቀጣይ',
    nextMonth: 'የሚቀጥለው ወር',
    confirm: 'ቦታ ማስያዙን ያረጋግጡ',
    schedule: 'መርሐ ግብር',
    waiting: 'ክፍያ የሚጠብቅ ቦታ ማስያዣ አለዎት',
    payThis: 'ለዚህ ቦታ ማስያዣ ይክፈሉ',
    paySecurely: 'ደኅንነቱ በተጠበቀ ሁኔታ ይክፈሉ',
    backToForm: 'ወደ ቦታ ማስያዣ ቅጹ ይመለሱ',
    kept: 'ዝርዝሮችዎ እና የመረጧቸው ሰዓቶች ተጠብቀዋል።',
  },
} as const;

const calendar = (page: Page) => page.getByTestId('booking-calendar');
const waitForMonth = (page: Page) =>
  expect(calendar(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
const field = (page: Page, name: string) => page.locator(`#main [name="${name}"]`);

async function look(page: Page, info: TestInfo, name: string) {
  await expectNoHorizontalOverflow(page, name);
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

for (const lang of ['en', 'am'] as const) {
  const w = words[lang];
  test(`abandon a checkout and come back (${lang}, phone)`, async ({ page }, info) => {
    test.setTimeout(120_000);
    await page.setViewportSize(phone);
    if (lang === 'am') await inAmharic(page);
    const family = unique();
    const name = `Selam ${family}`;
    const student = `Nahom ${family}`;

    // A tutor from the directory, step 1 (by field name: the same in both languages).
    await openTakenOver(page, '/tutors');
    const book = page.getByRole('link', { name: w.bookTutor });
    await expect(book.first()).toBeVisible();
    await book.nth(Math.floor(Math.random() * Math.min(6, await book.count()))).click();
    await expect(page).toHaveURL('/booking/form');
    await expect(page.getByRole('heading', { level: 1, name: w.withTutor })).toBeVisible();
    await field(page, 'full_name').fill(name);
    await field(page, 'email').fill(`selam.${family}@example.com`);
    await field(page, 'phone').fill('+251 911 000 222');
    await field(page, 'guardian_relationship').selectOption('Mother');
    await field(page, 'student_name').fill(student);
    await field(page, 'grade_level').selectOption('Grade 8');
    await field(page, 'confirm_info').check();
    await page.getByRole('button', { name: w.next, exact: true }).click();

    // Step 2: a free date months ahead and a time.
    await expect(page.getByRole('heading', { level: 2, name: w.schedule })).toBeVisible();
    await waitForMonth(page);
    for (let i = 0; i < 3 + Math.floor(Math.random() * 4); i++) {
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
    const chosenTime = pick(times);
    await time.selectOption(chosenTime);
    await page.getByRole('button', { name: w.next, exact: true }).click();
    await page.getByRole('button', { name: w.confirm }).click();
    await page.waitForURL(/\/payment\?reservation_id=[0-9a-f-]{36}$/);
    const reservationId = new URL(page.url()).searchParams.get('reservation_id')!;
    await expect(page.getByRole('heading', { level: 2, name: w.paymentDetails })).toBeVisible();

    // Back (the browser's) to the wizard: the fields are there, and the booking waits for payment.
    await page.goBack();
    await expect(page).toHaveURL('/booking/form');
    await expect(field(page, 'full_name')).toHaveValue(name);
    await expect(field(page, 'student_name')).toHaveValue(student);
    const waiting = page.getByRole('region', { name: w.waiting });
    await expect(waiting).toBeVisible();
    const payLink = waiting.getByRole('link', { name: w.payThis });
    await expect(payLink).toHaveAttribute('href', `/payment?reservation_id=${reservationId}`);
    await look(page, info, `waiting-${lang}`);
    await waiting.screenshot({ path: info.outputPath(`notice-${lang}.png`) });

    // Pay it, then cancel at the checkout: the cancel page leads back to the wizard, fields and times kept.
    await payLink.click();
    await expect(page).toHaveURL(`/payment?reservation_id=${reservationId}`);
    await page.getByRole('button', { name: w.paySecurely }).click();
    await page.waitForURL(/\/api\/payments\/demo\/checkout\//);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(`/payment-cancel?reservation_id=${reservationId}`);
    await expect(page.getByText(w.kept)).toBeVisible();
    await look(page, info, `cancelled-${lang}`);
    await page.getByRole('link', { name: w.backToForm }).click();
    await expect(page).toHaveURL(`/booking/form?again=${reservationId}`);
    await expect(field(page, 'full_name')).toHaveValue(name);
    await expect(field(page, 'student_name')).toHaveValue(student);
    await expect(field(page, 'confirm_info')).not.toBeChecked();
    // The cancelled booking no longer waits for payment.
    await expect(page.getByRole('region', { name: w.waiting })).toHaveCount(0);
    await field(page, 'confirm_info').check();
    await page.getByRole('button', { name: w.next, exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: w.schedule })).toBeVisible();
    await waitForMonth(page);
    await expect(time).toHaveValue(chosenTime);
    await look(page, info, `back-in-wizard-${lang}`);
  });
}

test('a reload keeps a long name in the wizard, at desktop and phone width', async ({ page }, info) => {
  const long = 'ሀ'.repeat(150) + 'a'.repeat(150);
  await page.goto('/booking/form');
  await field(page, 'full_name').fill(long);
  await field(page, 'student_name').fill(long);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(field(page, 'full_name')).toHaveValue(long);
    await expect(field(page, 'student_name')).toHaveValue(long);
    await look(page, info, `long-name-${width}`);
  }
});

/**
 * Issue 32 item 7 (decision 253): a signed-in family who picks a tutor finds its saved details filled in, and
 * its own unpaid booking is told of from the server even when this browser forgot it.
 */
test('a signed-in family starts from its saved details and finds its unpaid booking', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const username = `h5_${uniqueName()}`;
  const email = `${username}@example.com`;
  const password = 'selam2025';

  // A new family: signed up and confirmed, with a paid booking under its address (what the wizard starts from).
  await signUpFamily(page, { username, email, password });
  await paidBookingFor(request, email);
  await signInOnEveryPage(page, username, password);

  const openTutor = async () => {
    await openTakenOver(page, '/tutors');
    await page
      .getByRole('link', { name: /^Book (?!by|a trial)/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Tutoring Session' })).toBeVisible();
  };
  await openTutor();
  await expect(field(page, 'full_name')).toHaveValue('Selam Tadesse');
  await expect(field(page, 'email')).toHaveValue(email);
  await expect(field(page, 'phone')).toHaveValue('+251 911 000 111');
  await expect(field(page, 'student_name')).toHaveValue('Abel Tadesse');
  // Still editable.
  await field(page, 'phone').fill('+251 911 000 999');
  await expect(field(page, 'phone')).toHaveValue('+251 911 000 999');
  await look(page, info, 'saved-details-1280');

  // An unpaid booking of this family made elsewhere (another device): the server tells of it.
  const unpaid = await unpaidBookingFor(request, email);
  await page.evaluate(() => localStorage.removeItem('tibeb.unpaid-reservations'));
  await page.evaluate(() => sessionStorage.clear());
  await openTutor();
  const waiting = page.getByRole('region', { name: 'You have a booking waiting for payment' });
  await expect(waiting.getByRole('link', { name: 'Pay for this booking' })).toHaveAttribute(
    'href',
    `/payment?reservation_id=${unpaid}`,
  );
  await look(page, info, 'server-unpaid-1280');
});

type Booked = { id: string; amount: number };

/** A reservation for `email` at a free slot of a published tutor, months ahead. */
const reserveFor = (request: APIRequestContext, email: string): Promise<Booked> =>
  reserveAtRandom(request, {
    fullName: 'Selam Tadesse',
    email,
    phone: '+251 911 000 111',
    student: 'Abel Tadesse',
  });

async function paidBookingFor(request: APIRequestContext, email: string) {
  await payWithDemo(request, await reserveFor(request, email), { fullName: 'Selam Tadesse', email });
}

async function unpaidBookingFor(request: APIRequestContext, email: string) {
  return (await reserveFor(request, email)).id;
}
