import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn, unique } from './admin-business.helpers.ts';

/**
 * Issue 31, item 1 (decision 255): nothing is wider than a phone, whatever people type. At 390 px a family, a
 * tutor and visitors write a 300-character unbroken word and a long link into every text they can reach; then
 * every area screen and the home page are visited and none scrolls sideways.
 */

const PHONE = 390;
const longWord = () => `Tibeb${unique()}${'x'.repeat(300)}`.slice(0, 300);
const longLink = () => `https://example.com/${'homework/'.repeat(20)}${unique()}?page=${'9'.repeat(60)}`;

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: PHONE, height: 800 } });
  return { context, page: await context.newPage() };
}

async function expectFitsThePhone(page: Page, screen: string) {
  await page.goto(screen);
  await expect(page.locator('h1').first()).toBeVisible();
  // The areas hold a live message stream open, so the network never idles: give the data a moment.
  await page.waitForTimeout(700);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${screen} is ${width}px wide on a ${PHONE}px phone`).toBeLessThanOrEqual(PHONE);
}

const familyScreens = [
  '/student/dashboard',
  '/student/messages',
  '/student/progress',
  '/student/tutors',
  '/student/settings',
];
const tutorScreens = [
  '/tutor/dashboard',
  '/tutor/students',
  '/tutor/schedule',
  '/tutor/messages',
  '/tutor/earnings',
  '/tutor/profile',
  '/tutor/payout-method',
];
const adminScreens = [
  '/admin/dashboard',
  '/admin/users',
  '/admin/tutors',
  '/admin/reservation',
  '/admin/payment',
  '/admin/comments',
  '/admin/blog/comments',
  '/admin/reports',
  '/admin/tutor-applications',
];

test('a 300-character word and a long link never make a screen wider than a 390 px phone', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const word = longWord();
  const link = longLink();

  // The family writes to its tutor from a phone.
  const family = await phone(browser);
  await signIn(family.page, 'student');
  await family.page.goto('/student/messages');
  await family.page.getByRole('button', { name: /Abebe Bekele/ }).click();
  await family.page.getByLabel('Message', { exact: true }).fill(`${word} ${link}`);
  await family.page.getByRole('button', { name: 'Send' }).click();
  const thread = family.page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText(word)).toBeVisible();
  expect(await family.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
  await family.page.screenshot({ path: '/tmp/h7-family-thread-390.png', fullPage: true });

  // The tutor answers and writes a progress note, from a phone.
  const tutor = await phone(browser);
  await signIn(tutor.page, 'tutor');
  await tutor.page.goto('/tutor/messages');
  await tutor.page
    .getByRole('button', { name: /Marta|student|Alemayehu/ })
    .first()
    .click();
  await tutor.page.getByLabel('Message', { exact: true }).fill(`${link} ${word}`);
  await tutor.page.getByRole('button', { name: 'Send' }).click();
  await expect(tutor.page.getByRole('list', { name: 'Messages' }).getByText(`${link} ${word}`)).toBeVisible();
  expect(await tutor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
  await tutor.page.screenshot({ path: '/tmp/h7-tutor-thread-390.png', fullPage: true });

  await tutor.page.goto('/tutor/students');
  const card = tutor.page.getByRole('article', { name: 'Nahom Alemayehu' });
  const recent = card.getByRole('listitem').filter({ hasText: 'Attended' }).first();
  await recent.getByText('Change attendance or add a note').click();
  const form = recent.getByRole('form', { name: 'Attendance of Nahom Alemayehu' });
  await form.getByLabel('Attended').check();
  await form.getByLabel('Progress note for the family (optional)').fill(`${word} ${link}`);
  // The note's counter says how much of its 4,000 characters is used.
  await expect(form.getByText(`${word.length + 1 + link.length}/4000`)).toBeVisible();
  await form.getByRole('button', { name: 'Save attendance' }).click();
  await expect(card.getByText(`${word} ${link}`).first()).toBeVisible();

  // A visitor writes through the contact form (the server keeps it; the admin reads it).
  const contact = await family.page.request.post('/api/contacts/', {
    data: { name: word.slice(0, 100), email: `long-${unique()}@example.com`, message: `${word} ${link}` },
  });
  expect(contact.status()).toBe(201);

  for (const screen of familyScreens) await expectFitsThePhone(family.page, screen);
  await family.page.goto('/student/progress');
  await family.page.screenshot({ path: '/tmp/h7-family-progress-390.png', fullPage: true });
  for (const screen of tutorScreens) await expectFitsThePhone(tutor.page, screen);
  await tutor.page.goto('/tutor/messages');
  await tutor.page.screenshot({ path: '/tmp/h7-tutor-list-390.png', fullPage: true });

  const admin = await phone(browser);
  await signIn(admin.page, 'admin');
  for (const screen of adminScreens) await expectFitsThePhone(admin.page, screen);
  await expectFitsThePhone(admin.page, '/');

  await family.context.close();
  await tutor.context.close();
  await admin.context.close();
});
