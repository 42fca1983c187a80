import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, signIn } from './admin-business.helpers.ts';
import { payWithDemo } from './family.helpers.ts';
import { openTakenOver } from '../support/taken-over.ts';

/**
 * Issue 31 item 4, decision 262: a booking knows its family. A guest books in New York and pays; its tutor sees
 * the family's time and writes to it; the family sets its password from the e-mailed link and reads the
 * message. All on phones (390 px).
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The last `/{page}?token=…` link e-mailed to `email`, from the server's outbox. */
async function readLink(email: string, linkPage: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_');
  let link = '';
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox)
        ? fs.readdirSync(outbox).filter((f) => f.endsWith(`-${safe}.eml`))
        : [];
      const text = files
        .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
        .join('\n')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      link = text.match(new RegExp(`https?://\\S+/${linkPage}\\?token=[\\w%-]+`, 'g'))?.at(-1) ?? '';
      return link;
    })
    .not.toBe('');
  return link.replace(/^https?:\/\/[^/]+/, '');
}

async function phone(browser: Browser, timezoneId?: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    ...(timezoneId ? { timezoneId } : {}),
  });
  return { context, page: await context.newPage() };
}

/** Books the demo tutor Abebe Bekele through the wizard at its first free date and time. */
async function bookAbebe(page: Page, who: { family: string; email: string }) {
  const tutors = (await (await page.request.get('/api/tutors/public/')).json()) as {
    id: number;
    full_name: string;
  }[];
  const abebe = tutors.find((x) => x.full_name === 'Abebe Bekele')!;
  await openTakenOver(page, `/tutors/${abebe.id}`);
  await page.getByRole('link', { name: /^Book/ }).first().click();
  await expect(page).toHaveURL('/booking/form');
  await page.getByLabel('Full name', { exact: true }).fill(`Almaz ${who.family}`);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Phone', { exact: true }).fill('+1 202 555 0100');
  await page.getByLabel('Relationship to student').selectOption('Mother');
  await page.getByLabel('Student full name').fill(`Liya ${who.family}`);
  await page.getByLabel('Grade', { exact: true }).selectOption('Grade 7');
  await page.getByLabel(/I confirm the student information/).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();
  const calendar = page.getByTestId('booking-calendar');
  await expect(calendar).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  // Next month: clear of the journeys that book this week.
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(calendar).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  const enabled = calendar.locator('button:not([disabled])');
  const button = enabled.nth(Math.floor(Math.random() * (await enabled.count())));
  const label = (await button.getAttribute('aria-label'))!;
  await button.click();
  const day = label.split(',')[0]!;
  const select = page.getByLabel(`Start time for ${day}`);
  const values = (
    await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  ).filter(Boolean);
  await select.selectOption(values[Math.floor(Math.random() * values.length)]!);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Confirmation' })).toBeVisible();
  const created = page.waitForResponse(
    (r) => r.url().includes('/api/reservations/reservations/') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  const res = await created;
  expect(res.status()).toBe(201);
  // The wizard sent its zone.
  expect(res.request().postDataJSON().family_time_zone).toBe('America/New_York');
  await page.waitForURL(/\/payment\?reservation_id=[0-9a-f-]{36}$/);
  return (await res.json()) as { id: string; amount: number; sessions: { starts_at: string }[] };
}

test('a guest books and pays; its tutor sees its time and writes; it sets a password and reads', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const family = unique();
  const email = `guest.${family}@example.com`;
  const student = `Liya ${family}`;

  const guest = await phone(browser, 'America/New_York');
  const booking = await bookAbebe(guest.page, { family, email });
  await payWithDemo(guest.page.request, booking, { fullName: `Almaz ${family}`, email });
  const setPassword = await readLink(email, 'reset-password');

  // The tutor, on a phone: its schedule shows the lesson in EAT and in the family's time.
  const tutor = await phone(browser);
  await signIn(tutor.page, 'tutor');
  await tutor.page.goto('/tutor/schedule');
  const lesson = tutor.page.getByRole('listitem').filter({ hasText: student }).first();
  const weekTitle = tutor.page.locator('#week-title');
  await expect(weekTitle).toBeVisible();
  for (let i = 0; i < 12 && !(await lesson.isVisible()); i++) {
    const shown = await weekTitle.textContent();
    await tutor.page.getByRole('button', { name: /^Next/ }).click();
    await expect.poll(() => weekTitle.textContent().catch(() => shown)).not.toBe(shown);
  }
  await expect(lesson).toBeVisible();
  await expect(lesson).toContainText("family's time (New York)");
  await expect(lesson).toContainText('EAT');
  await expectNoHorizontalOverflow(tutor.page, "the tutor's schedule");
  await tutor.page.screenshot({ path: test.info().outputPath('tutor-family-time-390.png'), fullPage: true });

  // It writes to the family it could not reach before.
  await tutor.page.goto('/tutor/messages');
  await tutor.page.getByRole('button', { name: `Message Almaz ${family}` }).click();
  const words = `Welcome, ${student}! Please bring a notebook. (${unique()})`;
  await tutor.page.getByLabel('Message', { exact: true }).fill(words);
  await tutor.page.getByRole('button', { name: 'Send' }).click();
  await expect(tutor.page.getByRole('list', { name: 'Messages' }).getByText(words)).toBeVisible();

  // The family follows its set-password link, signs in with its e-mail, and reads the message.
  await guest.page.goto(setPassword);
  await guest.page.getByLabel('New password', { exact: true }).fill('guest-pass-31');
  await guest.page.getByLabel('Confirm new password').fill('guest-pass-31');
  await guest.page.getByRole('button', { name: 'Save new password' }).click();
  await expect(guest.page.getByText('Your password has been set. You can now log in.')).toBeVisible();
  await guest.page.goto('/login');
  const main = guest.page.locator('#main');
  await main.getByLabel('Username').fill(email);
  await main.getByLabel('Password').fill('guest-pass-31');
  await main.getByRole('button', { name: 'Sign In' }).click();
  await expect(guest.page).toHaveURL('/student/dashboard');
  await guest.page.goto('/student/messages');
  await guest.page.getByRole('button', { name: /Abebe Bekele/ }).click();
  await expect(guest.page.getByRole('list', { name: 'Messages' }).getByText(words)).toBeVisible();
  await expectNoHorizontalOverflow(guest.page, "the family's conversation");
  await guest.page.screenshot({ path: test.info().outputPath('family-reads-390.png'), fullPage: true });

  await tutor.context.close();
  await guest.context.close();
});
