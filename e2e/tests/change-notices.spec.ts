import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, signIn, signInOnEveryPage, unique } from './admin-business.helpers.ts';
import { payWithDemo, reserveAtRandom, signUpFamily } from './family.helpers.ts';

/**
 * Issue 31 item 2, "every change is told and explained", at phone width: an administrator refunds part of a
 * family's payment and types why; the family's payment history shows the refund with that reason, and the
 * payment's audit trail reads as a sentence with the amount in money, in English and in Amharic.
 */
const phone = { width: 390, height: 844 };
const password = 'selam2025';
const reason = 'The tutor was ill on the first week';

async function phonePage(browser: Browser, amharic: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  if (amharic) await page.addInitScript(() => localStorage.setItem('tibeb.language', 'am'));
  return page;
}

test('an admin refunds with a reason: the family’s history shows it and the audit reads a sentence', async ({
  browser,
}) => {
  // A new family with a paid booking linked to its account.
  const tag = unique();
  const family = { username: `notice_${tag}`, email: `notice.${tag}@example.com`, password };
  const familyPage = await phonePage(browser, false);
  await signUpFamily(familyPage, family);
  const booker = { fullName: `Notice ${tag}`, email: family.email };
  const created = await reserveAtRandom(familyPage.request, {
    ...booker,
    phone: '+1 202 555 0101',
    student: `Liya ${tag}`,
  });
  await payWithDemo(familyPage.request, created, booker);

  // The administrator, on a phone, refunds $10 of it with a reason.
  const admin = await phonePage(browser, false);
  const token = await signIn(admin);
  const ledger = await admin.request.get(
    `/api/admin/payments/ledger/?q=${encodeURIComponent(family.email)}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  const payment = (
    (await ledger.json()) as { results: { id: string; reservation_id: string }[] }
  ).results.find((p) => p.reservation_id === created.id)!;
  expect(payment, 'the booking is paid').toBeTruthy();
  await admin.goto(`/admin/payment?q=${payment.id}`);
  const row = admin.getByTestId('payment-row');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Refund/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Refund payment' });
  await dialog.getByLabel('Partial refund').check();
  await dialog.getByLabel(/Amount to refund/).fill('10');
  await dialog.getByLabel('Reason (optional)').fill(reason);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('Refunded $10.00');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The audit trail reads a sentence: who, how much in money, why. No action code, no raw field.
  await row.locator('summary').click();
  const history = row.getByRole('region', { name: 'Refunds and changes' });
  await expect(history.getByRole('listitem').first()).toContainText(
    `admin refunded $10.00. Reason: “${reason}”.`,
  );
  await expect(history.getByRole('listitem').first()).toContainText('EAT');
  await expect(history).not.toContainText('payment.refund');
  await expect(history).not.toContainText('refunded cents');
  await expectNoHorizontalOverflow(admin, 'the payments screen with its history');
  await admin.screenshot({ path: '/tmp/notices-audit-en-390.png', fullPage: true });

  // The same trail in Amharic.
  const adminAm = await phonePage(browser, true);
  await signIn(adminAm);
  await adminAm.goto(`/admin/payment?q=${payment.id}`);
  const rowAm = adminAm.getByTestId('payment-row');
  await expect(rowAm).toHaveCount(1);
  await rowAm.locator('summary').click();
  const entryAm = rowAm.getByRole('listitem').filter({ hasText: 'ተመላሽ አድርጓል' }).first();
  await expect(entryAm).toContainText(`admin $10.00 ተመላሽ አድርጓል። ምክንያት፦ “${reason}”።`);
  await expectNoHorizontalOverflow(adminAm, 'the Amharic payments screen');
  await adminAm.screenshot({ path: '/tmp/notices-audit-am-390.png', fullPage: true });

  // The family's payment history shows the refund, when, and the reason typed.
  await signInOnEveryPage(familyPage, family.username, password);
  await familyPage.goto('/student/dashboard');
  const payments = familyPage.getByRole('region', { name: 'Payments' });
  const refunds = payments.getByRole('list', { name: 'Refunds' });
  await expect(refunds).toContainText(/\$10\.00 refunded on .* EAT/);
  await expect(refunds).toContainText(`Reason: ${reason}`);
  await expectNoHorizontalOverflow(familyPage, 'the family area');
  await familyPage.screenshot({ path: '/tmp/notices-family-en-390.png', fullPage: true });

  // And in Amharic.
  await familyPage.evaluate(() => localStorage.setItem('tibeb.language', 'am'));
  await familyPage.reload();
  await expect(familyPage.getByRole('list', { name: 'ተመላሽ ክፍያዎች' })).toContainText(`ምክንያት፦ ${reason}`);
  await expectNoHorizontalOverflow(familyPage, 'the Amharic family area');
  await familyPage.screenshot({ path: '/tmp/notices-family-am-390.png', fullPage: true });
});
