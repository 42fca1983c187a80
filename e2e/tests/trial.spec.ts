import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { setServerClockOffset } from '../support/server-clock.ts';
import { expectNoHorizontalOverflow, signIn, unique } from './admin-business.helpers.ts';
import { clockURL, confirmedFamily, pageAtServerTime, wordsOf } from './clock-family.helpers.ts';
import { openTakenOver } from '../support/taken-over.ts';

/**
 * Trial lessons (issue 30 item 2, decision 273), on the clock app: a family on a phone opens a tutor's page, books
 * the tutor's trial (contact, student, one slot), cannot book a second one, and once the lesson has passed its area
 * offers "Continue weekly with {tutor}", which opens the booking wizard with the tutor, student and contact filled
 * in. Once in English with a free trial, once in Amharic with a paid one through the demo checkout.
 */

const DAY = 24 * 3_600_000;
test.use({ baseURL: clockURL });
test.afterAll(() => setServerClockOffset(0));

/** A new family with a confirmed address (the trial links to its account by e-mail), signed up in English. */
async function signUp(browser: Browser) {
  const { family, context } = await confirmedFamily(browser, 'trial', 'Trial-1234!');
  await context.close();
  return family;
}

async function tutorNamed(page: Page, name: string) {
  const tutors = (await (await page.request.get('/api/tutors/public/')).json()) as {
    id: number;
    full_name: string;
    trial: { minutes: number; free: boolean } | null;
  }[];
  return tutors.find((t) => t.full_name === name)!;
}

type Tr = (key: string, values?: Record<string, string | number>) => string;

async function fillTrial(page: Page, tb: Tr, family: { email: string }, student: string) {
  await page.getByLabel(tb('Full name'), { exact: true }).fill('Meron Alemu');
  await page.getByLabel(tb('Email'), { exact: true }).fill(family.email);
  await page.getByLabel(tb('Phone'), { exact: true }).fill('+251 911 000 000');
  await page.getByLabel(tb('Student full name'), { exact: true }).fill(student);
  await page.getByLabel(tb('Grade'), { exact: true }).selectOption({ index: 6 });
  const days = page.getByRole('radiogroup', { name: tb('Day') }).getByRole('radio');
  await days.first().click();
  const times = page.getByRole('radiogroup', { name: tb('Time') }).getByRole('radio');
  await times.first().click();
}

async function journey(browser: Browser, info: TestInfo, opts: { am: boolean; tutor: string }) {
  setServerClockOffset(0);
  const tb = opts.am ? wordsOf('booking', true) : wordsOf('booking', false);
  const tp = opts.am ? wordsOf('public', true) : wordsOf('public', false);
  const tf = opts.am ? wordsOf('family', true) : wordsOf('family', false);
  const family = await signUp(browser);
  const first = await pageAtServerTime(browser, opts.am);
  const page = first.page;
  const tutor = await tutorNamed(page, opts.tutor);
  expect(tutor.trial).not.toBeNull();

  // The tutor's page offers the trial; its short path books it.
  await openTakenOver(page, `/tutors/${tutor.id}`);
  await page
    .getByRole('link', { name: tp('Book a trial lesson with {{name}}', { name: opts.tutor }) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/booking/trial/${tutor.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: tb('Book a trial lesson') })).toBeVisible();
  const student = `Liya ${unique()}`;
  await fillTrial(page, tb, family, student);
  await expectNoHorizontalOverflow(page, 'the trial path');
  await page.screenshot({ path: info.outputPath(`trial-${opts.am ? 'am' : 'en'}-390.png`), fullPage: true });

  if (tutor.trial!.free) {
    await page.getByRole('button', { name: tb('Book the free trial') }).click();
    await page.waitForURL(/\/payment-success\?session_id=credit_/);
  } else {
    await page.getByRole('button', { name: tb('Continue to payment') }).click();
    await page.waitForURL(/\/payment\?reservation_id=/);
    const tpay = opts.am ? wordsOf('payments', true) : wordsOf('payments', false);
    await page.getByRole('button', { name: tpay('Pay Securely') }).click();
    await page.waitForURL(/\/api\/payments\/demo\/checkout\//);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/payment-success\?session_id=/);
  }
  await expectNoHorizontalOverflow(page, 'the confirmation');

  // A second trial with the same tutor (the e-mail in capitals) is refused, and says why.
  await page.goto(`/booking/trial/${tutor.id}`);
  await fillTrial(page, tb, { email: family.email.toUpperCase() }, `${student} 2`);
  await page
    .getByRole('button', { name: tutor.trial!.free ? tb('Book the free trial') : tb('Continue to payment') })
    .click();
  // In Amharic by its code once the locales have it; the English answer before.
  const code = opts.am ? wordsOf('errors', true)('trial_already_booked') : 'trial_already_booked';
  const refusal = code === 'trial_already_booked' ? /already has a trial lesson/ : code;
  await expect(page.getByRole('alert')).toContainText(refusal);
  await first.context.close();

  // Fifteen days on, the lesson has passed: the family's area offers weekly lessons with the tutor.
  setServerClockOffset(15 * DAY);
  const later = await pageAtServerTime(browser, opts.am);
  await signIn(later.page, family.username, family.password);
  await later.page.goto('/student/dashboard');
  const next = later.page.getByRole('link', {
    name: tf('Continue weekly with {{tutor}}', { tutor: opts.tutor }),
  });
  await expect(next).toBeVisible({ timeout: 20_000 });
  await expectNoHorizontalOverflow(later.page, 'the family area');
  await next.click();
  await expect(later.page).toHaveURL(/\/booking\/form$/);
  await expect(later.page.getByLabel(tb('Student full name'), { exact: true })).toHaveValue(student);
  await expect(later.page.getByLabel(tb('Email'), { exact: true })).toHaveValue(family.email);
  await expect(later.page.getByLabel(tb('Phone'), { exact: true })).toHaveValue('+251 911 000 000');
  await expect(later.page.locator('#main')).toContainText(opts.tutor);
  await later.page.screenshot({
    path: info.outputPath(`continue-weekly-${opts.am ? 'am' : 'en'}-390.png`),
    fullPage: true,
  });
  await later.context.close();
  setServerClockOffset(0);
}

test('a free trial from the tutor page on a phone, then "Continue weekly"', async ({ browser }, info) => {
  test.setTimeout(180_000);
  await journey(browser, info, { am: false, tutor: 'Hana Tesfaye' });
});

test('a paid trial in Amharic through the demo checkout, then "Continue weekly"', async ({
  browser,
}, info) => {
  test.setTimeout(180_000);
  await journey(browser, info, { am: true, tutor: 'Yonas Alemu' });
});
