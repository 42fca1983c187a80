import { expect, test, type Page } from '@playwright/test';
import { openTakenOver } from '../support/taken-over.ts';

/**
 * The plan before payment (issue 11 §3) on the real server: the confirmation step shows every planned date
 * and time from the server, the dates someone else took meanwhile marked with why, and the amount it will
 * charge; the payment page and the demo checkout list the same sessions.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const calendar = (page: Page) => page.getByTestId('booking-calendar');
const monthNames =
  'January February March April May June July August September October November December'.split(' ');

/** 'Monday, 15 June 2026, 6 start times' → '2026-06-15'. */
function isoFromLabel(label: string): string {
  const [d, monthName, y] = label.split(', ')[1]!.split(' ');
  return `${y}-${String(monthNames.indexOf(monthName!) + 1).padStart(2, '0')}-${d!.padStart(2, '0')}`;
}
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function waitForMonth(page: Page) {
  await expect(calendar(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
}

test('a date taken before confirming is shown skipped with why, and left out of the amount everywhere', async ({
  page,
  request,
}) => {
  const family = unique();
  await openTakenOver(page, '/tutors');
  const bookLinks = page.getByRole('link', { name: /^Book (?!a trial)/ });
  await expect(bookLinks.first()).toBeVisible();
  const tutorResponse = page.waitForResponse((r) => /\/api\/tutors\/public\/\d+\/\?/.test(r.url()));
  await bookLinks.nth(Math.floor(Math.random() * 6)).click();
  const tutor = (await (await tutorResponse).json()) as { id: number; hourly_rate: number; subject: string };

  await page.getByLabel('Full name', { exact: true }).fill(`Tigist ${family}`);
  await page.getByLabel('Email', { exact: true }).fill(`tigist.${family}@example.com`);
  await page.getByLabel('Phone', { exact: true }).fill('+251 911 000 000');
  await page.getByLabel('Relationship to student').selectOption('Mother');
  await page.getByLabel('Student full name').fill(`Bethel ${family}`);
  await page.getByLabel('Grade', { exact: true }).selectOption('Grade 6');
  await page.getByLabel(/I confirm the student information/).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();
  await waitForMonth(page);
  for (let i = 0, months = 4 + Math.floor(Math.random() * 4); i < months; i++) {
    await page.getByRole('button', { name: 'Next month' }).click();
    await waitForMonth(page);
  }
  // An early date of the month, so its four weeks stay in view of the plan.
  const enabled = calendar(page).locator('button:not([disabled])');
  await expect(enabled.first()).toBeVisible();
  const button = enabled.nth(Math.floor(Math.random() * Math.min(5, await enabled.count())));
  const label = (await button.getAttribute('aria-label'))!;
  const day = label.split(',')[0]!;
  const date = isoFromLabel(label);
  await button.click();
  const select = page.getByLabel(`Start time for ${day}`);
  const times = (
    await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  ).filter(Boolean);
  const time = times[Math.floor(Math.random() * times.length)]!;
  await select.selectOption(time);

  // Meanwhile another family books the same weekly time from the third week on.
  const taken = await request.post('/api/reservations/reservations/', {
    data: {
      tutor: tutor.id,
      date: addDays(date, 14),
      time,
      duration_hours: 1,
      full_name: `Other ${family}`,
      email: `other.${family}@example.com`,
      phone: '+251 911 000 001',
      subject: tutor.subject,
      student_full_name: `Kid ${family}`,
      student_age: 9,
    },
  });
  expect(taken.status()).toBe(201);

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Confirmation' })).toBeVisible();
  const skipped = page.getByRole('list', { name: 'Skipped sessions' });
  await expect(skipped.getByRole('listitem')).toHaveCount(2);
  await expect(skipped).toContainText('Clashes with an existing booking.');
  await expect(page.getByRole('list', { name: 'Planned sessions' }).getByRole('listitem')).toHaveCount(2);
  const amount = `$${(tutor.hourly_rate * 2).toFixed(2)}`;
  await expect(page.getByTestId('confirm-cost')).toHaveText(amount);
  await expect(page.getByTestId('mini-cost')).toHaveText(amount);

  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await page.waitForURL(/\/payment\?reservation_id=[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Amount (USD)')).toHaveValue(amount);
  await expect(
    page.getByRole('region', { name: 'Sessions this payment covers (2)' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Skipped automatically' }).getByRole('listitem')).toHaveCount(
    2,
  );

  await page.getByRole('button', { name: 'Pay Securely' }).click();
  await page.waitForURL(/\/api\/payments\/demo\/checkout\//);
  await expect(page.getByRole('list', { name: 'Sessions', exact: true }).getByRole('listitem')).toHaveCount(
    2,
  );
  await expect(page.getByRole('list', { name: 'Skipped sessions' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: `Pay ${amount}` })).toBeVisible();
});
