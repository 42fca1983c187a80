import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { serverNow, setServerClockOffset } from '../support/server-clock.ts';
import { expectNoHorizontalOverflow, payInBrowser, signIn, unique } from './admin-business.helpers.ts';
import { fillApplication, readVerifyLink, uploadApplicationPhoto } from './teach.helpers.ts';

/**
 * Issue 27's whole journey, on the clock app (decision 238): a teacher applies at /teach, the office approves, a
 * family books and pays, the lesson is held and marked, the dispute window passes, the office pays out, and the
 * tutor sees the payout on Earnings. Days pass by moving the clock app's time, never by waiting.
 */

const clockURL = process.env.E2E_CLOCK_URL!;
const clockDataDir = `${process.env.E2E_DATA_DIR!}-clock`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

test.use({ baseURL: clockURL });
test.afterAll(() => setServerClockOffset(0));

/** A browser page on the clock app whose own clock agrees with the server's (shifted) time. */
async function pageAtServerTime(browser: Browser, width = 1280) {
  const context = await browser.newContext({ baseURL: clockURL, viewport: { width, height: 900 } });
  await context.clock.install({ time: serverNow() });
  return { context, page: await context.newPage() };
}

/** The earliest free hour of the tutor in the next weeks, booked and answered with its start. */
async function bookEarliest(request: APIRequestContext, tutorId: number, family: string) {
  const now = serverNow();
  for (let m = 0; m < 2; m++) {
    const when = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + m, 1));
    const res = await request.get(
      `/api/reservations/available/?tutor_id=${tutorId}&year=${when.getUTCFullYear()}&month=${when.getUTCMonth() + 1}&duration_minutes=60&only_future=1`,
    );
    const available = (await res.json()).available as Record<string, string[]>;
    const dates = Object.keys(available)
      .filter((d) => available[d]!.length > 0)
      .sort();
    if (!dates.length) continue;
    const date = dates[0]!;
    const time = [...available[date]!].sort()[0]!;
    const booked = await request.post('/api/reservations/reservations/', {
      data: {
        tutor: tutorId,
        date,
        time,
        duration_hours: 1,
        full_name: `Meron ${family}`,
        email: `meron.${family}@example.com`,
        phone: '+1 202 555 0101',
        guardian_relationship: 'Mother',
        subject: 'Physics',
        student_full_name: `Dawit ${family}`,
        student_grade: 'Grade 10',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const body = (await booked.json()) as { id: string; sessions: { start: string }[] };
    return { id: body.id, start: new Date(body.sessions[0]!.start), student: `Dawit ${family}` };
  }
  throw new Error('the new tutor has no free hour in the next two months');
}

test('apply → approved → booked and paid → lesson held → window passed → paid out, seen on Earnings', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  setServerClockOffset(0);
  const first = 'Yonas';
  const last = `Girma${unique()}`;
  const email = `yonas.${unique()}@example.com`;

  // 1. Apply on a phone, confirm the address.
  const applicant = await pageAtServerTime(browser, 390);
  const page = applicant.page;
  await page.goto('/teach');
  await fillApplication(page, { first, last, email });
  await page.getByRole('button', { name: 'Send my application' }).click();
  await expect(page.getByText('Thank you! Your application is in.')).toBeVisible();
  await page.goto(await readVerifyLink(email, clockDataDir));
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  // The photo, which publishing needs (decision 265), from the application screen.
  await signIn(page, email, 'teach2026');
  await page.goto('/tutor/application');
  await uploadApplicationPhoto(page);

  // 2. The office approves with the identity check.
  const office = await pageAtServerTime(browser);
  await signIn(office.page, 'admin');
  await office.page.goto('/admin/tutor-applications?status=submitted');
  await office.page.getByRole('link', { name: `${first} ${last}` }).click();
  await office.page.getByRole('radio', { name: 'Approve' }).check();
  await office.page.getByRole('checkbox', { name: 'ID checked' }).check();
  await office.page.getByRole('button', { name: 'Continue' }).click();
  await office.page.getByRole('button', { name: 'Confirm: Approve' }).click();
  await expect(office.page.getByRole('heading', { name: /Status: Approved/ })).toBeVisible();

  // 3. Families see the tutor; one books the earliest hour and pays.
  const tutors = (await (await request.get('/api/tutors/public/')).json()) as {
    id: number;
    full_name: string;
    checks: string[];
  }[];
  const tutor = tutors.find((x) => x.full_name === `${first} ${last}`)!;
  expect(tutor.checks).toEqual(['identity']);
  const booking = await bookEarliest(request, tutor.id, unique());
  const family = await pageAtServerTime(browser, 390);
  await payInBrowser(family.page, booking.id);
  await family.context.close();

  // 4. Ten minutes into the lesson, the tutor signs in and marks it attended.
  setServerClockOffset(booking.start.getTime() + 10 * 60_000 - Date.now());
  const tutorSide = await pageAtServerTime(browser, 390);
  await signIn(tutorSide.page, email, 'teach2026');
  await tutorSide.page.goto('/tutor/dashboard');
  const waiting = tutorSide.page.getByRole('list', { name: 'Sessions waiting for attendance' });
  await expect(waiting).toContainText(booking.student);
  const form = waiting.getByRole('form', { name: `Attendance of ${booking.student}` });
  await form.getByRole('radio', { name: 'Attended' }).check();
  await form.getByRole('button', { name: 'Save attendance' }).click();
  await expect(waiting).toHaveCount(0);
  await tutorSide.page.goto('/tutor/earnings');
  await expect(tutorSide.page.getByText(/Available after the 3-day dispute window/)).toBeVisible();
  await expect(tutorSide.page.getByText('$15.30').first()).toBeVisible();

  // 5. Four days later the earning is available; the tutor says where to be paid.
  setServerClockOffset(booking.start.getTime() + 4 * DAY + HOUR - Date.now());
  await tutorSide.context.close();
  const tutorLater = await pageAtServerTime(browser, 390);
  await signIn(tutorLater.page, email, 'teach2026');
  await tutorLater.page.goto('/tutor/payout-method');
  await tutorLater.page.getByRole('radio', { name: 'telebirr' }).check();
  await tutorLater.page.getByLabel('Account name').fill(`${first} ${last}`);
  await tutorLater.page.getByLabel('Wallet phone number').fill('0912345678');
  await tutorLater.page.getByLabel('Current password').fill('teach2026');
  await tutorLater.page.getByRole('button', { name: 'Save payout method' }).click();
  await expect(tutorLater.page.getByText(/••••5678/)).toBeVisible();

  // 6. The office runs a (manual) payout and marks it paid.
  await office.context.close();
  const officeLater = await pageAtServerTime(browser);
  await signIn(officeLater.page, 'admin');
  await officeLater.page.goto('/admin/payouts');
  await expect(officeLater.page.getByText('New runs are paid by hand with a bank file.')).toBeVisible();
  await officeLater.page.getByLabel('Birr per dollar').fill('150');
  await officeLater.page.getByRole('button', { name: 'Review the payout run' }).click();
  await officeLater.page.getByRole('button', { name: 'Create the payout run' }).click();
  const row = officeLater.page.getByRole('row').filter({ hasText: `${first} ${last}` });
  await expect(row).toContainText('ETB 2,295.00');
  await row.getByRole('button', { name: 'Mark paid' }).click();
  await officeLater.page.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await officeLater.context.close();

  // 7. The tutor sees it paid.
  await tutorLater.page.goto('/tutor/earnings');
  await expect(tutorLater.page.getByText('Paid out').first()).toBeVisible();
  await expectNoHorizontalOverflow(tutorLater.page, '/tutor/earnings');
  await tutorLater.context.close();
  await applicant.context.close();
});
