import { expect, test, type Page } from '@playwright/test';
import { openTakenOver } from '../support/taken-over.ts';

/**
 * The booking wizard journeys (spec §2, §4, §5, §8) on the real server with demo data. Each test books in its
 * own month well ahead, at a random free date and time, so that parallel tests do not compete for a slot.
 */

const messages = {
  slotTaken: 'That slot has just been taken. Please pick another time.',
  step1: [
    'Parent/guardian full name is required.',
    'Valid parent/guardian email is required.',
    'Parent/guardian phone is required.',
    'Relationship to student is required.',
    'Please choose a subject.',
    'Student full name is required.',
    "Provide the student's grade, age, or date of birth.",
    'Please confirm the student info is accurate.',
  ],
};

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const pickOne = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** 'Monday, 15 June 2026, 6 start times' → '2026-06-15'. */
function isoFromLabel(label: string): string {
  const [d, monthName, y] = label.split(', ')[1]!.split(' ');
  const mm = String(monthNames.indexOf(monthName!) + 1).padStart(2, '0');
  return `${y}-${mm}-${d!.padStart(2, '0')}`;
}

async function fillStep1(page: Page, { family, subject }: { family: string; subject?: string }) {
  await page.getByLabel('Full name', { exact: true }).fill(`Hana ${family}`);
  await page.getByLabel('Email', { exact: true }).fill(`hana.${family}@example.com`);
  await page.getByLabel('Phone', { exact: true }).fill('+1 202 555 0100');
  await page.getByLabel('Relationship to student').selectOption('Mother');
  if (subject) await page.getByLabel('Subject', { exact: true }).selectOption(subject);
  await page.getByLabel('Student full name').fill(`Liya ${family}`);
  await page.getByLabel('Grade', { exact: true }).selectOption('Grade 7');
  await page.getByLabel(/I confirm the student information/).check();
}

const calendar = (page: Page) => page.getByTestId('booking-calendar');

