import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { reserveAtRandom } from './family.helpers.ts';
import { openTakenOver } from '../support/taken-over.ts';

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Session = { access: string; refresh: string; role: string };

async function login(page: Page, username: string, password: string): Promise<Session> {
  const res = await page.request.post('/api/accounts/login/', { data: { username, password } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Session;
}

/** Stores the session as the web app does (spec §9 storage keys); runs in the page. */
const storeSession = ([a, r, ro]: string[]) => {
  localStorage.setItem('access_token', a!);
  localStorage.setItem('refresh_token', r!);
  localStorage.setItem('role', ro!);
  localStorage.setItem('user', JSON.stringify({ role: ro, token: a }));
};

/** Signs in through the API and stores the session as the web app does (spec §9 storage keys). */
export async function signIn(page: Page, username = 'admin', password = 'demo1234') {
  const { access, refresh, role } = await login(page, username, password);
  await page.goto('/about');
  await page.evaluate(storeSession, [access, refresh, role]);
  return access;
}

/** Signs in through the API before the first page opens: every page the test loads starts with the session. */
export async function signInOnEveryPage(page: Page, username: string, password = 'demo1234') {
  const { access, refresh, role } = await login(page, username, password);
  await page.addInitScript(storeSession, [access, refresh, role]);
}

/** Starts the visit in Amharic, as a returning visitor whose choice is remembered. */
export async function inAmharic(page: Page) {
  await page.addInitScript(() => localStorage.setItem('tibeb.language', 'am'));
}

/** Nothing is wider than the screen: the page never scrolls sideways. */
export async function expectNoHorizontalOverflow(page: Page, label = 'the page') {
  // Polled: right after a viewport change the screen may still be re-rendering for its new width (a table
  // becoming cards); what is judged is the settled layout.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${label} scrolls sideways (px)`,
    })
    .toBeLessThanOrEqual(0);
}

/** No axe violation of WCAG 2.1 A/AA or the best practices; `label` names the screen in the failure. */
export async function expectNoAxeViolations(page: Page, label?: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const violations = results.violations.map(
    (v) =>
      `${label ? `${label} ` : ''}${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(violations, violations.join('\n')).toEqual([]);
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

const calendar = (page: Page) => page.getByTestId('booking-calendar');
const waitForMonth = (page: Page) =>
  expect(calendar(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });

/** The booking wizard's first step (spec §2): the family and the student, then Next. */
export async function fillFamilyStep(
  page: Page,
  family: { fullName: string; email: string; phone: string; student: string; grade: string },
) {
  await page.getByLabel('Full name', { exact: true }).fill(family.fullName);
  await page.getByLabel('Email', { exact: true }).fill(family.email);
  await page.getByLabel('Phone', { exact: true }).fill(family.phone);
  await page.getByLabel('Relationship to student').selectOption('Mother');
  await page.getByLabel('Student full name').fill(family.student);
  await page.getByLabel('Grade', { exact: true }).selectOption(family.grade);
  await page.getByLabel(/I confirm the student information/).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

/** The wizard's schedule step: `months` months ahead, a random free date and start time, then Next. */
export async function chooseRandomSlot(page: Page, months: number) {
  await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();
  await waitForMonth(page);
  for (let i = 0; i < months; i++) {
    await page.getByRole('button', { name: 'Next month' }).click();
    await waitForMonth(page);
  }
  const enabled = calendar(page).locator('button:not([disabled])');
  await expect(enabled.first()).toBeVisible();
  const dateButton = enabled.nth(Math.floor(Math.random() * (await enabled.count())));
  const day = (await dateButton.getAttribute('aria-label'))!.split(',')[0]!;
  await dateButton.click();
  const select = page.getByLabel(`Start time for ${day}`);
  const times = (
    await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  ).filter(Boolean);
  await select.selectOption(pick(times));
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

/** A reservation made through the API, as the wizard would, at a free slot of a published tutor. */
export async function reserveThroughApi(request: APIRequestContext, family: string) {
  return reserveAtRandom(request, {
    fullName: `Refund ${family}`,
    email: `refund.${family}@example.com`,
    phone: '+1 202 555 0101',
    student: `Abel ${family}`,
  });
}

/** Pays a reservation through the demo checkout, as a family would. */
export async function payInBrowser(page: Page, reservationId: string) {
  await openTakenOver(page, `/payment?reservation_id=${reservationId}`);
  await page.getByRole('button', { name: 'Pay Securely' }).click();
  await page.waitForURL(/\/api\/payments\/demo\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/payment-success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
}

/** The admin screens this back office adds, for the phone-width and axe checks. */
export const adminBusinessScreens = [
  '/admin/dashboard',
  '/admin/users',
  '/admin/payment',
  '/admin/offers',
  '/admin/blog/posts',
  '/admin/blog/posts/new',
  '/admin/blog/categories',
  '/admin/blog/tags',
  '/admin/blog/comments',
  '/admin/comments',
  '/admin/reports',
  '/admin/settings',
  '/admin/profile',
];

export { png } from './png.helpers.ts';
