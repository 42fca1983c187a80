import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './admin-business.helpers.ts';

/**
 * Issue 13 journey: an administrator finds a family's paid reservation, moves one session to another free time
 * through the lifecycle's rules, and the tutor's booked map (`GET /api/reservations/booked/`, what the family's
 * wizard reads) shows the new time and frees the old one.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Booked = Record<string, { start: string; duration_minutes: number }[]>;

async function bookedMap(request: APIRequestContext, tutorId: number, year: number, month: number) {
  const res = await request.get(
    `/api/reservations/booked/?tutor_id=${tutorId}&year=${year}&month=${month}&_ts=${Date.now()}`,
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { booked: Booked }).booked;
}

/** A family books and pays (demo checkout) one weekly hour with a tutor, months ahead. */
async function paidReservation(request: APIRequestContext, family: string) {
  const tutors = (await (await request.get('/api/tutors/public/')).json()) as {
    id: number;
    subject: string;
  }[];
  const tutor = tutors[tutors.length - 2]!;
  const ahead = new Date();
  ahead.setUTCMonth(ahead.getUTCMonth() + 5, 1);
  const [year, month] = [ahead.getUTCFullYear(), ahead.getUTCMonth() + 1];
  const available = (
    (await (
      await request.get(
        `/api/reservations/available/?tutor_id=${tutor.id}&year=${year}&month=${month}&duration_minutes=60&only_future=true`,
      )
    ).json()) as { available: Record<string, string[]> }
  ).available;
  // The first week's days with times: the booking on one, the move to another.
  const days = Object.entries(available).filter(([, times]) => times.length > 0);
  const [date, times] = days[Math.floor(Math.random() * 3)]!;
  const time = times[Math.floor(Math.random() * times.length)]!;
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
  const reservation = (await created.json()) as { id: string; amount: number; sessions: { date: string }[] };
  const checkout = await request.post('/api/payments/create-checkout-session/', {
    data: { full_name: `Almaz ${family}`, email, amount: reservation.amount, reservation_id: reservation.id },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const url = new URL(((await checkout.json()) as { checkout_url: string }).checkout_url, 'http://x')
    .pathname;
  const paid = await request.post(`${url}pay/`, { form: {}, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return { tutorId: tutor.id, year, month, date, time, email, available };
}

test('an admin moves one session; the booked map shows the new time and frees the old one', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const family = unique();
  const booking = await paidReservation(page.request, family);
  const before = await bookedMap(page.request, booking.tutorId, booking.year, booking.month);
  expect(before[booking.date]?.map((b) => b.start)).toContain(booking.time);

  await signIn(page, 'admin');
  await page.goto('/admin/reservation');
  await page.getByLabel('Search by family or student').fill(booking.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const list = page.getByRole('table', { name: 'Reservations' });
  // The heading row and the one reservation.
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list).toContainText(`Almaz ${family}`);
  await expect(list).toContainText('Confirmed');
  await list.getByRole('link', { name: /^Move or cancel/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit reservation' })).toBeVisible();

  // Move the first session to another free day and time.
  const target = Object.entries(booking.available).find(
    ([d, times]) => d !== booking.date && d > booking.date && times.length > 0,
  )!;
  const [newDate, newTimes] = target;
  const newTime = newTimes[0]!;
  await page
    .getByRole('button', { name: /^Move session of / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Move session' });
  await dialog.getByLabel('New date').fill(newDate);
  const timeSelect = dialog.getByLabel('New start time (EAT)');
  await expect(timeSelect.locator('option', { hasText: `${newTime} EAT` })).toBeAttached();
  await timeSelect.selectOption(newTime);
  await dialog.getByLabel('Only this session').check();
  await dialog.getByRole('button', { name: 'Move session' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Moved to / })).toBeVisible();
  await expect(dialog).toBeHidden();
  const sessions = page.getByRole('list', { name: 'Sessions' });
  const longNew = new Date(`${newDate}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(sessions).toContainText(`${longNew} ${newTime} EAT`);

  // The booked map the family's wizard reads: the new time is taken, the old one is free again.
  const after = await bookedMap(page.request, booking.tutorId, booking.year, booking.month);
  expect(after[newDate]?.map((b) => b.start)).toContain(newTime);
  expect(after[booking.date]?.map((b) => b.start) ?? []).not.toContain(booking.time);

  // Cancel the last session as credit: the family's credit appears on the reservation.
  await page
    .getByRole('button', { name: /^Cancel session of / })
    .last()
    .click();
  const cancel = page.getByRole('dialog', { name: 'Cancel session' });
  await cancel.getByLabel('Only this session').check();
  await cancel.getByLabel('Credit for a later booking').check();
  await cancel.getByRole('button', { name: 'Cancel session' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Cancelled; the family has the credit.' }),
  ).toBeVisible();
  await expect(sessions.getByText('Cancelled', { exact: true })).toHaveCount(1);

  // The details show the move, the cancellation, the credit and the history.
  await page.getByRole('link', { name: /^Back to the reservation/ }).click();
  await expect(page.getByRole('region', { name: 'Sessions' })).toContainText('moved from');
  await expect(page.getByRole('region', { name: 'Sessions' })).toContainText('credit');
  const credit = page.getByRole('region', { name: 'Family' }).locator('dd').last();
  await expect(credit).not.toHaveText('$0.00');
  await expect(page.getByRole('list', { name: 'Reservation history' })).not.toBeEmpty();
  const audit = page.getByRole('region', { name: 'Audit trail' });
  await expect(audit).toContainText(/admin moved 1 lesson: .* EAT → .* EAT\./);
  await expect(audit).toContainText('admin cancelled');
});
