import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './admin-business.helpers.ts';

/**
 * Issue 15 journeys: the family area with the demo family (student / demo1234). The family cancels the rest of
 * a series in time and gets credit, spends it on a renewal paid through the same checkout; moves one session
 * to another of the tutor's free times and the tutor's week shows it; reviews its tutor and the directory's
 * rating moves; every screen at phone width without overflow. Runs in order (one journey leads to the next).
 */
test.describe.configure({ mode: 'serial' });

async function newPage(browser: Browser, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}

const noOverflow = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

test('a family cancels the rest of a series in time for credit, then spends it on a renewal', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'student');
  await page.goto('/student/dashboard');
  await expect(page.getByText('Welcome back, Marta Alemayehu')).toBeVisible();
  await expect(page.getByText('Welcome back, Student')).toHaveCount(0);
  const credit = page.getByTestId('credit-balance');
  await expect(credit).toHaveText('$0.00');
  const sessions = page.getByTestId('family-session');
  await expect(sessions).toHaveCount(4);
  await expect(sessions.first()).toContainText('EAT');
  await expect(
    page.getByRole('region', { name: 'Payments' }).getByRole('link', { name: /^Receipt TT-/ }),
  ).toHaveCount(1);
  await page.screenshot({ path: '/tmp/family-shots/overview-1280.png', fullPage: true });

  // The second session and the rest: the dialog says, before confirming, that it is free and what comes back.
  await sessions.nth(1).getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel a session' });
  await dialog.getByLabel('This and the rest of the series (3 sessions)').check();
  await dialog.getByLabel('As credit for a later booking (at once)').check();
  const terms = dialog.getByTestId('cancel-terms');
  await expect(terms).toContainText('Free: you are cancelling at least 12 hours before the start.');
  await expect(terms).toContainText(/\$[\d.]+ comes back as credit now/);
  const back = dollars((await terms.textContent())!.match(/\$[\d.,]+ comes back/)![0]);
  await page.screenshot({ path: '/tmp/family-shots/cancel-dialog-1280.png' });
  await dialog.getByRole('button', { name: 'Cancel 3 sessions' }).click();
  await expect(dialog.getByRole('status')).toContainText('3 sessions are cancelled');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(sessions).toHaveCount(1);
  await expect(credit).toHaveText(`$${back.toFixed(2)}`);

  // One paid week is left: the next weeks are offered, credit first, the rest by card.
  const offer = page.getByRole('listitem', { name: /^Renew .* with Abebe Bekele$/ });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('list', { name: 'Next weeks' }).getByRole('listitem')).toHaveCount(4);
  await expect(offer).toContainText('Your credit, spent first');
  const charge = dollars((await offer.getByTestId('renewal-charge').textContent())!);
  expect(charge).toBeGreaterThan(0);
  await page.screenshot({ path: '/tmp/family-shots/renewal-1280.png', fullPage: true });
  await offer.getByRole('button', { name: 'Renew and pay' }).click();
  await page.waitForURL(/\/payment\?reservation_id=/);
  await page.getByRole('button', { name: 'Pay Securely' }).click();
  await page.waitForURL(/\/api\/payments\/demo\/checkout\/[0-9a-f-]{36}\/$/);
  // The card is charged only what the credit did not cover.
  await page.getByRole('button', { name: `Pay $${charge.toFixed(2)}` }).click();
  await page.waitForURL(/\/payment-success/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await page.goto('/student/dashboard');
  await expect(credit).toHaveText('$0.00');
  await expect(sessions).toHaveCount(5);
  await expect(
    page.getByRole('region', { name: 'Payments' }).getByRole('link', { name: /^Receipt TT-/ }),
  ).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Renew your lessons' })).toHaveCount(0);

  // The receipt page prints alone, without the area's frame.
  await page
    .getByRole('link', { name: /^Receipt TT-/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Receipt TT-/ })).toBeVisible();
  await expect(page.getByText('Credit used')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/family-shots/receipt-1280.png', fullPage: true });
  await context.close();
});

test('a family moves one session to another free time, and the tutor’s week shows it', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'student');
  await page.goto('/student/dashboard');
  const last = page.getByTestId('family-session').last();
  await last.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule a session' });
  await expect(dialog.getByText(/Moving is free until 12 hours/)).toBeVisible();
  // The last session of its series: only it moves (no scope to choose).
  await expect(dialog.getByLabel('This session only')).toHaveCount(0);
  const date = dialog.getByLabel('New date');
  await expect(date.locator('option').nth(1)).toBeAttached();
  const newDate = await date.locator('option').nth(1).getAttribute('value');
  await date.selectOption(newDate!);
  const time = dialog.getByLabel('New time (EAT)');
  const newTime = await time.locator('option').last().getAttribute('value');
  await time.selectOption(newTime!);
  await expect(dialog.getByTestId('reschedule-choice')).toContainText(`${newTime} EAT`);
  await page.screenshot({ path: '/tmp/family-shots/reschedule-dialog-1280.png' });
  await dialog.getByRole('button', { name: 'Move the session' }).click();
  await expect(dialog.getByRole('status')).toContainText('Moved to');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await context.close();

  // The tutor's week has the session at its new time.
  const iso = new Date(`${newDate}T${newTime}:00+03:00`).toISOString();
  const tutor = await newPage(browser);
  await signIn(tutor.page, 'tutor');
  await tutor.page.goto('/tutor/schedule');
  const moved = tutor.page.locator(`ol[aria-label="Week calendar"] time[datetime="${iso}"]`);
  for (let i = 0; i < 10 && (await moved.count()) === 0; i += 1) {
    await tutor.page.getByRole('button', { name: 'Next week' }).click();
    await expect(tutor.page.getByRole('heading', { name: /Week of/ })).toBeVisible();
    await tutor.page.waitForTimeout(300);
  }
  await expect(moved).toBeVisible();
  await expect(moved).toContainText(`${newTime}`);
  await tutor.context.close();
});

