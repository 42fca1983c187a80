import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, inAmharic, signIn } from './admin-business.helpers.ts';

/** Issue 32 item 9 (decision 254): public words state the policy's numbers; offers promise no discount. */
test.describe('public words the product honours', () => {
  test('the FAQ follows the admin’s cancellation notice, in English and Amharic; the offer form warns', async ({
    page,
    browser,
  }) => {
    await page.goto('/faq');
    await page.getByRole('heading', { name: 'How do I cancel or reschedule a session?' }).click();
    await expect(page.getByText(/Please cancel at least 12 hours in advance/)).toBeVisible();
    await expect(page.locator('main')).not.toContainText('24 hours');

    // The home page promises no discount checkout does not apply.
    await page.goto('/');
    await expect(page.locator('main')).not.toContainText('20% off');
    await expect(page.locator('main')).not.toContainText('Sibling discount');
    await expect(page.locator('main')).toContainText('the first payment covers 4 weeks of lessons');

    // The admin changes the notice; the FAQ says the new number.
    await signIn(page);
    await page.goto('/admin/settings');
    await page.getByLabel('Cancellation notice (hours)').fill('36');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText(/saved/i).first()).toBeVisible();

    const visitor = await browser.newContext();
    const faq = await visitor.newPage();
    await faq.goto('/faq');
    await faq.getByRole('heading', { name: 'How do I cancel or reschedule a session?' }).click();
    await expect(faq.getByText(/Please cancel at least 36 hours in advance/)).toBeVisible();
    await inAmharic(faq);
    await faq.goto('/faq');
    await expect(faq.locator('main')).toContainText('እባክዎ ቢያንስ 36 ሰዓት አስቀድመው ይሰርዙ።');
    await faq.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(faq, 'the FAQ');
    await visitor.close();

    await page.goto('/admin/offers');
    await page.getByRole('button', { name: 'Add offer' }).click();
    await expect(
      page.getByRole('region', { name: 'New offer' }).getByRole('textbox', { name: 'Description' }),
    ).toHaveAccessibleDescription(/must not promise a price or a discount that checkout does not apply/);

    // Put the policy back, so that journeys run after this one find the default notice.
    await page.goto('/admin/settings');
    await page.getByLabel('Cancellation notice (hours)').fill('12');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText(/saved/i).first()).toBeVisible();
  });
});
