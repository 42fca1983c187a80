import { expect, test, type Page } from '@playwright/test';

const offers = Array.from({ length: 5 }, (_, i) => ({
  id: i + 1,
  title: `Offer ${i + 1}`,
  description: `Description of offer ${i + 1}`,
}));

const mockOffers = (page: Page, body: unknown, status = 200) =>
  page.route('**/api/offers/**', (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );

/**
 * The home page rendered by the browser, as after a click on Home: the server renders `/` with the offers it
 * read itself (issue 28), so a test that gives the page its own offers arrives from another page.
 */
async function gotoHomeInBrowser(page: Page, opts: { pauseClock?: boolean } = {}) {
  await page.goto('/about');
  // Hydrated first (React has taken the server's links over): a click before that is a full page load, which the
  // server renders with the real offers instead of the browser's mocked ones.
  await page.waitForFunction(() => {
    const home = document.querySelector('nav a[href="/"]');
    return home !== null && Object.keys(home).some((key) => key.startsWith('__reactProps'));
  });
  if (opts.pauseClock) await pauseClock(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Home', exact: true })
    .click();
  await expect(page).toHaveURL('/');
}

/** A page clock of its own, running until `pauseClock`. */
async function pausedClock(page: Page) {
  await page.clock.install({ time: new Date('2025-06-20T08:00:00Z') });
}

/** The page clock stops (after the page has hydrated on the running one) and moves only when the test says so. */
async function pauseClock(page: Page) {
  await page.clock.pauseAt(new Date('2025-06-20T08:10:00Z'));
}

/** Steps the paused clock 1 ms at a time until the offers render (the data layer batches on timers). */
async function showOffers(page: Page) {
  for (let i = 0; i < 200 && !(await page.getByTestId('offers-view').isVisible()); i += 1) {
    await page.clock.runFor(1);
  }
  await expect(page.getByTestId('offers-view')).toBeVisible();
}

const offersView = (page: Page) => page.getByTestId('offers-view');
const offerTitles = (page: Page) => offersView(page).getByRole('heading').allTextContents();

test.describe('home page', () => {
  test('shows every section of spec §1 in order, with the seeded offers', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Tibeb Tutoring');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('with expert Ethiopian tutors');
    const headings = [
      'Special Offers',
      'About Tibeb Tutoring',
      'Subjects we teach',
      'Why families choose us',
      'How it works',
      'From our blog',
      'What parents say',
      'Ready to start learning?',
    ];
    const tops: number[] = [];
    for (const name of headings) {
      const heading = page.getByRole('heading', { level: 2, name, exact: true });
      await expect(heading).toBeVisible();
      tops.push((await heading.boundingBox())!.y);
    }
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    // The demo data has at least 3 offers: two are shown at a time.
    await expect(offersView(page).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Book by subject in Mathematics' })).toHaveAttribute(
      'href',
      '/booking/form?subject=mathematics',
    );
    await expect(page.locator('img[loading="lazy"]').first()).toBeAttached();
  });

  test('the offers carousel fades for 500 ms and advances by 2 every 4000 ms, wrapping around', async ({
    page,
  }) => {
    await pausedClock(page);
    await mockOffers(page, offers);
    await gotoHomeInBrowser(page, { pauseClock: true });
    await showOffers(page);
    expect(await offerTitles(page)).toEqual(['Offer 1', 'Offer 2']);

    // The carousel's clock starts when the offers appear (within 1 ms of now on the paused page clock).
    await page.clock.runFor(3990);
    await expect(offersView(page)).toHaveAttribute('data-fading', 'false');
    expect(await offerTitles(page)).toEqual(['Offer 1', 'Offer 2']);
    await page.clock.runFor(10);
    await expect(offersView(page)).toHaveAttribute('data-fading', 'true');
    await expect(offersView(page)).toHaveCSS('opacity', '0');
    await page.clock.runFor(480);
    expect(await offerTitles(page)).toEqual(['Offer 1', 'Offer 2']);
    await page.clock.runFor(20);
    await expect(offersView(page)).toHaveAttribute('data-fading', 'false');
    expect(await offerTitles(page)).toEqual(['Offer 3', 'Offer 4']);
    await expect(offersView(page)).toHaveCSS('opacity', '1');

    await page.clock.runFor(4000);
    await expect.poll(() => offerTitles(page)).toEqual(['Offer 5', 'Offer 1']);
    await page.clock.runFor(4000);
    await expect.poll(() => offerTitles(page)).toEqual(['Offer 2', 'Offer 3']);

    // The pause button stops the rotation (WCAG 2.2.2).
    await page.getByRole('button', { name: 'Pause offers' }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(12_000);
    expect(await offerTitles(page)).toEqual(['Offer 2', 'Offer 3']);
  });

  test('two offers or fewer are shown statically', async ({ page }) => {
    await pausedClock(page);
    await mockOffers(page, offers.slice(0, 2));
    await gotoHomeInBrowser(page, { pauseClock: true });
    await showOffers(page);
    await expect(offersView(page).getByRole('listitem')).toHaveCount(2);
    await page.clock.runFor(9000);
    expect(await offerTitles(page)).toEqual(['Offer 1', 'Offer 2']);
    await expect(page.getByRole('button', { name: 'Pause offers' })).toHaveCount(0);
  });

  test('a failed offers load hides the section and logs "Failed to load offers"', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await mockOffers(page, { detail: 'boom' }, 500);
    await gotoHomeInBrowser(page);
    await expect(page.getByRole('heading', { name: 'About Tibeb Tutoring' })).toBeVisible();
    await expect.poll(() => errors.some((e) => e.includes('Failed to load offers'))).toBe(true);
    await expect(page.getByRole('heading', { name: 'Special Offers' })).toHaveCount(0);
  });

  test('testimonials show 3 at a time; previous and next move by 3 with wraparound', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'What parents say' }) });
    const names = () => section.locator('figcaption span.font-semibold').allTextContents();
    await expect(section.locator('figure')).toHaveCount(3);
    const first = await names();
    await section.getByRole('button', { name: 'Next testimonials' }).click();
    const second = await names();
    expect(second).toHaveLength(3);
    expect(second.some((n) => first.includes(n))).toBe(false);
    await section.getByRole('button', { name: 'Previous testimonials' }).click();
    expect(await names()).toEqual(first);
    // Previous from the first page wraps to the last one; next from there returns to the first.
    await section.getByRole('button', { name: 'Previous testimonials' }).click();
    const last = await names();
    expect(last.some((n) => first.includes(n) || second.includes(n))).toBe(false);
    await section.getByRole('button', { name: 'Next testimonials' }).click();
    expect(await names()).toEqual(first);
  });

  test('the hero types subject names, and stays still for visitors who prefer reduced motion', async ({
    browser,
  }) => {
    const moving = await browser.newPage();
    await moving.goto('/');
    const typed = moving.getByTestId('hero-typed');
    const samples = new Set<string>();
    for (let i = 0; i < 8; i += 1) {
      samples.add((await typed.textContent()) ?? '');
      await moving.waitForTimeout(120);
    }
    expect(samples.size).toBeGreaterThan(2);
    await moving.close();

    const still = await browser.newPage({ reducedMotion: 'reduce' });
    await still.goto('/');
    await expect(still.getByTestId('hero-typed')).toHaveText('Mathematics');
    await still.waitForTimeout(600);
    await expect(still.getByTestId('hero-typed')).toHaveText('Mathematics');
    await still.close();
  });

  test('the phone layout fits 390 px without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'What parents say' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find a tutor' }).first()).toBeVisible();
  });
});
