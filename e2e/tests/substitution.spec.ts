import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  inAmharic,
  signIn,
  unique,
} from './admin-business.helpers.ts';
import { payWithDemo } from './family.helpers.ts';

/**
 * Issue 30 item 4 journey (decision 274): a tutor leaves; the admin offers the rest of a family's series to another
 * tutor of the subject who is free at every lesson, with a reason; the family opens the e-mailed link on a phone,
 * reads who takes over, when and for what price, and accepts (paying the rest when the new tutor costs more). The
 * page reads in Amharic too.
 */

type Tutor = { id: number; full_name: string; subject: string };
type Available = Record<string, string[]>;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function available(request: APIRequestContext, tutorId: number, year: number, month: number) {
  const res = await request.get(
    `/api/reservations/available/?tutor_id=${tutorId}&year=${year}&month=${month}&duration_minutes=60&only_future=true&_ts=${Date.now()}`,
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { available: Available }).available;
}

/**
 * Two tutors of one subject and a weekly time both are free at for four weeks, months ahead (random among those),
 * so that the second can take the first's lessons.
 */
async function twoFreeTutors(request: APIRequestContext) {
  const tutors = (await (await request.get('/api/tutors/public/')).json()) as Tutor[];
  const ahead = new Date();
  ahead.setUTCMonth(ahead.getUTCMonth() + 7, 1);
  const [year, month] = [ahead.getUTCFullYear(), ahead.getUTCMonth() + 1];
  const pairs = tutors.flatMap((a) =>
    tutors.filter((b) => b.id !== a.id && b.subject === a.subject).map((b) => [a, b]),
  );
  for (const [a, b] of pairs.sort(() => Math.random() - 0.5)) {
    const [fa, fb] = [
      await available(request, a!.id, year, month),
      await available(request, b!.id, year, month),
    ];
    const both = (d: string) => (fa[d] ?? []).filter((t) => (fb[d] ?? []).includes(t));
    for (let day = 1; day <= 7; day++) {
      const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      const times = both(date).filter((t) => [7, 14, 21].every((w) => both(addDays(date, w)).includes(t)));
      if (times.length > 0)
        return { from: a!, to: b!, date, time: times[Math.floor(Math.random() * times.length)]! };
    }
  }
  throw new Error('no two tutors of a subject share a free weekly time');
}

