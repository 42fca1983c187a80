import { expect, test, type Browser } from '@playwright/test';
import { expectNoHorizontalOverflow, signIn, unique } from './admin-business.helpers.ts';

/**
 * Issue 31 item 7: a family reports a tutor's message; an admin finds the conversation in the queue of reported
 * conversations, opens it (the read trail records it) and resolves the report. At 390 px nothing is wider than
 * the screen.
 */

async function newPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}

test('a family reports a tutor’s message; the admin reads the conversation and resolves it', async ({
  browser,
}) => {
  // The tutor writes to the demo family.
  const tutor = await newPage(browser, 1280);
  await signIn(tutor.page, 'tutor');
  await tutor.page.goto('/tutor/messages');
  await tutor.page
    .getByRole('button', { name: /Marta|student|Alemayehu/ })
    .first()
    .click();
  const rude = `Pay me in cash, outside the site ${unique()}`;
  await tutor.page.getByLabel('Message', { exact: true }).fill(rude);
  await tutor.page.getByRole('button', { name: 'Send' }).click();
  await expect(tutor.page.getByRole('list', { name: 'Messages' }).getByText(rude)).toBeVisible();
  await tutor.context.close();

  // The family, on a phone, reports that message.
  const family = await newPage(browser, 390);
  await signIn(family.page, 'student');
  await family.page.goto('/student/messages');
  await family.page
    .getByRole('button', { name: /Abebe Bekele/ })
    .first()
    .click();
  const thread = family.page.getByRole('list', { name: 'Messages' });
  const message = thread.getByRole('listitem').filter({ hasText: rude });
  await message.getByRole('button', { name: /^Report the message of Abebe Bekele/ }).click();
  const dialog = family.page.getByRole('dialog', { name: 'Report this message' });
  await expect(dialog.getByText(rude)).toBeVisible();
  const reason = `Asks to be paid in cash ${unique()}`;
  await dialog.getByLabel('Reason').fill(reason);
  await expectNoHorizontalOverflow(family.page, 'the report dialog at 390 px');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Thank you. The office will look at this conversation.',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expectNoHorizontalOverflow(family.page, 'the messages at 390 px');
  await family.context.close();

  // The admin, on a phone too, finds it in the queue.
  const admin = await newPage(browser, 390);
  await signIn(admin.page, 'admin');
  await admin.page.goto('/admin/reported-conversations');
  await expect(admin.page.getByRole('heading', { name: 'Reported conversations', level: 1 })).toBeVisible();
  const row = admin.page.getByTestId('reported-row').filter({ hasText: 'Abebe Bekele' }).first();
  await expect(row.getByText('Open', { exact: true })).toBeVisible();
  // The queue shows no message text.
  await expect(admin.page.getByText(rude)).toHaveCount(0);
  await expectNoHorizontalOverflow(admin.page, 'the queue at 390 px');
  await row.getByRole('link', { name: /^Abebe Bekele and / }).click();

  // Reading it is recorded, and the trail shows this read.
  await expect(admin.page.getByText(reason)).toBeVisible();
  await expect(admin.page.getByText(rude)).toBeVisible();
  const trail = admin.page.getByRole('list', { name: 'Read by' });
  await expect(trail.getByRole('listitem').first()).toBeVisible();
  const readsBefore = await trail.getByRole('listitem').count();
  expect(readsBefore).toBeGreaterThanOrEqual(1);
  await expectNoHorizontalOverflow(admin.page, 'the reported conversation at 390 px');

  // A second read adds a line to the trail.
  await admin.page.reload();
  await expect(admin.page.getByText(reason)).toBeVisible();
  await expect(trail.getByRole('listitem')).toHaveCount(readsBefore + 1);

  await admin.page.getByLabel('What the office decided').fill('Spoke with the tutor about payments.');
  await admin.page.getByRole('button', { name: 'Resolve the open reports' }).click();
  await expect(
    admin.page
      .getByText('Resolved by', { exact: false })
      .filter({ hasText: 'Spoke with the tutor about payments.' })
      .first(),
  ).toBeVisible();
  await expect(admin.page.getByRole('button', { name: 'Resolve the open reports' })).toHaveCount(0);
  await expectNoHorizontalOverflow(admin.page, 'the resolved conversation at 390 px');

  await admin.page.getByRole('link', { name: 'Reported conversations' }).first().click();
  await admin.page.setViewportSize({ width: 1280, height: 900 });
  await admin.context.close();
});
