import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, signIn, unique } from './admin-business.helpers.ts';

/** Issue 13 items 6 and 8: an offer and the contact details, changed in the back office, show on the site at once. */
test.describe('the site follows the back office', () => {
  test('a new offer moved to the top leads the home carousel; unpublished, it leaves', async ({ page }) => {
    const title = `Ethiopian New Year ${unique()}`;
    await signIn(page);
    await page.goto('/admin/offers');
    await page.getByRole('button', { name: 'Add offer' }).click();
    const form = page.getByRole('region', { name: 'New offer' });
    await form.getByLabel('Title').fill(title);
    // A long unbroken word and link, as people type them (issue 31 item 1): the card wraps them on a phone.
    const long = `A free first lesson in Meskerem. ${'መስከረም'.repeat(50)} https://example.com/${'a'.repeat(200)}`;
    await form.getByLabel('Description').fill(long);
    await form.getByRole('button', { name: 'Create offer' }).click();
    const item = page.getByTestId('offer-item').filter({ hasText: title });
    await expect(item).toContainText('Published');
    // Created last; moved up to the top one step at a time.
    const count = await page.getByTestId('offer-item').count();
    await expect(item).toContainText(`${count}. ${title}`);
    for (let place = count - 1; place >= 1; place--) {
      await item.getByRole('button', { name: `Move up ${title}` }).click();
      await expect(item).toContainText(`${place}. ${title}`);
    }
    await expect(page.getByTestId('offer-item').first()).toContainText(`1. ${title}`);

    await page.goto('/');
    await expect(page.getByTestId('offers-view').getByRole('heading').first()).toHaveText(title);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page, 'the home page with a long offer');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/admin/offers');
    await page
      .getByTestId('offer-item')
      .filter({ hasText: title })
      .getByRole('button', { name: `Unpublish ${title}` })
      .click();
    await expect(page.getByTestId('offer-item').filter({ hasText: title })).toContainText('Draft');
    await page.goto('/');
    await expect(page.getByTestId('offers-view')).toBeVisible();
    await expect(page.getByTestId('offers-view').getByText(title)).toHaveCount(0);

    // Tidy up: deleted, with its history kept in the audit log.
    await page.goto('/admin/offers');
    await page
      .getByTestId('offer-item')
      .filter({ hasText: title })
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    await page.getByRole('dialog', { name: 'Delete offer?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('offer-item').filter({ hasText: title })).toHaveCount(0);
  });

  test('a new phone number in Settings shows on /contact; a bad e-mail is refused', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/settings');
    const phone = page.getByLabel('Phone');
    await expect(phone).not.toHaveValue('');
    const original = await phone.inputValue();
    const next = `+251 11 555 ${String(Math.floor(1000 + Math.random() * 9000))}`;

    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await page.getByLabel('E-mail').fill('hello@tibeb.example');
    await phone.fill(next);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved. The contact page shows them now.')).toBeVisible();

    await page.goto('/contact');
    await expect(page.getByRole('link', { name: next })).toBeVisible();

    // The booking policy: a hold under five minutes is refused with the rule's message; the saved value stays.
    await page.goto('/admin/settings');
    const hold = page.getByLabel('Hold (minutes)');
    const holdBefore = await hold.inputValue();
    await hold.fill('3');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Hold at least 5 minutes.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Hold (minutes)')).toHaveValue(holdBefore);

    await page.goto('/admin/settings');
    await page.getByLabel('Phone').fill(original);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved. The contact page shows them now.')).toBeVisible();
  });
});
