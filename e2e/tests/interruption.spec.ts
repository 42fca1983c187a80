import { expect, test, type Browser, type TestInfo } from '@playwright/test';
import { serverNow, setServerClockOffset } from '../support/server-clock.ts';
import { expectNoHorizontalOverflow, signIn } from './admin-business.helpers.ts';
import { payWithDemo } from './family.helpers.ts';
import { clockURL, confirmedFamily, pageAtServerTime, phone, wordsOf } from './clock-family.helpers.ts';

/**
 * "Interrupted is not absent" (issue 30 item 3, decision 271), on the clock app: a family with a paid lesson of the
 * demo tutor; ten minutes into the lesson the power goes. On a phone the family reports it ("Report a problem"),
 * then books the make-up from the tutor's free times; the tutor's overview shows the make-up. Once in English and
 * once in Amharic.
 */

test.use({ baseURL: clockURL });
test.describe.configure({ mode: 'serial' });
test.afterAll(() => setServerClockOffset(0));

/** A new family with a confirmed address, and a paid weekly booking with the demo tutor 2 to 6 days ahead. */
async function familyWithLesson(browser: Browser) {
  const { family, context, page } = await confirmedFamily(browser, 'cut', 'Power-cut-1234!');

  const tutorToken = await signIn(page, 'tutor');
  const overview = (await (
    await page.request.get('/api/tutor/overview/', { headers: { authorization: `Bearer ${tutorToken}` } })
  ).json()) as { tutor: { id: number } };
  const tutorId = overview.tutor.id;
  const tutors = (await (await page.request.get('/api/tutors/public/')).json()) as {
    id: number;
    subject: string;
  }[];
  const subject = tutors.find((t) => t.id === tutorId)!.subject;
  const now = serverNow().getTime();
  for (let d = 2; d <= 6; d += 1) {
    const day = new Date(now + d * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);
    const [year, month] = day.split('-').map(Number);
    const free = (await (
      await page.request.get(
        `/api/reservations/available/?tutor_id=${tutorId}&year=${year}&month=${month}&duration_minutes=60&only_future=1`,
      )
    ).json()) as { available: Record<string, string[]> };
    const time = free.available[day]?.at(-1);
    if (!time) continue;
    const booked = await page.request.post('/api/reservations/reservations/', {
      data: {
        tutor: tutorId,
        date: day,
        time,
        duration_hours: 1,
        full_name: 'Hirut Bekele',
        email: family.email,
        phone: '+251 911 000 222',
        guardian_relationship: 'Mother',
        subject,
        student_full_name: 'Dawit Bekele',
        student_grade: 'Grade 6',
      },
    });
    if (booked.status() !== 201) continue;
    const created = (await booked.json()) as { id: string; amount: number };
    const summary = (await payWithDemo(page.request, created, {
      fullName: 'Hirut Bekele',
      email: family.email,
    })) as { sessions: { id: string; date: string; start?: string }[] };
    await context.close();
    return { family, first: `${day}T${time}:00+03:00`, sessionId: summary.sessions[0]!.id };
  }
  throw new Error('no free time of the demo tutor 2 to 6 days ahead');
}

