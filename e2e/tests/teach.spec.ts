import { expect, test } from '@playwright/test';
import {
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  inAmharic,
  signIn,
  unique,
} from './admin-business.helpers.ts';
import { fillApplication, readVerifyLink, uploadApplicationPhoto } from './teach.helpers.ts';
import { openTakenOver } from '../support/taken-over.ts';

/**
 * Issue 27 items 1–2 (decisions 234, 235): someone applies at /teach on a phone, confirms the address from the
 * e-mail, signs in and uploads a document; the office asks for a change, the applicant edits, the office approves
 * with checks; families then see the tutor in /tutors with "ID checked".
 */

test('apply at /teach on a phone, get vetted, and appear in /tutors with "ID checked"', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const first = 'Selam';
  const last = `Tadesse${unique()}`;
  const email = `selam.${unique()}@example.com`;

  // Apply.
  await page.goto('/teach');
  await expect(page.getByRole('heading', { level: 1, name: 'Teach with Tibeb' })).toBeVisible();
  await expect(page.getByText(/telebirr or CBE Birr/)).toBeVisible();
  await page.getByRole('button', { name: 'Send my application' }).click();
  await expect(page.getByText('Choose at least one subject.')).toBeVisible();
  await fillApplication(page, { first, last, email });
  await expectNoHorizontalOverflow(page, '/teach with long words');
  await page.getByRole('button', { name: 'Send my application' }).click();
  await expect(page.getByText('Thank you! Your application is in.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

  // Confirm the address, sign in, follow the application, upload a document.
  await page.goto(await readVerifyLink(email));
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  await page.goto('/login');
  await page.locator('#main').getByLabel('Username').fill(email);
  await page.locator('#main').getByLabel('Password').fill('teach2026');
  await page.locator('#main').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/tutor\//);
  await page.goto('/tutor/application');
  await expect(page.getByRole('heading', { name: /Status: Waiting for review/ })).toBeVisible();
  await expect(page.getByText('Upload your identity document (Fayda or passport)')).toBeVisible();
  await page.getByLabel('Add a file: Identity (Fayda or passport)').setInputFiles({
    name: 'fayda.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
  await expect(page.getByRole('button', { name: 'fayda.pdf', exact: true })).toBeVisible();
  await expect(page.getByText('Upload your identity document (Fayda or passport)')).toHaveCount(0);
  await uploadApplicationPhoto(page);
  await expectNoHorizontalOverflow(page, '/tutor/application');

  // The office asks for a change.
  const office = await browser.newContext();
  const admin = await office.newPage();
  await signIn(admin, 'admin');
  await admin.goto('/admin/tutor-applications?status=submitted');
  await expect(admin.getByRole('heading', { level: 1, name: 'Tutor applications' })).toBeVisible();
  await expectNoAxeViolations(admin, '/admin/tutor-applications');
  await admin.getByRole('link', { name: `${first} ${last}` }).click();
  await expect(admin.getByRole('button', { name: 'Download fayda.pdf' })).toBeVisible();
  await admin.getByRole('radio', { name: 'Request changes' }).check();
  await admin.getByLabel('Reason the applicant reads').fill('Please add the city where you teach in person.');
  await admin.getByRole('button', { name: 'Continue' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Request changes' });
  await expect(dialog).toBeVisible();
  // Escape closes the confirmation; nothing was sent.
  await admin.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await admin.getByRole('button', { name: 'Continue' }).click();
  await admin.getByRole('button', { name: 'Confirm: Request changes' }).click();
  await expect(admin.getByRole('heading', { name: /Status: Changes requested/ })).toBeVisible();

  // The applicant reads the reason and edits.
  await page.reload();
  await expect(page.getByRole('heading', { name: /Status: Changes requested/ })).toBeVisible();
  await expect(page.getByText('Please add the city where you teach in person.')).toBeVisible();
  await page.getByRole('form', { name: 'Save my answers' }).getByLabel('City').fill('Bahir Dar');
  await page.getByRole('button', { name: 'Save my answers' }).click();
  await expect(page.getByText('Your changes are saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Status: Waiting for review/ })).toBeVisible();

  // The office approves with checks.
  await admin.reload();
  await expect(admin.getByText('Bahir Dar')).toBeVisible();
  await admin.getByRole('radio', { name: 'Approve' }).check();
  await admin.getByRole('checkbox', { name: 'ID checked' }).check();
  await admin.getByLabel('Note on “ID checked” (optional)').fill('Fayda number matches');
  await admin.getByRole('checkbox', { name: 'Interviewed' }).check();
  await admin.getByRole('button', { name: 'Continue' }).click();
  await admin.getByRole('button', { name: 'Confirm: Approve' }).click();
  await expect(admin.getByRole('heading', { name: /Status: Approved/ })).toBeVisible();
  await expect(admin.getByText(/Fayda number matches/)).toBeVisible();
  await office.close();

  // Read-only for the applicant now; families see the tutor with the checks.
  await page.reload();
  await expect(page.getByRole('heading', { name: /Status: Approved/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save my answers' })).toHaveCount(0);
  await openTakenOver(page, `/tutors?q=${encodeURIComponent(first)}`);
  const card = page.getByRole('article', { name: `${first} ${last}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('list', { name: 'Checks passed' })).toContainText('ID checked');
  await expect(card.getByRole('list', { name: 'Checks passed' })).toContainText('Interviewed');
});

test('/teach passes an axe scan, in English and in Amharic', async ({ page }) => {
  await page.goto('/teach');
  await expect(page.getByRole('heading', { name: 'Apply to teach' })).toBeVisible();
  await expectNoAxeViolations(page, '/teach');
  await inAmharic(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/teach');
  await expect(page.getByRole('heading', { level: 1, name: 'ከጥበብ ጋር ያስተምሩ' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ማመልከቻዬን ላክ' })).toBeVisible();
  await expectNoHorizontalOverflow(page, '/teach in Amharic');
  await expectNoAxeViolations(page, '/teach in Amharic');
});
