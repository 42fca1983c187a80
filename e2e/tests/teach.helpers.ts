import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { png } from './png.helpers.ts';

/** Applying to teach (issue 27), shared by the /teach journey and the earnings journey on the clock app. */

/** The verification link e-mailed to `email`, read from the server's outbox (DATA_DIR/outbox). */
export async function readVerifyLink(email: string, dataDir = process.env.E2E_DATA_DIR!): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  let link = '';
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox)
        ? fs.readdirSync(outbox).filter((f) => f.endsWith(`-${email}.eml`))
        : [];
      const decoded = files
        .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
        .join('\n')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      link = /https?:\/\/\S+\/verify-email\?token=[\w%-]+/.exec(decoded)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link.replace(/^https?:\/\/[^/]+/, '');
}

const longWord = 'ሀ'.repeat(150) + 'a'.repeat(150);

export async function fillApplication(page: Page, who: { first: string; last: string; email: string }) {
  const form = page.getByRole('form', { name: 'Send my application' });
  await form.getByLabel('First name').fill(who.first);
  await form.getByLabel('Last name').fill(who.last);
  await form.getByLabel('Phone').fill('+251 911 234 567');
  await form.getByLabel('City').fill('Addis Ababa');
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password').fill('teach2026');
  await form.getByRole('checkbox', { name: /Sciences/ }).check();
  await form.getByLabel('From grade').selectOption('9');
  await form.getByLabel('Languages you teach in').fill('Amharic, English');
  await form.getByLabel('Education').fill(`BSc Physics, Addis Ababa University ${longWord}`);
  await form.getByLabel('Years of teaching experience').fill('6');
  await form
    .getByLabel('About you for families')
    .fill(`I have taught physics for six years; see https://example.com/${'x'.repeat(200)} ${longWord}`);
  await form.getByLabel('Hourly rate (USD)').fill('18');
  await form.getByRole('button', { name: 'Add times on Monday' }).click();
}

/** The applicant's photo, from the application screen: approving publishes, and a profile needs one (decision 265). */
export async function uploadApplicationPhoto(page: Page) {
  await page.getByLabel('Choose a photo').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: png(400, 400),
  });
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByText('No photo yet.')).toHaveCount(0);
}
