import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chooseRandomSlot, fillFamilyStep } from './admin-business.helpers.ts';
import { reserveAtRandom } from './family.helpers.ts';
import { openTakenOver } from '../support/taken-over.ts';

/**
 * Payment journeys (spec §2 "Payment pages", §4 "Payment"; DESIGN §1.4, §1.8) on the real server with the
 * demo provider: directory → wizard → payment → demo checkout → success page with the sessions; and a
 * cancelled checkout → /payment-cancel → Try Again. Each test books its own random free slot months ahead.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function bookThroughWizard(page: Page, family: string) {
  await openTakenOver(page, '/tutors');
  const bookLinks = page.getByRole('link', { name: /^Book (?!a trial)/ });
  await expect(bookLinks.first()).toBeVisible();
  // The tutor's name from the link itself ("Book <name>"): a click before the page has hydrated is a plain page
  // load, which reads the tutor another way than the response this used to wait for.
  const link = bookLinks.nth(Math.floor(Math.random() * 6));
  const tutor = { full_name: (await link.getAttribute('aria-label'))?.replace(/^Book /, '') ?? '' };
  expect(tutor.full_name).not.toBe('');
  await link.click();
  await expect(page).toHaveURL('/booking/form');

  await fillFamilyStep(page, {
    fullName: `Selam ${family}`,
    email: `selam.${family}@example.com`,
    phone: '+44 20 7946 0000',
    student: `Nahom ${family}`,
    grade: 'Grade 8',
  });
  await chooseRandomSlot(page, 3 + Math.floor(Math.random() * 4));

  await expect(page.getByRole('heading', { name: 'Confirmation' })).toBeVisible();
  const cost = (await page.getByTestId('confirm-cost').textContent())!;
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await page.waitForURL(/\/payment\?reservation_id=[0-9a-f-]{36}$/);
  return { tutor, cost, reservationId: new URL(page.url()).searchParams.get('reservation_id')! };
}

/** A reservation made through the API, as the wizard would, at a random free slot of a published tutor. */
const reserveThroughApi = (request: APIRequestContext, family: string) =>
  reserveAtRandom(
    request,
    {
      fullName: `Meron ${family}`,
      email: `meron.${family}@example.com`,
      phone: '+1 202 555 0101',
      student: `Abel ${family}`,
    },
    { attempts: 5 },
  );

test.describe('payment', () => {
  test('directory → wizard → payment → demo checkout → success page with the booked sessions', async ({
    page,
  }) => {
    const family = unique();
    const { tutor, cost, reservationId } = await bookThroughWizard(page, family);

    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await expect(page.getByLabel('Reservation ID')).toHaveValue(reservationId);
    await expect(page.getByLabel('Full Name')).toHaveValue(`Selam ${family}`);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(`selam.${family}@example.com`);
    await expect(page.getByLabel('Amount (USD)')).toHaveValue(cost);
    await expect(page.getByRole('list', { name: 'Payment security' })).toBeVisible();
    // The payment page lists the sessions the payment covers, as the server planned them (issue 11 §3).
    const covered = page.getByRole('region', { name: /^Sessions this payment covers \(\d+\)$/ });
    await expect(covered).toBeVisible();
    const count = await covered.getByRole('listitem').count();
    expect(count).toBeGreaterThanOrEqual(1);
    const firstSession = (await covered.getByRole('listitem').first().textContent())!;

    await page.getByRole('button', { name: 'Pay Securely' }).click();
    await page.waitForURL(/\/api\/payments\/demo\/checkout\/[0-9a-f-]{36}\/$/);
    await expect(page.getByText('Demo payment — no card is charged')).toBeVisible();
    // The demo checkout lists the same sessions.
    await expect(page.getByRole('list', { name: 'Sessions', exact: true }).getByRole('listitem')).toHaveCount(
      count,
    );
    await expect(page.getByRole('list', { name: 'Sessions', exact: true })).toContainText(
      firstSession.replace(/your time.*$/, '').slice(0, 16),
    );
    await expect(page.getByText(tutor.full_name)).toBeVisible();
    await page.getByRole('button', { name: /^Pay \$/ }).click();

    await page.waitForURL(/\/payment-success\?session_id=demo_cs_\w+$/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText('Thank you for your payment. Your session is now confirmed.')).toBeVisible();
    const sessions = page.getByRole('region', { name: 'Your booked sessions' }).getByRole('listitem');
    await expect(sessions).toHaveCount(4);
    await expect(sessions.first()).toContainText('EAT');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('a cancelled checkout releases the hold: /payment-cancel → Try Again → /tutors', async ({
    page,
    request,
  }) => {
    const family = unique();
    const reservation = await reserveThroughApi(request, family);

    // A direct link (or a reload) reads the reservation by its id.
    await page.goto(`/payment?reservation_id=${reservation.id}`);
    await expect(page.getByLabel('Full Name')).toHaveValue(`Meron ${family}`);
    await expect(page.getByLabel('Amount (USD)')).toHaveValue(`$${reservation.amount.toFixed(2)}`);
    await page.getByRole('button', { name: 'Pay Securely' }).click();
    await page.waitForURL(/\/api\/payments\/demo\/checkout\//);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page).toHaveURL(`/payment-cancel?reservation_id=${reservation.id}`);
    await expect(
      page.getByText('You cancelled the payment. If this was a mistake, you can try again below.'),
    ).toBeVisible();
    await expect(
      page.getByText('Nothing was charged, and the times you picked are free again.'),
    ).toBeVisible();
    const summary = await (await request.get(`/api/reservations/reservations/${reservation.id}/`)).json();
    expect(summary.status).toBe('cancelled');
    await page.getByRole('link', { name: 'Try Again' }).click();
    await expect(page).toHaveURL('/tutors');
    await expect(page.getByRole('heading', { name: 'Meet Our Expert Tutors' })).toBeVisible();
  });

  test('the success page does not trust the URL', async ({ page }) => {
    await page.goto('/payment-success?session_id=demo_cs_forged');
    await expect(page.getByRole('alert')).toHaveText('Payment not found.');
    await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  });
});