test('a family reviews its tutor and the directory’s rating and count move', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await page.goto('/tutors?q=Abebe+Bekele');
  const card = page.getByRole('article', { name: 'Abebe Bekele' });
  const badge = card.getByLabel(/^Rating [\d.]+ out of 5$/);
  const before = await badge.getAttribute('aria-label');
  const countBefore = Number(
    (await card.textContent())!
      .match(/\((\d+)\)|(\d+) reviews?/)
      ?.slice(1)
      .find(Boolean),
  );

  await signIn(page, 'student');
  await page.goto('/student/tutors');
  const mine = page.getByRole('listitem', { name: 'Abebe Bekele' });
  await expect(mine).toContainText('2 done');
  await mine.getByRole('button', { name: 'Review Abebe Bekele' }).click();
  const form = mine.getByRole('form', { name: 'Review of Abebe Bekele' });
  // The visible star of the radio named '1 star'.
  await form
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '1 star' }) })
    .click();
  await expect(form.getByRole('radio', { name: '1 star' })).toBeChecked();
  await form.getByLabel('Your review').fill('Kind, but our son needed more practice problems.');
  await page.screenshot({ path: '/tmp/family-shots/review-form-1280.png', fullPage: true });
  await form.getByRole('button', { name: 'Publish review' }).click();
  await expect(mine.getByText('Kind, but our son needed more practice problems.')).toBeVisible();
  await expect(mine.getByLabel('1 out of 5 stars')).toBeVisible();

  await page.goto('/tutors?q=Abebe+Bekele');
  await expect(badge).not.toHaveAttribute('aria-label', before!);
  const countAfter = Number(
    (await card.textContent())!
      .match(/\((\d+)\)|(\d+) reviews?/)
      ?.slice(1)
      .find(Boolean),
  );
  expect(countAfter).toBe(countBefore + 1);
  await card.getByRole('button', { name: 'Details about Abebe Bekele' }).click();
  const details = page.getByRole('dialog', { name: 'Abebe Bekele' });
  await expect(details.getByRole('heading', { name: 'Latest reviews' })).toBeVisible();
  await expect(details.getByText('Kind, but our son needed more practice problems.')).toBeVisible();
  await context.close();
});

test('every family screen at phone width: nothing wider than the screen', async ({ browser }) => {
  const { context, page } = await newPage(browser, 390);
  await signIn(page, 'student');
  for (const [path, heading, shot] of [
    ['/student/dashboard', 'Overview', 'overview'],
    ['/student/book', 'Book by Subject', 'book'],
    ['/student/tutors', 'My Tutors', 'tutors'],
    ['/student/progress', 'Progress', 'progress'],
    ['/student/settings', 'Settings', 'settings'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // (The unread-messages stream stays open, so wait for the content rather than for a quiet network.)
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await noOverflow(page);
    await page.screenshot({ path: `/tmp/family-shots/${shot}-390.png`, fullPage: true });
  }
  // The wizard is prefilled with the family's details.
  await page.goto('/student/book');
  await expect(page.getByLabel(/^Full name/).first()).toHaveValue('Marta Alemayehu');
  await expect(page.getByLabel('Booking for')).toHaveValue('Nahom Alemayehu');
  await expect(page.locator('#bk-student_name')).toHaveValue('Nahom Alemayehu');
  await page.goto('/student/dashboard');
  await page.getByTestId('family-session').first().getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Cancel a session' })).toBeVisible();
  await noOverflow(page);
  await page.screenshot({ path: '/tmp/family-shots/cancel-dialog-390.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page
    .getByRole('link', { name: /^Receipt TT-/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Receipt TT-/ })).toBeVisible();
  await noOverflow(page);
  await page.screenshot({ path: '/tmp/family-shots/receipt-390.png', fullPage: true });
  // Settings: the time zone is detected and changeable.
  await page.goto('/student/settings');
  await page.getByLabel('Time zone').selectOption('America/New_York');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Your settings were saved.')).toBeVisible();
  await page.goto('/student/dashboard');
  await expect(page.getByText(/your time \(New York\)/).first()).toBeVisible();
  await context.close();
});

test('the family screens and dialogs have no serious or critical accessibility violations (axe)', async ({
  page,
}) => {
  await signIn(page, 'student');
  const check = async (label: string) => {
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${label} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, serious.join('\n')).toEqual([]);
  };
  for (const path of ['/student/dashboard', '/student/tutors', '/student/progress', '/student/settings']) {
    await page.goto(path);
    await expect(page.locator('#area-main h1')).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await check(path);
  }
  await page.goto('/student/dashboard');
  await page.getByTestId('family-session').first().getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByRole('dialog', { name: 'Reschedule a session' })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await check('reschedule dialog');
  await page.keyboard.press('Escape');
  await page.getByTestId('family-session').first().getByRole('button', { name: 'Cancel' }).click();
  await check('cancel dialog');
});