async function journey(browser: Browser, info: TestInfo, am: boolean) {
  setServerClockOffset(0);
  const tf = am ? wordsOf('family', true) : wordsOf('family', false);
  const tt = am ? wordsOf('tutor', true) : wordsOf('tutor', false);
  const { family, first } = await familyWithLesson(browser);

  // Ten minutes into the lesson.
  setServerClockOffset(Date.parse(first) + 10 * 60_000 - Date.now());
  const { context, page } = await pageAtServerTime(browser, am);
  await signIn(page, family.username, family.password);
  await page.goto('/student/dashboard');
  const problems = page.getByRole('region', { name: tf('Lesson problems') });
  await problems.getByRole('button', { name: tf('Report a problem') }).click();
  const dialog = page.getByRole('dialog', { name: tf('Report a problem') });
  await dialog.getByLabel(tf('The lesson could not happen or was cut short: power cut')).check();
  await dialog
    .getByLabel(tf('What happened, in a few words (optional)'))
    .fill(`Power cut ${'x'.repeat(300)}`);
  await expectNoHorizontalOverflow(page, 'the report dialog');
  await page.screenshot({ path: info.outputPath(`report-${am ? 'am' : 'en'}-390.png`), fullPage: true });
  await dialog.getByRole('button', { name: tf('Send the report') }).click();
  await expect(dialog.getByText(tf('Reported. Now book the make-up under Lesson problems.'))).toBeVisible();
  await dialog.getByRole('button', { name: tf('Done') }).click();

  // The make-up: one of the tutor's free times, free of charge.
  const card = page.getByTestId('incident');
  await expect(card).toContainText(tf('Interrupted: book the make-up'));
  await card.getByRole('button', { name: tf('Book the make-up') }).click();
  const makeup = page.getByRole('dialog', { name: tf('Book the make-up') });
  const date = makeup.getByLabel(tf('Date'));
  await expect(date).toBeVisible({ timeout: 15_000 });
  await date.selectOption({ index: 1 });
  await makeup.getByLabel(tf('Time (EAT)')).selectOption({ index: 1 });
  await expectNoHorizontalOverflow(page, 'the make-up dialog');
  await page.screenshot({ path: info.outputPath(`makeup-${am ? 'am' : 'en'}-390.png`), fullPage: true });
  await makeup.getByRole('button', { name: tf('Book the make-up') }).click();
  await expect(makeup.getByText(/Your tutor has been told|ለአስጠኚዎ ተነግሯል/)).toBeVisible();
  await makeup.getByRole('button', { name: tf('Done') }).click();
  await expect(card).toContainText(tf('Interrupted: make-up booked'));
  await expect(card).toContainText(tf('Make-up:'));
  await expectNoHorizontalOverflow(page, 'the family area');
  await context.close();

  // The tutor sees the make-up.
  const tutor = await pageAtServerTime(browser, am);
  await signIn(tutor.page, 'tutor');
  await tutor.page.goto('/tutor/dashboard');
  const tutorCard = tutor.page
    .getByRole('region', { name: tt('Lesson problems') })
    .getByTestId('incident')
    .filter({ hasText: 'Dawit Bekele' })
    .filter({ hasText: tt('Interrupted: make-up booked') })
    .first();
  await expect(tutorCard).toBeVisible();
  await expect(tutorCard).toContainText(tt('Make-up:'));
  await expectNoHorizontalOverflow(tutor.page, 'the tutor overview');
  await tutor.page.screenshot({ path: info.outputPath(`tutor-${am ? 'am' : 'en'}-390.png`), fullPage: true });
  await tutor.context.close();
  setServerClockOffset(0);
}

test('a family on a phone reports a power cut and books the make-up; the tutor sees it', async ({
  browser,
}, info) => {
  await journey(browser, info, false);
});

test('the same in Amharic', async ({ browser }, info) => {
  await journey(browser, info, true);
});

test('the office decides a disputed absence, at 1280 and 390 px', async ({ browser }, info) => {
  setServerClockOffset(0);
  const { family, first, sessionId } = await familyWithLesson(browser);
  setServerClockOffset(Date.parse(first) + 70 * 60_000 - Date.now());
  const context = await browser.newContext({ baseURL: clockURL, viewport: { width: 1280, height: 900 } });
  await context.clock.install({ time: serverNow() });
  const page = await context.newPage();
  const familyToken = await signIn(page, family.username, family.password);
  const reported = await page.request.post(`/api/bookings/sessions/${sessionId}/tutor-absent/`, {
    data: { note: 'We waited the whole hour.' },
    headers: { authorization: `Bearer ${familyToken}` },
  });
  expect(reported.status(), await reported.text()).toBe(200);
  // Signed in on the shifted clock (a token from before would have expired).
  const tutorToken = await signIn(page, 'tutor');
  const disputed = await page.request.post(`/api/bookings/sessions/${sessionId}/absence-dispute/`, {
    data: { note: `I was in the room ${'y'.repeat(300)}` },
    headers: { authorization: `Bearer ${tutorToken}` },
  });
  expect(disputed.status(), await disputed.text()).toBe(200);

  await signIn(page, 'admin');
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Interruptions and no-shows' }).first().click();
  await expect(page).toHaveURL(/\/admin\/incidents$/);
  const row = page.getByTestId('incident-row').filter({ hasText: 'Disputed: to decide' }).first();
  await expect(row).toBeVisible();
  await row.getByLabel('Note to both (optional)').fill('z'.repeat(300));
  await expectNoHorizontalOverflow(page, 'the incidents screen');
  await page.screenshot({ path: info.outputPath('admin-incidents-1280.png'), fullPage: true });
  await page.setViewportSize(phone);
  await expectNoHorizontalOverflow(page, 'the incidents screen on a phone');
  await page.screenshot({ path: info.outputPath('admin-incidents-390.png'), fullPage: true });
  await row.getByRole('button', { name: 'Uphold: give the lesson back' }).click();
  await expect(page.getByText('Upheld: the family got the lesson back and both were told.')).toBeVisible();
  await context.close();
  setServerClockOffset(0);
});