/** A family's paid four-week booking with the first tutor. */
async function paidBooking(request: APIRequestContext, family: string) {
  const pick = await twoFreeTutors(request);
  const email = `sub.${family}@example.com`;
  const created = await request.post('/api/reservations/reservations/', {
    data: {
      tutor: pick.from.id,
      date: pick.date,
      time: pick.time,
      duration_hours: 1,
      full_name: `Almaz ${family}`,
      email,
      phone: '+251 911 000 000',
      guardian_relationship: 'Mother',
      subject: pick.from.subject,
      student_full_name: `Liya ${family}`,
      student_grade: 'Grade 5',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const reservation = (await created.json()) as { id: string; amount: number };
  await payWithDemo(request, reservation, { fullName: `Almaz ${family}`, email });
  return { ...pick, email, reservationId: reservation.id };
}

/** The offer's link e-mailed to the family, read from the server's outbox (DATA_DIR/outbox). */
async function offerLink(email: string) {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let link = '';
  await expect
    .poll(() => {
      const text = (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
        .filter((f) => f.endsWith(`-${email}.eml`))
        .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
        .join('\n')
        .replace(/=\r?\n/g, '');
      link = /https?:\/\/\S+?\/substitution\/[\w-]{20,}/.exec(text)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link.replace(/^https?:\/\/[^/]+/, '');
}

const longWord = 'ሀ'.repeat(150) + 'a'.repeat(150);

test('an admin offers another tutor; the family accepts on a phone and the lessons move', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const family = unique();
  const booking = await paidBooking(page.request, family);

  await signIn(page, 'admin');
  await page.goto(`/admin/reservation/${booking.reservationId}/edit`);
  const panel = page.getByRole('region', { name: 'Another tutor for the rest of the series' });
  await panel.getByRole('button', { name: 'Find another tutor' }).click();
  await expect(panel.getByRole('group', { name: 'Free at all 4 lessons to come' })).toBeVisible();
  await expect(panel.getByRole('radio', { name: new RegExp(booking.from.full_name) })).toHaveCount(0);
  await panel.getByRole('radio', { name: new RegExp(`^${booking.to.full_name} ·`) }).check();
  const reason = `${booking.from.full_name} is moving abroad ${longWord} https://example.com/${'very-long-path/'.repeat(12)}`;
  await panel.getByLabel('Reason the family reads').fill(reason);
  await panel.getByRole('button', { name: 'Send the offer to the family' }).click();
  await expect(panel.getByText('The offer was sent to the family.')).toBeVisible();
  await expect(panel).toContainText(`Offered ${booking.to.full_name} for 4 lessons`);
  await expect(panel).toContainText('Waiting for the family until');

  // The family, on a phone, from the e-mail's link (no sign-in: the link is its key).
  const link = await offerLink(booking.email);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const familyPage = await phone.newPage();
  await familyPage.goto(link);
  await expect(
    familyPage.getByRole('heading', { level: 1, name: 'A new tutor for your lessons' }),
  ).toBeVisible();
  await expect(
    familyPage.getByText(`${booking.from.full_name} can no longer teach Liya ${family}.`, { exact: false }),
  ).toBeVisible();
  const lessons = familyPage.getByRole('region', { name: 'Lessons that would move' }).getByRole('listitem');
  await expect(lessons).toHaveCount(4);
  await expect(lessons.first()).toContainText(`${booking.time} EAT`);
  await expectNoHorizontalOverflow(familyPage, 'the substitution page at 390 px');
  await expectNoAxeViolations(familyPage, 'substitution page');

  await familyPage.getByRole('button', { name: `Accept ${booking.to.full_name}` }).click();
  const pay = familyPage.getByRole('link', { name: /^Pay / });
  const done = familyPage.getByText(/^Done: the lessons are now with /);
  await expect(pay.or(done)).toBeVisible();
  if (await pay.isVisible()) {
    // The new tutor costs more: the rest is paid at the usual checkout, the old lessons' value as credit first.
    await pay.click();
    await familyPage.getByRole('button', { name: 'Pay Securely' }).click();
    await familyPage.waitForURL(/\/api\/payments\/demo\/checkout\//);
    await familyPage.getByRole('button', { name: /^Pay / }).click();
    await familyPage.waitForURL(/\/payment-success\?session_id=/);
    await expect(familyPage.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  }

  // The admin sees the old lessons cancelled and the offer accepted.
  await page.reload();
  await expect(panel).toContainText('Accepted by the family.');
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByText('Cancelled', { exact: true })).toHaveCount(4);

  // The new tutor's booked map holds the first lesson's time.
  const booked = (await (
    await page.request.get(
      `/api/reservations/booked/?tutor_id=${booking.to.id}&year=${booking.date.slice(0, 4)}&month=${Number(booking.date.slice(5, 7))}&_ts=${Date.now()}`,
    )
  ).json()) as { booked: Record<string, { start: string }[]> };
  expect(booked.booked[booking.date]?.map((b) => b.start)).toContain(booking.time);

  // The same page in Amharic says the change was accepted.
  const amharic = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const amPage = await amharic.newPage();
  await inAmharic(amPage);
  await amPage.goto(link);
  await expect(amPage.getByRole('heading', { level: 1, name: 'ለትምህርቶችዎ አዲስ አስጠኚ' })).toBeVisible();
  await expect(amPage.getByText('ይህን ለውጥ ተቀብለዋል።')).toBeVisible();
  await expectNoHorizontalOverflow(amPage, 'the substitution page in Amharic');
  await phone.close();
  await amharic.close();
});
