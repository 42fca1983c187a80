import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { expectNoHorizontalOverflow, inAmharic, unique } from './admin-business.helpers.ts';

/**
 * Issue 32 item 2 (decision 249): booking Coding by subject on two weekdays, on a phone, in English and in
 * Amharic. Once Saturday 08:00 is chosen (Yonas Alemu's time), Tuesday offers only the times one tutor can teach
 * with it (not Fitsum's 16:00), and the step says who. A Tuesday time taken meanwhile: step 3 says so in words,
 * and back on the schedule that time is gone; another one books, and step 3 names the server's tutor.
 */

const phone = { width: 390, height: 844 };

const words = {
  en: {
    fullName: 'Full name',
    email: 'Email',
    phone: 'Phone',
    relationship: 'Relationship to student',
    relationshipOption: 'Mother',
    studentName: 'Student full name',
    grade: 'Grade',
    gradeOption: 'Grade 6',
    confirmInfo: /I confirm the student information/,
    next: 'Next',
    back: 'Back',
    nextMonth: 'Next month',
    tuesday: 'Tuesday',
    confirmHeading: 'Confirmation',
    confirm: 'Confirm Booking',
    withTutor: (name: string) => `With ${name}, who is free at the times you chose every week.`,
    wentAway: (time: string) =>
      `This tutor is no longer free on Tuesday at ${time}. Please pick another time.`,
  },
  am: {
    fullName: 'ሙሉ ስም',
    email: 'ኢሜይል',
    phone: 'ስልክ',
    relationship: 'ከተማሪው ጋር ያለዎት ዝምድና',
    relationshipOption: 'እናት',
    studentName: 'የተማሪው ሙሉ ስም',
    grade: 'ክፍል',
    gradeOption: '7ኛ ክፍል',
    confirmInfo: /የተማሪው መረጃ ትክክል መሆኑን አረጋግጣለሁ/,
    next: 'ቀጣይ',
    back: 'ይመለሱ',
    nextMonth: 'የሚቀጥለው ወር',
    tuesday: 'ማክሰኞ',
    confirmHeading: 'ማረጋገጫ',
    confirm: 'ቦታ ማስያዙን ያረጋግጡ',
    withTutor: (name: string) => `ከ${name} ጋር፤ በመረጧቸው ሰዓቶች በየሳምንቱ ነፃ ናቸው።`,
    wentAway: (time: string) => `ይህ አስጠኚ ማክሰኞ ${time} ላይ ከእንግዲህ ነፃ አይደለም። እባክዎ ሌላ ሰዓት ይምረጡ።`,
  },
} as const;

type Plan = {
  tutor: { id: number; full_name: string } | null;
  times: Record<string, { time: string; tutor: { id: number; full_name: string } }[]>;
};

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const calendar = (page: Page) => page.getByTestId('booking-calendar');
const optionValues = (page: Page, id: string) =>
  page
    .locator(`#${id} option`)
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));

