import { expect, test } from '@playwright/test';
import { openTakenOver } from '../support/taken-over.ts';

/**
 * Public pages are documents (issue 28, DESIGN §1.16): the server sends each one rendered, with its data, in the
 * visitor's language, so a weak phone and a search engine see content before any script runs; the browser then
 * takes the page over without fetching its data again; an unknown address is a 404.
 */
test.describe('server-rendered public pages', () => {
  test('the HTML itself carries the page: headings, tutors, language and status', async ({ request }) => {
    const tutors = await request.get('/tutors');
    expect(tutors.status()).toBe(200);
    const html = await tutors.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toMatch(/<h1[^>]*>Meet Our Expert Tutors<\/h1>/);
    // A published tutor's name is in the document, not fetched later.
    const list = (await (await request.get('/api/tutors/public/')).json()) as { full_name: string }[];
    expect(html).toContain(list[0]!.full_name);
    expect(html).toContain('id="tibeb-ssr-state"');

    const amharic = await request.get('/about', { headers: { cookie: 'tibeb.language=am' } });
    const am = await amharic.text();
    expect(am).toContain('<html lang="am"');
    expect(am).toMatch(/<h1[^>]*>ስለ እኛ<\/h1>/);
    expect(amharic.headers()['vary']).toContain('Cookie');

    const byBrowser = await request.get('/faq', { headers: { 'accept-language': 'am-ET,am;q=0.9' } });
    expect(await byBrowser.text()).toContain('<html lang="am"');
  });

  test('a page reads without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/tutors');
    await expect(page.getByRole('heading', { level: 1, name: 'Meet Our Expert Tutors' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('with expert Ethiopian tutors');
    await context.close();
  });

  test('the browser takes the page over without fetching its data again, and it works', async ({ page }) => {
    const reads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) reads.push(new URL(r.url()).pathname);
    });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/blog', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    expect(reads).toEqual([]);
    // Hydrated: a client-side navigation works and fetches what the next page needs.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    // No hydration mismatch was reported (React logs one as an error).
    expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
  });

  test('an unknown address answers 404 with the 404 page, which still returns home after 5 seconds', async ({
    page,
  }) => {
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL('/', { timeout: 8_000 });
  });

  test('an unknown post answers 404, then goes to the blog as the spec says', async ({ page, request }) => {
    const raw = await request.get('/blog/no-such-post-at-all');
    expect(raw.status()).toBe(404);
    await page.goto('/blog/no-such-post-at-all');
    await expect(page).toHaveURL('/blog');
  });

  test("a tutor's page is a document: name, reviews and JSON-LD in the HTML; old addresses move to it", async ({
    request,
  }) => {
    const list = (await (await request.get('/api/tutors/public/')).json()) as {
      id: number;
      full_name: string;
      total_reviews: number;
    }[];
    const tutor = list.find((t) => t.total_reviews > 0)!;
    const bare = await request.get(`/tutors/${tutor.id}`, { maxRedirects: 0 });
    expect(bare.status()).toBe(301);
    const location = bare.headers()['location']!;
    expect(location).toMatch(new RegExp(`^/tutors/${tutor.id}-[a-z0-9-]+$`));
    const page = await request.get(location);
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${tutor.full_name}</h1>`));
    expect(html).toContain(`<link rel="canonical" href="`);
    expect(html).toContain(`${location}" />`);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as {
      '@type': string;
      name: string;
      aggregateRating?: { reviewCount: number };
    };
    expect(jsonLd['@type']).toBe('Person');
    expect(jsonLd.name).toBe(tutor.full_name);
    expect(jsonLd.aggregateRating?.reviewCount).toBe(tutor.total_reviews);
    // Its reviews are in the document too.
    const reviews = (await (await request.get(`/api/tutors/public/${tutor.id}/reviews/`)).json()) as {
      reviews: { author_name: string }[];
    };
    expect(reviews.reviews.length).toBeGreaterThan(0);
    expect(html).toContain(reviews.reviews[0]!.author_name);

    const unknown = await request.get('/tutors/99999999-nobody');
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain('Page not found');
  });

  test('from the directory to a tutor page, and booking from it', async ({ page, request }) => {
    const list = (await (await request.get('/api/tutors/public/')).json()) as {
      id: number;
      full_name: string;
    }[];
    await page.setViewportSize({ width: 390, height: 844 });
    // Links clicked on the server's HTML before the page is taken over are followed as plain links (no state).
    await openTakenOver(page, '/tutors?q=' + encodeURIComponent(list[0]!.full_name.split(' ')[0]!));
    await page.getByRole('link', { name: list[0]!.full_name, exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: list[0]!.full_name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(new RegExp(`/tutors/${list[0]!.id}-`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page
      .getByRole('link', { name: `Book ${list[0]!.full_name}` })
      .first()
      .click();
    await expect(page).toHaveURL('/booking/form');
    expect(
      await page.evaluate(() => (window.history.state as { usr?: { tutorId?: number } }).usr?.tutorId),
    ).toBe(list[0]!.id);
  });
});
