import { expect, test } from '@playwright/test';
import { signIn } from './admin-business.helpers.ts';
import { png } from './png.helpers.ts';
import { openTakenOver } from '../support/taken-over.ts';

/**
 * Issue 13 journey: an administrator creates a tutor with a photo and a weekly window; a family then finds the
 * tutor in the directory, sees the photo, and books the new time in the wizard.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('an admin creates a tutor with a photo and availability; a family finds the tutor and books the new time', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `Tigist Worku ${unique()}`;
  await signIn(page, 'admin');

  // The profile, previewed as the directory card and its Details dialog while typing.
  await page.goto('/admin/tutors/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add tutor' })).toBeVisible();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Subject (as shown)').fill('Physics');
  // An empty rate is asked for under its field, never saved as a free tutor (issue 31 item 5).
  await page.getByRole('button', { name: 'Create tutor' }).click();
  await expect(page.getByLabel('Hourly rate (USD)')).toHaveAccessibleDescription(
    'Enter an hourly rate above zero.',
  );
  await page.getByLabel('Hourly rate (USD)').fill('31.5');
  await page.getByLabel('From grade').selectOption('7');
  await page.getByLabel('To grade').selectOption('12');
  await page.getByLabel('Years of experience').fill('6');
  await page.getByLabel('Education').fill('MSc Physics, Addis Ababa University');
  await page.getByLabel('Bio', { exact: true }).fill('Experiments first, formulas after.');
  await page.getByLabel('Teaching style').fill('Hands-on, one question at a time.');
  const preview = page.getByTestId('directory-preview');
  await expect(preview.getByRole('heading', { name })).toBeVisible();
  await expect(preview.getByTestId('hourly-rate')).toHaveText(/\$31\.50/);
  await preview.getByRole('button', { name: `Details about ${name}` }).click();
  const details = page.getByRole('dialog', { name });
  await expect(details).toContainText('Hands-on, one question at a time.');
  await details.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: 'Create tutor' }).click();
  await page.waitForURL(/\/admin\/tutors\/\d+\/edit$/);
  const tutorId = Number(/tutors\/(\d+)\/edit/.exec(page.url())![1]);

  // A new tutor is a draft: the checklist says what it lacks, and it cannot be published yet.
  const publishing = page.getByRole('region', { name: 'Draft: not in the directory' });
  await expect(publishing.getByText('A photo')).toContainText('(missing)');
  await expect(publishing.getByText('Weekly availability')).toContainText('(missing)');
  await expect(publishing.getByRole('button', { name: 'Publish' })).toBeDisabled();

  // A photo: a wrong type is refused in the page; a real image is stored and resized.
  const photo = page.getByLabel('Profile photo');
  await photo.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Upload a JPEG, PNG or WebP image.')).toBeVisible();
  await photo.setInputFiles({ name: 'tigist.png', mimeType: 'image/png', buffer: png(640, 640) });
  await expect(page.getByText('Photo saved.')).toBeVisible();
  await expect(page.getByRole('img', { name, exact: true }).first()).toHaveAttribute(
    'src',
    /^\/uploads\/tutors\/.+\.webp$/,
  );

  // One weekly window: Wednesday 09:00–12:00 EAT.
  const week = page.getByRole('form', { name: 'Weekly availability' });
  await week.getByRole('button', { name: 'Add a window on Wednesday' }).click();
  await expect(week.getByLabel('Wednesday window 1 from')).toHaveValue('09:00');
  await expect(week.getByLabel('Wednesday window 1 to')).toHaveValue('12:00');
  await week.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByText('Availability saved. Families see the new times at once.')).toBeVisible();
  // The audit trail shows each write.
  await expect(page.getByRole('region', { name: 'Audit trail' })).toContainText(
    'changed the weekly availability',
  );
  await expect(page.getByRole('region', { name: 'Audit trail' })).toContainText('changed the photo');

  // Complete now: the admin publishes it.
  await expect(publishing.getByRole('button', { name: 'Publish' })).toBeEnabled();
  await publishing.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('region', { name: 'Published in the directory' })).toBeVisible();

  // A family finds the tutor in the directory at once, with the photo.
  await openTakenOver(page, '/tutors');
  await page.getByPlaceholder('Search tutors...').fill(name);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name, exact: true })).toHaveAttribute('src', /\/uploads\/tutors\//);
  await card.getByRole('link', { name: `Book ${name}` }).click();
  await expect(page).toHaveURL('/booking/form');
  // The directory's own "Subject" filter group can still be on screen while the form's chunk loads: wait for the
  // form's field itself.
  await expect(page.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue('Physics');

  const family = unique();
  await page.getByLabel('Full name', { exact: true }).fill(`Hana ${family}`);
  await page.getByLabel('Email', { exact: true }).fill(`hana.${family}@example.com`);
  await page.getByLabel('Phone', { exact: true }).fill('+1 202 555 0100');
  await page.getByLabel('Relationship to student').selectOption('Mother');
  await page.getByLabel('Student full name').fill(`Liya ${family}`);
  await page.getByLabel('Grade', { exact: true }).selectOption('Grade 9');
  await page.getByLabel(/I confirm the student information/).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Only Wednesdays are offered, and only the new window's start times.
  const calendar = page.getByTestId('booking-calendar');
  await expect(calendar).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(calendar).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  const enabled = calendar.locator('button:not([disabled])');
  await expect(enabled.first()).toBeVisible();
  const labels = await enabled.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? ''));
  expect(labels.length).toBeGreaterThan(0);
  expect(labels.every((l) => l.startsWith('Wednesday'))).toBe(true);
  await enabled.first().click();
  const select = page.getByLabel('Start time for Wednesday');
  const times = (
    await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  ).filter(Boolean);
  expect(times[0]).toBe('09:00');
  expect(times.every((t) => t >= '09:00' && t <= '11:00')).toBe(true);
  await select.selectOption('10:00');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Confirmation' })).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await page.waitForURL(/\/payment\?reservation_id=[0-9a-f-]{36}$/);
  const reservationId = new URL(page.url()).searchParams.get('reservation_id')!;
  const summary = await page.request.get(`/api/reservations/reservations/${reservationId}/`);
  const body = (await summary.json()) as { tutor: { id: number }; sessions: { time: string }[] };
  expect(body.tutor.id).toBe(tutorId);
  expect(body.sessions.length).toBeGreaterThan(0);
  expect(body.sessions.every((s) => s.time === '10:00')).toBe(true);
});
