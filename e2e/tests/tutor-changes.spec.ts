import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, signIn, unique } from './admin-business.helpers.ts';

/**
 * Issue 31 item 6 (decision 260): the tutor's side of changes. On a phone, the tutor moves a lesson that starts
 * inside the notice window: the family is asked, sees the request in its area and accepts it; the lesson moves.
 */

type Lesson = { id: string; starts_at: string; status: string; student_name: string };

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return { context, page: await context.newPage() };
}

/** The admin's notice window (hours), through the settings screen. */
async function setNotice(page: Page, hours: number) {
  await page.goto('/admin/settings');
  await page.getByLabel('Cancellation notice (hours)').fill(String(hours));
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();
}

test('a tutor moves a lesson inside the notice window; the family accepts it on its phone', async ({
  browser,
}) => {
  const admin = await phone(browser);
  await signIn(admin.page, 'admin');
  // Two weeks of notice: the demo family's next lesson is inside the window.
  await setNotice(admin.page, 336);
  try {
    const tutor = await phone(browser);
    const token = await signIn(tutor.page, 'tutor');
    const headers = { authorization: `Bearer ${token}` };
    const students = (await (await tutor.page.request.get('/api/tutor/students/', { headers })).json()) as {
      student_name: string;
      sessions: Lesson[];
    }[];
    const lesson = students
      .find((s) => s.student_name === 'Nahom Alemayehu')!
      .sessions.filter(
        (s) => s.status === 'scheduled' && Date.parse(s.starts_at) > Date.now() + 3 * 3_600_000,
      )
      .sort((a, b) => a.starts_at.localeCompare(b.starts_at))[0]!;
    expect(lesson, 'the demo family has a lesson to come').toBeTruthy();
    const overview = (await (await tutor.page.request.get('/api/tutor/overview/', { headers })).json()) as {
      tutor: { id: number };
    };
    // A free time on one of the next days (EAT), the lesson's own time counted free.
    let target: { date: string; time: string } | null = null;
    for (let day = 1; day <= 6 && !target; day += 1) {
      const when = new Date(Date.parse(lesson.starts_at) + day * 86_400_000);
      const q = `tutor_id=${overview.tutor.id}&year=${when.getUTCFullYear()}&month=${when.getUTCMonth() + 1}&duration_minutes=60&only_future=1&except_session=${lesson.id}`;
      const free = (await (await tutor.page.request.get(`/api/reservations/available/?${q}`)).json()) as {
        available: Record<string, string[]>;
      };
      const date = new Date(when.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
      const time = free.available[date]?.[0];
      if (time) target = { date, time };
    }
    expect(target, 'a free time on the next days').not.toBeNull();

    await tutor.page.goto('/tutor/students');
    const card = tutor.page.getByRole('article', { name: 'Nahom Alemayehu' });
    const item = card.locator('li', { has: tutor.page.locator(`time[datetime="${lesson.starts_at}"]`) });
    await item.getByRole('button', { name: 'Move' }).click();
    const dialog = tutor.page.getByRole('dialog', { name: 'Move a lesson' });
    await dialog.getByLabel('New date').fill(target!.date);
    await dialog.getByLabel('New time (EAT)').selectOption(target!.time);
    const reason = `A teachers' training that morning ${unique()}`;
    await dialog.getByLabel('Reason (the family reads it)').fill(reason);
    await expectNoHorizontalOverflow(tutor.page, 'the move dialog');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(dialog.getByText(/the family is asked to accept the new time/)).toBeVisible();
    await tutor.page.screenshot({ path: '/tmp/tutor-changes-move-390.png', fullPage: true });
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The tutor's overview lists it as waiting, with Withdraw.
    await tutor.page.goto('/tutor/dashboard');
    await expect(tutor.page.getByText('Waiting for the family’s answer')).toBeVisible();
    await expect(tutor.page.getByText(reason)).toBeVisible();
    await expect(tutor.page.getByRole('button', { name: 'Report sick for a day' })).toBeVisible();
    await expectNoHorizontalOverflow(tutor.page, "the tutor's overview with a pending move");
    await tutor.page.screenshot({ path: '/tmp/tutor-changes-overview-390.png', fullPage: true });

    const family = await phone(browser);
    await signIn(family.page, 'student');
    await family.page.goto('/student/dashboard');
    const request = family.page.getByRole('article', { name: 'Move request from Abebe Bekele' });
    await expect(request).toBeVisible();
    await expect(request.getByText(reason)).toBeVisible();
    await expectNoHorizontalOverflow(family.page, 'the family overview with a move request');
    await family.page.screenshot({ path: '/tmp/tutor-changes-family-390.png', fullPage: true });
    await request.getByRole('button', { name: 'Accept the new time' }).click();
    await expect(family.page.getByText('Accepted: the lesson has its new time.')).toBeVisible();
    await expect(request).toHaveCount(0);

    // The lesson has its new time: the tutor's list shows it there.
    const after = (await (await tutor.page.request.get('/api/tutor/students/', { headers })).json()) as {
      student_name: string;
      sessions: Lesson[];
    }[];
    const moved = after.flatMap((s) => s.sessions).find((s) => s.id === lesson.id)!;
    expect(moved.starts_at).toBe(new Date(`${target!.date}T${target!.time}:00+03:00`).toISOString());
    await tutor.context.close();
    await family.context.close();
  } finally {
    await setNotice(admin.page, 12);
    await admin.context.close();
  }
});
