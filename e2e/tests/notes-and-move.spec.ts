import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { expectNoHorizontalOverflow, signIn } from './admin-business.helpers.ts';

/**
 * Issue 31 item 6 (decision 261), at phone width: a tutor corrects a progress note and the family reads the new
 * text marked "edited", then the tutor withdraws it and it is gone; an administrator moves a lesson by 30 minutes
 * (the Move dialog offers the times overlapping the lesson's own slot).
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return { context, page: await context.newPage() };
}

const plus30 = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + 30;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

test('a tutor corrects a progress note; the family reads the new text marked edited, then it is withdrawn', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const first = `Nahom mixed up fractions today (${unique()}).`;
  const corrected = `Nahom mastered decimals today (${unique()}).`;
  const tutor = await phone(browser);
  await signIn(tutor.page, 'tutor');
  await tutor.page.goto('/tutor/students');
  const card = tutor.page.getByRole('article', { name: 'Nahom Alemayehu' });
  await expect(card).toBeVisible();

  // The latest session held: a note through the attendance form.
  const recent = card.getByRole('listitem').filter({ hasText: 'Attended' }).first();
  await recent.getByText('Change attendance or add a note').click();
  const form = recent.getByRole('form', { name: 'Attendance of Nahom Alemayehu' });
  await form.getByLabel('Attended').check();
  await form.getByLabel('Progress note for the family (optional)').fill(first);
  await form.getByRole('button', { name: 'Save attendance' }).click();
  const noted = card.getByRole('listitem').filter({ hasText: first });
  // The note as the lesson shows it (the attendance form, still open when the lesson was marked before, holds the
  // same text in its box).
  await expect(noted.locator('p', { hasText: 'Progress note:' })).toContainText(first);

  // Correct it.
  await noted.getByText('Correct or withdraw the note').click();
  const edit = noted.getByRole('form', { name: 'Correct the progress note' });
  const box = edit.getByLabel('Progress note for the family', { exact: true });
  await expect(box).toHaveValue(first);
  await expect(edit).toContainText('You can change it until');
  await box.fill(corrected);
  await edit.getByRole('button', { name: 'Save the corrected note' }).click();
  await expect(edit.getByRole('status')).toHaveText('Note corrected.');
  const fixed = card.getByRole('listitem').filter({ hasText: corrected });
  await expect(fixed.locator('p', { hasText: 'Progress note:' })).toContainText(corrected);
  await expectNoHorizontalOverflow(tutor.page, "the tutor's students");
  await tutor.page.screenshot({ path: '/tmp/notes-tutor-edit-390.png', fullPage: true });

  // The family reads only the corrected text, marked edited.
  const family = await phone(browser);
  await signIn(family.page, 'student');
  await family.page.goto('/student/progress');
  const item = family.page.getByRole('listitem').filter({ hasText: corrected });
  await expect(item).toBeVisible();
  await expect(item).toContainText('edited');
  await expect(family.page.getByText(first)).toHaveCount(0);
  await expectNoHorizontalOverflow(family.page, "the family's Progress");
  await family.page.screenshot({ path: '/tmp/notes-family-edited-390.png', fullPage: true });

  // Withdraw it: asked first, then gone from the tutor's card and the family's Progress.
  await fixed.getByRole('button', { name: 'Withdraw the note' }).click();
  const confirm = tutor.page.getByRole('dialog', { name: 'Withdraw this progress note?' });
  await expect(confirm).toContainText('E-mails already sent cannot be recalled.');
  await confirm.getByRole('button', { name: 'Withdraw the note' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Note withdrawn.' })).toBeVisible();
  await expect(card.getByText(corrected)).toHaveCount(0);
  await family.page.reload();
  await expect(family.page.getByRole('heading', { name: 'Tutor notes' }).first()).toBeVisible();
  await expect(family.page.getByText(corrected)).toHaveCount(0);
  await tutor.context.close();
  await family.context.close();
});

/** A family books and pays (demo checkout) one weekly hour at a time whose next half hour is free too. */
async function paidReservation(request: APIRequestContext, family: string) {
  const tutors = (await (await request.get('/api/tutors/public/')).json()) as {
    id: number;
    subject: string;
  }[];
  const tutor = tutors[tutors.length - 3]!;
  const ahead = new Date();
  ahead.setUTCMonth(ahead.getUTCMonth() + 4, 1);
  const [year, month] = [ahead.getUTCFullYear(), ahead.getUTCMonth() + 1];
  const available = (
    (await (
      await request.get(
        `/api/reservations/available/?tutor_id=${tutor.id}&year=${year}&month=${month}&duration_minutes=60&only_future=true&_ts=${Date.now()}`,
      )
    ).json()) as { available: Record<string, string[]> }
  ).available;
  const choices = Object.entries(available).flatMap(([date, times]) =>
    times.filter((t) => times.includes(plus30(t))).map((time) => ({ date, time })),
  );
  expect(choices.length).toBeGreaterThan(0);
  const { date, time } = choices[Math.floor(Math.random() * Math.min(choices.length, 20))]!;
  const email = `almaz.${family}@example.com`;
  const created = await request.post('/api/reservations/reservations/', {
    data: {
      tutor: tutor.id,
      date,
      time,
      duration_hours: 1,
      full_name: `Almaz ${family}`,
      email,
      phone: '+251 911 000 000',
      guardian_relationship: 'Mother',
      subject: tutor.subject,
      student_full_name: `Liya ${family}`,
      student_grade: 'Grade 5',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const reservation = (await created.json()) as { id: string; amount: number };
  const checkout = await request.post('/api/payments/create-checkout-session/', {
    data: { full_name: `Almaz ${family}`, email, amount: reservation.amount, reservation_id: reservation.id },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const url = new URL(((await checkout.json()) as { checkout_url: string }).checkout_url, 'http://x')
    .pathname;
  const paid = await request.post(`${url}pay/`, { form: {}, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return { tutorId: tutor.id, year, month, date, time, email };
}

test('an admin moves a lesson by 30 minutes at 390 px: the Move dialog offers its own overlapping times', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const family = unique();
  const { page, context } = await phone(browser);
  const booking = await paidReservation(page.request, family);
  const later = plus30(booking.time);
  // Without the lesson's exception the half hour after it is busy (what the dialog showed before).
  const plain = (await (
    await page.request.get(
      `/api/reservations/available/?tutor_id=${booking.tutorId}&year=${booking.year}&month=${booking.month}&duration_minutes=60&only_future=true&_ts=${Date.now()}`,
    )
  ).json()) as { available: Record<string, string[]> };
  expect(plain.available[booking.date]).not.toContain(later);

  await signIn(page, 'admin');
  await page.goto('/admin/reservation');
  await page.getByLabel('Search by family or student').fill(booking.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByRole('link', { name: /^Move or cancel/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit reservation' })).toBeVisible();
  await page
    .getByRole('button', { name: /^Move session of / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Move session' });
  await expect(dialog.getByLabel('New date')).toHaveValue(booking.date);
  const timeSelect = dialog.getByLabel('New start time (EAT)');
  // Its own time and the half hour after it are offered.
  await expect(timeSelect.locator('option', { hasText: `${booking.time} EAT` })).toBeAttached();
  await expect(timeSelect.locator('option', { hasText: `${later} EAT` })).toBeAttached();
  await expectNoHorizontalOverflow(page, 'the Move dialog');
  await page.screenshot({ path: '/tmp/notes-admin-move-390.png', fullPage: true });
  await timeSelect.selectOption(later);
  await dialog.getByLabel('Only this session').check();
  await dialog.getByRole('button', { name: 'Move session' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Moved to / })).toBeVisible();
  await expect(dialog).toBeHidden();
  const long = new Date(`${booking.date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByRole('list', { name: 'Sessions' })).toContainText(`${long} ${later} EAT`);
  await context.close();
});
