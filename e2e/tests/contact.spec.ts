import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';

test.describe('contact page', () => {
  test('shows the address, phone and e-mail from the site settings, and the map', async ({
    page,
    request,
  }) => {
    // Admin journeys running beside this one change the phone and put it back: read the settings and the page
    // again until both were taken from the same settings.
    await expect(async () => {
      const { contact } = await (await request.get('/api/settings/public/')).json();
      await page.goto('/contact');
      for (const block of ['Address', 'Phone', 'Email']) {
        await expect(page.getByRole('heading', { name: block, exact: true })).toBeVisible();
      }
      if (contact.address) await expect(page.getByText(contact.address).first()).toBeVisible();
      if (contact.phone) {
        await expect(page.getByRole('link', { name: contact.phone })).toBeVisible({ timeout: 2_000 });
      }
      if (contact.email) await expect(page.getByRole('link', { name: contact.email })).toBeVisible();
    }).toPass({ timeout: 20_000 });
    // An OpenStreetMap embed when one is set, otherwise the static map; both carry the spec's title.
    await expect(
      page.locator('iframe[title="Hotel location map"], figure[aria-label="Hotel location map"]'),
    ).toHaveCount(1);
  });

  test('sends a message: "Sending..." while posting, then the success alert and a cleared form', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contacts/', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/contact');
    await page.getByRole('textbox', { name: 'Name' }).fill('Meron Tesfaye');
    await page.getByLabel('Email', { exact: true }).fill(`meron-${randomUUID()}@example.com`);
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Do you have a Tigrigna tutor for a six-year-old on Saturdays?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeDisabled();
    const response = page.waitForResponse('**/api/contacts/');
    release();
    expect((await response).status()).toBe(201);
    await expect(page.getByText('🎉 Your message has been sent successfully!')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test('a failed send logs the error and shows the failure alert, keeping what was typed', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.route('**/api/contacts/', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"detail":"Something went wrong."}',
      }),
    );
    await page.goto('/contact');
    await page.getByRole('textbox', { name: 'Name' }).fill('Dawit');
    await page.getByLabel('Email', { exact: true }).fill('dawit@example.com');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toHaveText('❌ Failed to send message. Please try again.');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello');
    expect(errors.length).toBeGreaterThan(0);
  });

  test('requires name, a valid e-mail and a message before sending', async ({ page }) => {
    let posted = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/contacts/')) posted = true;
    });
    await page.goto('/contact');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Message is required.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(false);
  });
});
