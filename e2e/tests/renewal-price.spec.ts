import { expect, test, type APIRequestContext, type Browser, type TestInfo } from '@playwright/test';
import {
  expectNoHorizontalOverflow,
  inAmharic,
  signInOnEveryPage,
  unique,
} from './admin-business.helpers.ts';
import { bookingDueForRenewal, signUpFamily } from './family.helpers.ts';

/**
 * Issue 32 item 4 (decision 251): a renewal keeps the hourly rate its booking was bought at. A family's paid
 * booking is due for renewal, then an administrator raises the tutor's hourly rate; on a phone (390 px) the family
 * sees its renewal priced at the bought rate (not the raised one), renews, and the payment page asks for that same
 * amount. In English and in Amharic, each with a family of its own.
 */
test.describe.configure({ mode: 'serial' });

const password = 'selam2025';
const usd = (cents: number) =>
  `$${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)}`;

/** The administrator's token, through the API the admin screens use. */
async function adminHeaders(request: APIRequestContext) {
  const res = await request.post('/api/accounts/login/', {
    data: { username: 'admin', password: 'demo1234' },
  });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { access: string }).access}` };
}

async function tutorRate(request: APIRequestContext, headers: Record<string, string>, tutorId: number) {
  const res = await request.get(`/api/admin/tutors/${tutorId}/`, { headers });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { hourly_rate: number }).hourly_rate;
}

async function setTutorRate(
  request: APIRequestContext,
  headers: Record<string, string>,
  tutorId: number,
  rate: number,
) {
  const res = await request.patch(`/api/admin/tutors/${tutorId}/`, { data: { hourly_rate: rate }, headers });
  expect(res.status(), await res.text()).toBe(200);
}

type Texts = {
  offerName: RegExp;
  renew: string;
  sessions: (count: number) => string;
  toPay: string;
  amountLabel: string;
  paymentToPay: string;
  pay: string;
};

const english: Texts = {
  offerName: /^Renew .* with /,
  renew: 'Renew and pay',
  sessions: (count) => (count === 1 ? '1 session' : `${count} sessions`),
  toPay: 'To pay by card',
  amountLabel: 'Amount (USD)',
  paymentToPay: 'To pay',
  pay: 'Pay Securely',
};

const amharic: Texts = {
  offerName: /ን ከ.* ጋር ያድሱ$/,
  renew: 'ያድሱ እና ይክፈሉ',
  sessions: (count) => (count === 1 ? '1 ክፍለ ጊዜ' : `${count} ክፍለ ጊዜዎች`),
  toPay: 'በካርድ የሚከፈል',
  amountLabel: 'መጠን (የአሜሪካ ዶላር)',
  paymentToPay: 'የሚከፈል',
  pay: 'ደኅንነቱ በተጠበቀ ሁኔታ ይክፈሉ',
};

async function renewalJourney(browser: Browser, info: TestInfo, texts: Texts, inAm: boolean) {
  const family = `price_${unique()}`;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signUpFamily(page, { username: family, email: `${family}@example.com`, password });
  // From here on the family reads the site in Amharic (sign-up in English, as double-tap.spec.ts does).
  if (inAm) await inAmharic(page);
  await signInOnEveryPage(page, family, password);
  await page.goto('/student/dashboard');
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const familyHeaders = { authorization: `Bearer ${token}` };
  // Not the last two tutors (double-tap.spec.ts and admin-reservation-move.spec.ts book those): this spec raises
  // its tutor's rate for a few seconds, which a journey running beside it must not meet.
  const booked = await bookingDueForRenewal(
    page.request,
    { email: `${family}@example.com`, headers: familyHeaders },
    (tutors) => tutors.slice(0, -2),
  );

  // The rate the booking was bought at, then the administrator's raise.
  const admin = await adminHeaders(page.request);
  const bought = await tutorRate(page.request, admin, booked.tutorId);
  const raised = bought + 12.5;
  await setTutorRate(page.request, admin, booked.tutorId, raised);
  try {
    expect(await tutorRate(page.request, admin, booked.tutorId)).toBe(raised);

    // What the server offers: every planned one-hour session at the bought rate, and no price notice.
    const offers = (await (
      await page.request.get('/api/student/renewals/', { headers: familyHeaders })
    ).json()) as {
      reservation_id: string;
      sessions: { status: string }[];
      amount_cents: number;
      credit_cents: number;
      charge_cents: number;
      price_notice?: string | null;
      problem: string | null;
    }[];
    const offer = offers.find((o) => o.reservation_id === booked.reservationId)!;
    expect(offer, 'the booking is offered for renewal').toBeTruthy();
    expect(offer.problem).toBeNull();
    const planned = offer.sessions.filter((s) => s.status === 'planned').length;
    expect(planned).toBeGreaterThan(0);
    const boughtAmount = planned * Math.round(bought * 100);
    const raisedAmount = planned * Math.round(raised * 100);
    expect(offer.amount_cents, `priced at the raised rate (${usd(raisedAmount)})`).toBe(boughtAmount);
    expect(offer.price_notice ?? null).toBeNull();
    const charge = boughtAmount - offer.credit_cents;
    expect(offer.charge_cents).toBe(charge);

    // The offer in the family area, on a phone.
    await page.goto('/student/dashboard');
    if (inAm) await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    const card = page.getByRole('listitem', { name: texts.offerName });
    await expect(card).toBeVisible();
    const amountRow = card
      .locator('dl > div')
      .filter({ has: page.getByText(texts.sessions(planned), { exact: true }) });
    await expect(amountRow.locator('dd')).toHaveText(usd(boughtAmount));
    await expect(card).not.toContainText(usd(raisedAmount));
    await expect(card.locator('dl > div').filter({ hasText: texts.toPay }).locator('dd')).toHaveText(
      usd(charge),
    );
    await expect(card.getByTestId('renewal-charge')).toHaveText(usd(charge));
    await expect(card.getByRole('alert')).toHaveCount(0);
    await expectNoHorizontalOverflow(page, 'the renewal offer');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const lang = inAm ? 'am' : 'en';
    await card.screenshot({ path: info.outputPath(`renewal-offer-${lang}-390.png`) });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(card).toBeVisible();
    await card.screenshot({ path: info.outputPath(`renewal-offer-${lang}-1280.png`) });
    await page.setViewportSize({ width: 390, height: 844 });

    // Renewing: the payment page asks for that same amount.
    await card.getByRole('button', { name: texts.renew }).click();
    await page.waitForURL(/\/payment\?reservation_id=/);
    await expect(page.getByRole('button', { name: texts.pay })).toBeVisible();
    await expect(page.getByLabel(texts.amountLabel)).toHaveValue(usd(boughtAmount));
    if (offer.credit_cents > 0) {
      const summary = page.getByTestId('credit-summary');
      await expect(summary.locator('dt', { hasText: texts.paymentToPay }).locator('+ dd')).toHaveText(
        usd(charge),
      );
    }
    await expect(page.locator('#main')).not.toContainText(usd(raisedAmount));
    const renewalId = new URL(page.url()).searchParams.get('reservation_id')!;
    const renewal = (await (
      await page.request.get(`/api/reservations/reservations/${renewalId}/`)
    ).json()) as {
      amount: number;
    };
    expect(Math.round(renewal.amount * 100)).toBe(boughtAmount);
    await expectNoHorizontalOverflow(page, 'the payment page');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: info.outputPath(`renewal-payment-${lang}-390.png`), fullPage: true });
  } finally {
    // Later journeys book this tutor at the price they expect.
    await setTutorRate(page.request, admin, booked.tutorId, bought);
    await context.close();
  }
}

test('a renewal is priced at the rate the booking was bought at, after a raise (English)', async ({
  browser,
}, info) => {
  await renewalJourney(browser, info, english, false);
});

test('the same in Amharic: the renewal and its payment keep the bought rate', async ({ browser }, info) => {
  await renewalJourney(browser, info, amharic, true);
});
