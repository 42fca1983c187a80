import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, inAmharic, signIn } from './admin-business.helpers.ts';

/**
 * Issue 30 item 5 (decisions 269–270), at phone width: the demo tutor sets homework with a PDF on one of Nahom's
 * lessons; the family sees it on Progress and downloads the PDF, then (in Amharic) marks it done; the tutor sees
 * it done and writes a note; the family reads the note.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
/** The Amharic of a screen text (the web's locale files), or the English until it is translated. */
function am(namespace: string, key: string): string {
  try {
    const file = path.join(here, '../../apps/web/src/locales/am', `${namespace}.json`);
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)[key] ?? key;
  } catch {
    return key;
  }
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n' +
    'trailer <</Root 1 0 R>>\n%%EOF\n',
);

async function phone(browser: Browser, amharic = false) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const page = await context.newPage();
  if (amharic) await inAmharic(page);
  return { context, page };
}

/** The tutor's card of Nahom on My Students, and the homework item of this journey in it. */
async function nahomCard(page: Page) {
  await page.goto('/tutor/students');
  const card = page.getByRole('article', { name: 'Nahom Alemayehu' });
  await expect(card).toBeVisible();
  return card;
}

test('a tutor sets homework with a PDF; the family opens it and marks it done; the tutor notes it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const work = `Fractions: exercises 1–10 on page 42 (${unique()}).`;
  const fileName = `Worksheet ${unique()}.pdf`;
  const note = `All correct, well done (${unique()}).`;

  // The tutor sets it on one of Nahom's lessons, with a PDF.
  const tutor = await phone(browser);
  await signIn(tutor.page, 'tutor');
  let card = await nahomCard(tutor.page);
  await card.getByRole('button', { name: 'Set homework for Nahom Alemayehu' }).first().click();
  const dialog = tutor.page.getByRole('dialog', { name: 'Set homework for Nahom Alemayehu' });
  await dialog.getByLabel('Homework', { exact: true }).fill(work);
  await dialog.getByLabel('Due date').fill(inDays(3));
  await dialog
    .getByLabel('Attach a file')
    .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText(`Attached: ${fileName}`)).toBeVisible();
  await expectNoHorizontalOverflow(tutor.page, 'the homework dialog');
  await tutor.page.screenshot({ path: '/tmp/homework-tutor-dialog-390.png' });
  await dialog.getByRole('button', { name: 'Set homework' }).click();
  await expect(dialog).toBeHidden();
  const set = card.getByRole('listitem').filter({ hasText: work }).last();
  await expect(set.getByText('Not done yet')).toBeVisible();
  await expect(set.getByRole('button', { name: new RegExp(`^Download ${fileName}`) })).toBeVisible();
  await expectNoHorizontalOverflow(tutor.page, "the tutor's students with homework");

  // The family sees it on Progress and downloads the PDF.
  const family = await phone(browser);
  await signIn(family.page, 'student');
  await family.page.goto('/student/progress');
  let item = family.page.getByRole('listitem').filter({ hasText: work });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Nahom Alemayehu');
  await expect(item).toContainText(`Due`);
  const [download] = await Promise.all([
    family.page.waitForEvent('download'),
    item.getByRole('button', { name: new RegExp(`^Download ${fileName}`) }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(fileName);
  const saved = await download.path();
  expect(fs.readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoHorizontalOverflow(family.page, "the family's Progress with homework");
  await family.page.screenshot({ path: '/tmp/homework-family-390.png', fullPage: true });

  // In Amharic, the family marks it done.
  const amharic = await phone(browser, true);
  await signIn(amharic.page, 'student');
  await amharic.page.goto('/student/progress');
  await expect(amharic.page.locator('html')).toHaveAttribute('lang', 'am');
  item = amharic.page.getByRole('listitem').filter({ hasText: work });
  await expect(item.getByText(am('family', 'Not done yet'))).toBeVisible();
  await item.getByRole('button', { name: am('family', 'Mark as done') }).click();
  await expect(item.getByRole('button', { name: am('family', 'Mark as not done') })).toBeVisible();
  await expect(item.getByText(am('family', 'Marked done'), { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(amharic.page, "the family's Progress in Amharic");
  await amharic.page.screenshot({ path: '/tmp/homework-family-am-390.png', fullPage: true });

  // The tutor sees it done (no change any more) and writes a note.
  card = await nahomCard(tutor.page);
  const done = card.getByRole('listitem').filter({ hasText: work }).last();
  await expect(done.getByText('Marked done', { exact: true })).toBeVisible();
  await expect(done.getByRole('button', { name: 'Change' })).toHaveCount(0);
  await done.getByLabel('Your note on this homework (the family sees it)').fill(note);
  await done.getByRole('button', { name: 'Save note' }).click();
  await expect(done.getByText('Note saved.')).toBeVisible();

  // The family reads the note (in English, and in Amharic beside its Amharic label).
  await family.page.reload();
  item = family.page.getByRole('listitem').filter({ hasText: work });
  await expect(item).toContainText(`Tutor’s note: ${note}`);
  await amharic.page.reload();
  await expect(
    amharic.page.getByRole('listitem').filter({ hasText: work }).getByText(am('family', 'Tutor’s note:')),
  ).toBeVisible();
  await tutor.page.screenshot({ path: '/tmp/homework-tutor-done-390.png', fullPage: true });
  await tutor.context.close();
  await family.context.close();
  await amharic.context.close();
});