async function waitForMonth(page: Page) {
  await expect(calendar(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
}

async function forwardMonths(page: Page, count: number) {
  await waitForMonth(page);
  for (let i = 0; i < count; i++) {
    await page.getByRole('button', { name: 'Next month' }).click();
    await waitForMonth(page);
  }
}

/** Clicks a random enabled date of the visible month; answers its weekday name. */
async function pickRandomDate(page: Page): Promise<string> {
  const enabled = calendar(page).locator('button:not([disabled])');
  await expect(enabled.first()).toBeVisible();
  const count = await enabled.count();
  const button = enabled.nth(Math.floor(Math.random() * count));
  const label = (await button.getAttribute('aria-label'))!;
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  return label.split(',')[0]!;
}

async function pickRandomTime(page: Page, dayName: string): Promise<string> {
  const select = page.getByLabel(`Start time for ${dayName}`);
  const values = (
    await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  ).filter(Boolean);
  const value = pickOne(values);
  await select.selectOption(value);
  return value;
}

async function confirmAndReachPayment(page: Page) {
  await expect(page.getByRole('heading', { name: 'Confirmation' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Planned sessions' }).getByRole('listitem')).toHaveCount(4);
  const cost = (await page.getByTestId('confirm-cost').textContent())!;
  expect(cost).toMatch(/^\$\d+\.\d{2}$/);
  await expect(page.getByTestId('mini-cost')).toHaveText(cost);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText(/Reservation created/)).toBeVisible();
  await page.waitForURL(/\/payment\?reservation_id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const id = new URL(page.url()).searchParams.get('reservation_id')!;
  return { id, cost };
}

test.describe('the booking wizard', () => {
  test('a family books a chosen tutor from the directory and reaches the payment page', async ({
    page,
    request,
  }) => {
    const family = unique();
    await openTakenOver(page, '/tutors');
    const bookLinks = page.getByRole('link', { name: /^Book (?!a trial)/ });
    await expect(bookLinks.first()).toBeVisible();
    const tutorResponse = page.waitForResponse((r) => /\/api\/tutors\/public\/\d+\/\?/.test(r.url()));
    await bookLinks.nth(2).click();
    await expect(page).toHaveURL('/booking/form');
    const tutor = (await (await tutorResponse).json()) as { id: number; subject: string; full_name: string };
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Tutoring Session' })).toBeVisible();
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(tutor.subject);

    await fillStep1(page, { family });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();
    await forwardMonths(page, 2);
    const day = await pickRandomDate(page);
    await expect(page.getByRole('checkbox', { name: day })).toBeChecked();
    const time = await pickRandomTime(page, day);
    await expect(page.getByLabel(`Start time for ${day}`).locator('option:checked')).toHaveText(
      new RegExp(`^${time} EAT`),
    );
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText(tutor.full_name).first()).toBeVisible();

    const { id, cost } = await confirmAndReachPayment(page);
    const summary = await request.get(`/api/reservations/reservations/${id}/`);
    expect(summary.ok()).toBe(true);
    const body = (await summary.json()) as {
      status: string;
      tutor: { id: number };
      amount: number;
      email: string;
    };
    expect(body.status).toBe('pending_payment');
    expect(body.tutor.id).toBe(tutor.id);
    expect(body.email).toBe(`hana.${family}@example.com`);
    expect(`$${body.amount.toFixed(2)}`).toBe(cost);
  });

  test('a family books by subject from /booking/form?subject=mathematics', async ({ page }) => {
    const family = unique();
    await page.goto('/booking/form?subject=mathematics');
    await expect(page.getByRole('heading', { level: 1, name: 'Book by Subject' })).toBeVisible();
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('mathematics');
    await expect(page.getByRole('group', { name: 'Estimated Monthly Cost' })).toContainText(
      'hr × duration × 4 weeks',
    );

    await fillStep1(page, { family });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await forwardMonths(page, 3);
    const day = await pickRandomDate(page);
    await pickRandomTime(page, day);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await confirmAndReachPayment(page);
  });

  test('step 1 and step 2 show their messages together in one red box', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/booking/form');
    await expect(
      page.getByLabel('Subject', { exact: true }).locator('option', { hasText: 'Mathematics' }),
    ).toBeAttached();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveCount(1);
    expect(await alert.innerText()).toBe(messages.step1.join('\n'));

    await fillStep1(page, { family: unique(), subject: 'sciences' });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Please select a date and at least one recurring day.');

    await forwardMonths(page, 1);
    const day = await pickRandomDate(page);
    const other = day === 'Sunday' ? 'Saturday' : 'Sunday';
    await page.getByRole('checkbox', { name: other }).check();
    await page.getByRole('checkbox', { name: day }).uncheck();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const step2 = page.getByRole('alert');
    await expect(step2).toContainText("The selected date's day must be one of the recurring days.");
    await expect(step2).toContainText('Please select a time for each selected day.');
    await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();
  });

  test('a slot taken between loading and submitting is refused and the month reloaded', async ({
    page,
    request,
  }) => {
    const family = unique();
    await openTakenOver(page, '/tutors');
    const tutorResponse = page.waitForResponse((r) => /\/api\/tutors\/public\/\d+\/\?/.test(r.url()));
    await page
      .getByRole('link', { name: /^Book (?!a trial)/ })
      .nth(4)
      .click();
    const tutor = (await (await tutorResponse).json()) as { id: number };
    await fillStep1(page, { family });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await forwardMonths(page, 4);
    const day = await pickRandomDate(page);
    const time = await pickRandomTime(page, day);
    const pressed = (await calendar(page).locator('button[aria-pressed="true"]').getAttribute('aria-label'))!;
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Confirmation' })).toBeVisible();

    // Someone else books the same slot through the API.
    const date = isoFromLabel(pressed);
    expect(pressed.startsWith(`${longDate(date)},`)).toBe(true);
    const rival = await request.post('/api/reservations/reservations/', {
      data: {
        tutor: tutor.id,
        date,
        time,
        duration_hours: 1,
        full_name: `Rival ${family}`,
        email: `rival.${family}@example.com`,
        phone: '+251 911 000000',
        student_full_name: `Rival student ${family}`,
        student_grade: 'Grade 5',
      },
    });
    expect(rival.status()).toBe(201);

    const reload = page.waitForResponse((r) => r.url().includes('/api/reservations/available/?'));
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.slotTaken);
    await reload;
    await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();
    await waitForMonth(page);
    const select = page.getByLabel(`Start time for ${day}`);
    if (await select.count()) {
      await expect(select).toHaveValue('');
      await expect(select.locator(`option[value="${time}"]`)).toHaveCount(0);
    } else {
      await expect(page.getByText(`No available times for ${day}.`)).toBeVisible();
    }
    await expect(page).toHaveURL('/booking/form');
  });
});
