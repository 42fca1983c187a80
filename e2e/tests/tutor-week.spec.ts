import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';
import { signIn } from './admin-business.helpers.ts';
import { openTakenOver } from '../support/taken-over.ts';

/**
 * Issue 14 journeys: the tutor's week. A tutor writes a progress note the family then reads; a tutor and a
 * family exchange messages live, each in their own browser; the week at phone width; the tutor edits the
 * weekly availability and the booking wizard offers the new times.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function newPage(browser: Browser, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}

test('a tutor writes a progress note on a session; the family reads it on its Progress screen', async ({
  browser,
}) => {
  const note = `Nahom solved every equation on his own today (${unique()}).`;
  const tutor = await newPage(browser);
  await signIn(tutor.page, 'tutor');
  await tutor.page.goto('/tutor/students');
  const card = tutor.page.getByRole('article', { name: 'Nahom Alemayehu' });
  await expect(card).toBeVisible();
  // Guardian contact, sessions held and to come.
  await expect(card.getByRole('link', { name: 'student@tibeb.example' })).toBeVisible();
  await expect(card.getByText('Held')).toBeVisible();
  await expect(card.getByText('To come')).toBeVisible();
  await tutor.page.screenshot({ path: '/tmp/tutor-students-1280.png', fullPage: true });
  await tutor.page.goto('/tutor/dashboard');
  await expect(tutor.page.getByRole('heading', { name: 'Next session' })).toBeVisible();
  await tutor.page.screenshot({ path: '/tmp/tutor-overview-1280.png', fullPage: true });
  await tutor.page.goto('/tutor/students');

  // The latest session held: mark it attended, with a note.
  const recent = card.getByRole('listitem').filter({ hasText: 'Attended' }).first();
  await recent.getByText('Change attendance or add a note').click();
  const form = recent.getByRole('form', { name: 'Attendance of Nahom Alemayehu' });
  await form.getByLabel('Attended').check();
  await form.getByLabel('Progress note for the family (optional)').fill(note);
  await form.getByRole('button', { name: 'Save attendance' }).click();
  // The saved note (the form's text box may still hold the same words for a moment).
  await expect(card.getByText(note).first()).toBeVisible();

  const family = await newPage(browser);
  await signIn(family.page, 'student');
  await family.page.goto('/student/progress');
  await expect(family.page.getByText(note)).toBeVisible();
  await tutor.context.close();
  await family.context.close();
});

test('a tutor and a family exchange messages live, each in their own browser', async ({ browser }) => {
  const tutor = await newPage(browser);
  const family = await newPage(browser, 390);
  await signIn(tutor.page, 'tutor');
  await signIn(family.page, 'student');

  await tutor.page.goto('/tutor/dashboard');
  const tutorSidebar = tutor.page.getByRole('navigation', { name: 'Sidebar' });
  await expect(tutorSidebar.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await expect(tutorSidebar.getByTestId('unread-count')).toHaveCount(0);

  // The family (on a phone) opens its conversation with the tutor and writes.
  await family.page.goto('/student/messages');
  await family.page.getByRole('button', { name: /Abebe Bekele/ }).click();
  await expect(family.page.getByRole('heading', { name: 'Abebe Bekele' })).toBeVisible();
  const question = `Can we start with word problems on Tuesday? https://example.com/homework ${unique()}`;
  await family.page.getByLabel('Message', { exact: true }).fill(question);
  await family.page.getByRole('button', { name: 'Send' }).click();
  await expect(family.page.getByRole('list', { name: 'Messages' }).getByText(question)).toBeVisible();
  // Links stay text.
  await expect(family.page.getByRole('link', { name: /example\.com/ })).toHaveCount(0);

  // The tutor's sidebar counts it without a reload; the conversation shows it.
  await expect(tutorSidebar.getByTestId('unread-count')).toHaveText(/^1/);
  await tutorSidebar.getByRole('link', { name: /Messages/ }).click();
  await tutor.page
    .getByRole('button', { name: /Marta|student|Alemayehu/ })
    .first()
    .click();
  await expect(tutor.page.getByRole('list', { name: 'Messages' }).getByText(question)).toBeVisible();
  await expect(tutorSidebar.getByTestId('unread-count')).toHaveCount(0);
  await tutor.page.screenshot({ path: '/tmp/tutor-messages-1280.png', fullPage: true });

  // The tutor answers; the family sees it arrive, marked read on the tutor's side once it is read.
  const answer = `Yes, we start with word problems. Bring your exercise book. ${unique()}`;
  await tutor.page.getByLabel('Message', { exact: true }).fill(answer);
  await tutor.page.getByRole('button', { name: 'Send' }).click();
  await expect(family.page.getByRole('list', { name: 'Messages' }).getByText(answer)).toBeVisible();
  await family.page.screenshot({ path: '/tmp/student-messages-390.png', fullPage: true });
  await tutor.context.close();
  await family.context.close();
});

test('the week at phone width: a list of days with the sessions, nothing wider than the screen', async ({
  browser,
}) => {
  const tutor = await newPage(browser, 390);
  await signIn(tutor.page, 'tutor');
  await tutor.page.goto('/tutor/schedule');
  await expect(tutor.page.getByRole('heading', { name: /Week of/ })).toBeVisible();
  // The demo family's weekly Tuesday lesson lies in this week or the next.
  let lessons = tutor.page.locator('#area-main li time:visible');
  if ((await lessons.count()) === 0) {
    await tutor.page.getByRole('button', { name: 'Next week' }).click();
    lessons = tutor.page.locator('#area-main li time:visible');
  }
  await expect(lessons.first()).toContainText('EAT');
  await expect(tutor.page.getByRole('list', { name: 'Week calendar' })).toBeHidden();
  const overflow = await tutor.page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(390);
  await tutor.page.screenshot({ path: '/tmp/tutor-schedule-390.png', fullPage: true });
  await tutor.page.goto('/tutor/dashboard');
  await expect(tutor.page.getByRole('heading', { name: 'Next session' })).toBeVisible();
  // Decision 267: without Jitsi or an own link the tutor is sent to set a link instead of a room that waits.
  await expect(tutor.page.getByText(/Starts in|Join the online room|No online room/).first()).toBeVisible();
  expect(await tutor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await tutor.page.screenshot({ path: '/tmp/tutor-overview-390.png', fullPage: true });
  await tutor.page.goto('/tutor/students');
  await expect(tutor.page.getByRole('article', { name: 'Nahom Alemayehu' })).toBeVisible();
  expect(await tutor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await tutor.page.screenshot({ path: '/tmp/tutor-students-390.png', fullPage: true });
  await tutor.page.goto('/tutor/profile');
  await expect(tutor.page.getByTestId('directory-preview')).toBeVisible();
  expect(await tutor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await tutor.page.screenshot({ path: '/tmp/tutor-profile-390.png', fullPage: true });
  await tutor.context.close();
});

test('a tutor adds a Sunday window; the booking wizard then offers Sundays at the new times', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const tutor = await newPage(browser);
  const token = await signIn(tutor.page, 'tutor');
  const before = await (
    await tutor.page.request.get('/api/tutor/availability/', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  try {
    await tutor.page.goto('/tutor/schedule');
    const week = tutor.page.getByRole('form', { name: 'Weekly availability' });
    await week.getByRole('button', { name: 'Add a window on Sunday' }).click();
    await expect(week.getByLabel('Sunday window 1 from')).toHaveValue('09:00');
    await week.getByRole('button', { name: 'Save availability' }).click();
    await expect(
      tutor.page.getByText('Availability saved. Families see the new times at once.'),
    ).toBeVisible();
    await tutor.page.screenshot({ path: '/tmp/tutor-schedule-1280.png', fullPage: true });

    const family = await newPage(browser);
    await openTakenOver(family.page, '/tutors');
    await family.page.getByPlaceholder('Search tutors...').fill('Abebe Bekele');
    await family.page
      .getByRole('article', { name: 'Abebe Bekele' })
      .getByRole('link', { name: 'Book Abebe Bekele' })
      .click();
    await expect(family.page).toHaveURL('/booking/form');
    const who = unique();
    await family.page.getByLabel('Full name', { exact: true }).fill(`Hana ${who}`);
    await family.page.getByLabel('Email', { exact: true }).fill(`hana.${who}@example.com`);
    await family.page.getByLabel('Phone', { exact: true }).fill('+1 202 555 0100');
    await family.page.getByLabel('Relationship to student').selectOption('Mother');
    await family.page.getByLabel('Student full name').fill(`Liya ${who}`);
    await family.page.getByLabel('Grade', { exact: true }).selectOption('Grade 9');
    await family.page.getByLabel(/I confirm the student information/).check();
    await family.page.getByRole('button', { name: 'Next', exact: true }).click();
    const calendar = family.page.getByTestId('booking-calendar');
    await expect(calendar).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
    await family.page.getByRole('button', { name: 'Next month' }).click();
    await expect(calendar).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
    const sunday = calendar.locator('button:not([disabled])[aria-label^="Sunday"]').first();
    await expect(sunday).toBeVisible();
    await sunday.click();
    const select = family.page.getByLabel('Start time for Sunday');
    const times = (
      await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
    ).filter(Boolean);
    expect(times[0]).toBe('09:00');
    expect(times.every((t) => t >= '09:00' && t <= '11:00')).toBe(true);
    await family.context.close();
  } finally {
    // Leave the demo tutor's week as it was for the other journeys.
    await tutor.page.request.put('/api/tutor/availability/', {
      headers: { authorization: `Bearer ${token}` },
      data: before,
    });
    await tutor.context.close();
  }
});

test('the tutor area screens have no serious or critical accessibility violations (axe)', async ({
  page,
}) => {
  await signIn(page, 'tutor');
  for (const path of ['/tutor/dashboard', '/tutor/students', '/tutor/schedule', '/tutor/messages']) {
    await page.goto(path);
    await expect(page.locator('#area-main h1')).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${path} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, serious.join('\n')).toEqual([]);
  }
});