/** A Saturday of the shown month free at 08:00 with its tutor free on Tuesdays at 17:00 (the server's plan). */
async function saturdayToBook(page: Page, request: APIRequestContext) {
  const dates = await calendar(page)
    .locator('button[data-date]:not([disabled])')
    .evaluateAll((bs) => bs.map((b) => b.getAttribute('data-date')!));
  for (const date of dates.filter((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 6)) {
    const [year, month] = date.split('-').map(Number);
    const res = await request.get(
      `/api/reservations/available-by-subject/?subject=coding&year=${year}&month=${month}&duration_minutes=60` +
        `&only_future=1&date=${date}&days_times=sat:08:00`,
    );
    if (!res.ok()) continue;
    const body = (await res.json()) as { available: Record<string, string[]>; plan: Plan };
    const tue = body.plan.times.tue?.map((x) => x.time) ?? [];
    if (body.available[date]?.includes('08:00') && tue.includes('17:00') && tue.includes('18:00'))
      return { date, plan: body.plan };
  }
  return null;
}

/** Nothing wider than the phone; a screenshot at 390 px, and one at 1280 px (then back to the phone). */
async function look(page: Page, info: TestInfo, name: string) {
  await expectNoHorizontalOverflow(page, name);
  await page.screenshot({ path: info.outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: info.outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize(phone);
}

for (const lang of ['en', 'am'] as const) {
  test(`book Coding by subject on Saturday and Tuesday with one tutor (${lang}, phone)`, async ({
    page,
    request,
  }, info) => {
    const w = words[lang];
    const family = unique();
    await page.setViewportSize(phone);
    if (lang === 'am') await inAmharic(page);
    await page.goto('/booking/form?subject=coding');
    await expect(page.locator('#bk-subject, select[name="subject"]').first()).toHaveValue('coding');
    await page.getByLabel(w.fullName, { exact: true }).fill(`Selam ${family}`);
    await page.getByLabel(w.email, { exact: true }).fill(`selam.${family}@example.com`);
    await page.getByLabel(w.phone, { exact: true }).fill('+251 911 000 000');
    await page.getByLabel(w.relationship).selectOption({ label: w.relationshipOption });
    await page.getByLabel(w.studentName).fill(`Abel ${family}`);
    await page.getByLabel(w.grade, { exact: true }).selectOption({ label: w.gradeOption });
    await page.getByLabel(w.confirmInfo).check();
    await page.getByRole('button', { name: w.next, exact: true }).click();

    // A month of its own for each language, a few months ahead (other journeys book the next ones).
    await expect(calendar(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
    let found: Awaited<ReturnType<typeof saturdayToBook>> = null;
    for (let i = 0; i < 12 && !found; i++) {
      await page.getByRole('button', { name: w.nextMonth }).click();
      await expect(calendar(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
      if (i >= (lang === 'en' ? 7 : 9) + Math.floor(Math.random() * 2))
        found = await saturdayToBook(page, request);
    }
    expect(found, 'a Saturday with Yonas free at 08:00 and on Tuesdays').not.toBeNull();
    const { date, plan } = found!;
    const tutor = plan.times.tue!.find((x) => x.time === '17:00')!.tutor;

    await calendar(page).locator(`button[data-date="${date}"]`).click();
    await page.locator('#bk-time-sat').selectOption('08:00');
    await expect(page.getByTestId('plan-tutor')).toHaveText(w.withTutor(tutor.full_name));
    await page.getByRole('checkbox', { name: w.tuesday }).check();
    // Tuesday offers only the times the Saturday's tutor can teach: not 16:00 (another tutor's).
    await expect.poll(() => optionValues(page, 'bk-time-tue')).toContain('17:00');
    const tueTimes = await optionValues(page, 'bk-time-tue');
    expect(tueTimes).not.toContain('16:00');
    expect(tueTimes.every((t) => t >= '17:00')).toBe(true);
    await page.locator('#bk-time-tue').selectOption('17:00');
    await expect(page.getByTestId('plan-tutor')).toHaveText(w.withTutor(tutor.full_name));
    await look(page, info, `${lang}-schedule`);

    // Meanwhile another family takes that tutor's first Tuesday at 17:00.
    const taken = await request.post('/api/reservations/reservations/', {
      data: {
        tutor: tutor.id,
        date: addDays(date, 3),
        time: '17:00',
        duration_hours: 1,
        full_name: `Other ${family}`,
        email: `other.${family}@example.com`,
        phone: '+251 911 000 001',
        subject: 'Coding',
        student_full_name: `Kid ${family}`,
        student_age: 10,
      },
    });
    expect(taken.status()).toBe(201);

    // Step 3 says in words which time went.
    await page.getByRole('button', { name: w.next, exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: w.confirmHeading })).toBeVisible();
    await expect(page.getByText(w.wentAway('17:00'))).toBeVisible();
    await expect(page.getByRole('button', { name: w.confirm })).toBeDisabled();
    await look(page, info, `${lang}-went-away`);

    // Back on the schedule that time is gone (no loop); another is offered with the same tutor.
    await page.getByRole('button', { name: w.back, exact: true }).click();
    await expect(page.locator('#bk-time-tue')).toHaveValue('');
    await expect.poll(() => optionValues(page, 'bk-time-tue')).not.toContain('17:00');
    expect(await optionValues(page, 'bk-time-tue')).toContain('18:00');
    await page.locator('#bk-time-tue').selectOption('18:00');
    await expect(page.getByTestId('plan-tutor')).toHaveText(w.withTutor(tutor.full_name));

    // Step 3 shows the server's plan: its tutor, eight sessions.
    await page.getByRole('button', { name: w.next, exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: w.confirmHeading })).toBeVisible();
    await expect(page.getByText(tutor.full_name, { exact: true })).toBeVisible();
    await expect(page.getByText(w.wentAway('17:00'))).toHaveCount(0);
    await look(page, info, `${lang}-confirmation`);
    await page.getByRole('button', { name: w.confirm }).click();
    await page.waitForURL(/\/payment\?reservation_id=[0-9a-f-]{36}$/);
  });
}
