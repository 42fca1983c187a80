import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import {
  expectNoHorizontalOverflow,
  inAmharic,
  signInOnEveryPage,
  unique,
} from './admin-business.helpers.ts';
import { payWithDemo, signUpFamily } from './family.helpers.ts';

/**
 * Issue 32 item 3 (decision 250): a family moves "this and the rest" of a Monday + Wednesday plan. Mondays go to
 * Tuesdays of the same weeks, Wednesdays stay, and the dialog lists every new date before the Move button. Then
 * the same in Amharic. Both at phone width. The family signs up here; its plan is booked and paid through the API.
 */
test.describe.configure({ mode: 'serial' });

const family = `move_${unique()}`;
const email = `${family}@example.com`;
const password = 'selam2025';
const day = (iso: string, plus: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + plus * 86_400_000).toISOString().slice(0, 10);

/** A paid Monday + Wednesday plan (same time), its first Monday 8 to 28 days ahead, whose Tuesday is free. */
async function twoDayPlan(request: APIRequestContext) {
  const tutors = (await (await request.get('/api/tutors/public/')).json()) as {
    id: number;
    subject: string;
  }[];
  const today = new Date().toISOString().slice(0, 10);
  const firstMonday = day(today, ((8 - new Date(`${today}T00:00:00Z`).getUTCDay()) % 7 || 7) + 7);
  const mondays = [0, 7, 14].map((n) => day(firstMonday, n));
  const months = new Map<string, Record<string, string[]>>();
  const free = async (tutorId: number, date: string) => {
    const key = `${tutorId} ${date.slice(0, 7)}`;
    if (!months.has(key)) {
      const [year, month] = date.split('-').map(Number);
      const body = await (
        await request.get(
          `/api/reservations/available/?tutor_id=${tutorId}&year=${year}&month=${month}&duration_minutes=60`,
        )
      ).json();
      months.set(key, body.available as Record<string, string[]>);
    }
    return months.get(key)![date] ?? [];
  };
  for (const tutor of tutors.slice().reverse()) {
    for (const monday of mondays) {
      const tuesday = day(monday, 1);
      if (tuesday.slice(0, 7) !== monday.slice(0, 7)) continue;
      const wed = await free(tutor.id, day(monday, 2));
      const time = (await free(tutor.id, monday)).find((t) => wed.includes(t));
      const tuesdayTimes = await free(tutor.id, tuesday);
      if (!time || tuesdayTimes.length === 0) continue;
      const booked = await request.post('/api/reservations/reservations/', {
        data: {
          tutor: tutor.id,
          date: monday,
          time,
          days: ['mon', 'wed'],
          days_times: { mon: time, wed: time },
          duration_hours: 1,
          full_name: 'Selam Tadesse',
          email,
          phone: '+251 911 000 111',
          guardian_relationship: 'Mother',
          subject: tutor.subject,
          student_full_name: 'Abel Tadesse',
          student_grade: 'Grade 5',
        },
      });
      if (booked.status() !== 201) continue;
      const created = (await booked.json()) as { id: string; amount: number };
      const summary = await payWithDemo(request, created, { fullName: 'Selam Tadesse', email });
      return { monday, tuesday, tuesdayTime: tuesdayTimes.at(-1)!, sessions: summary.sessions };
    }
  }
  throw new Error('no tutor free on a Monday + Wednesday and the Tuesday between');
}

async function phone(browser: Browser, amharic = false) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  if (amharic) await inAmharic(page);
  return { context, page };
}

let plan: Awaited<ReturnType<typeof twoDayPlan>> | null = null;

test('a family moves the rest of a two-day series: Mondays to Tuesdays, Wednesdays kept (English, phone)', async ({
  browser,
}) => {
  const { context, page } = await phone(browser);
  await signUpFamily(page, { username: family, email, password });
  await signInOnEveryPage(page, family, password);
  plan = await twoDayPlan(page.request);
  const mondays = plan.sessions.filter((s) => new Date(`${s.date}T00:00:00Z`).getUTCDay() === 1).length;

  await page.goto('/student/dashboard');
  const sessions = page.getByTestId('family-session');
  await expect(sessions).toHaveCount(plan.sessions.length);
  await sessions.first().getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule a session' });
  await dialog.getByLabel(/This and the rest of the series/).check();
  await dialog.getByLabel('New date').selectOption(plan.tuesday);
  await dialog.getByLabel('New time (EAT)').first().selectOption(plan.tuesdayTime);
  // Every new date, from the server, before the Move button: only the Mondays move.
  const list = dialog.getByTestId('series-move-dates');
  await expect(list.locator('> span')).toHaveCount(mondays);
  await expect(list).toContainText(`${plan.tuesdayTime} EAT`);
  await expect(dialog.getByText(/Your Wednesday sessions/)).toBeVisible();
  await expectNoHorizontalOverflow(page, 'the series move dialog');
  await page.screenshot({ path: '/tmp/h2-shots/series-move-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/h2-shots/series-move-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole('button', { name: 'Move the sessions shown' }).click();
  await expect(dialog.getByRole('status')).toContainText('Your tutor has been told.');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Still two sessions a week: Tuesdays and Wednesdays, none past the paid weeks.
  await expect(sessions).toHaveCount(plan.sessions.length);
  await expect(sessions.filter({ hasText: /Mon/ })).toHaveCount(0);
  await expect(sessions.filter({ hasText: /Wed/ })).toHaveCount(plan.sessions.length - mondays);
  await context.close();
});

test('the same in Amharic: the rest of the series moves to a new time, every new date shown first', async ({
  browser,
}) => {
  expect(plan).not.toBeNull();
  const { context, page } = await phone(browser, true);
  await signInOnEveryPage(page, family, password);
  await expect(async () => {
    await page.goto('/student/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  }).toPass();
  const sessions = page.getByTestId('family-session');
  await expect(sessions).toHaveCount(plan!.sessions.length);
  await sessions.first().getByRole('button', { name: 'ጊዜ ይቀይሩ' }).click();
  const dialog = page.getByRole('dialog', { name: 'የክፍለ ጊዜ ሰዓት ይቀይሩ' });
  await dialog.getByLabel(/ይህን እና የተከታታዩን ቀሪ ክፍለ ጊዜዎች/).check();
  const date = dialog.getByLabel('አዲስ ቀን');
  await date.selectOption(plan!.tuesday);
  const time = dialog
    .getByLabel('New time (EAT)')
    .or(dialog.getByLabel(/አዲስ ሰዓት/))
    .first();
  const options = await time
    .locator('option')
    .evaluateAll((o) => (o as HTMLOptionElement[]).map((x) => x.value).filter(Boolean));
  await time.selectOption(options.find((o) => o !== plan!.tuesdayTime) ?? options[0]!);
  await expect(dialog.getByText(/አዲሶቹ ቀናት/)).toBeVisible();
  await expect(dialog.getByTestId('series-move-dates').locator('> span').first()).toBeVisible();
  await expectNoHorizontalOverflow(page, 'the series move dialog in Amharic');
  await page.screenshot({ path: '/tmp/h2-shots/series-move-am-390.png', fullPage: true });
  await dialog.getByRole('button', { name: 'የሚታዩትን ክፍለ ጊዜዎች ያዛውሩ' }).click();
  await expect(dialog.getByRole('status')).toContainText('ለአስጠኚዎ ተነግሯል።');
  await context.close();
});
