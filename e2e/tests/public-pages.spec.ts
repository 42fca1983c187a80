import { expect, test } from '@playwright/test';

const pages = [
  { path: '/', title: 'Tibeb Tutoring', h1: /Ethiopian tutors/ },
  { path: '/about', title: 'About us | Tibeb Tutoring', h1: 'About us' },
  { path: '/subjects', title: 'Subjects | Tibeb Tutoring', h1: 'Subjects' },
  { path: '/testimonials', title: 'Testimonials | Tibeb Tutoring', h1: 'Testimonials' },
  { path: '/contact', title: 'Contact us | Tibeb Tutoring', h1: 'Contact us' },
  { path: '/faq', title: 'Frequently asked questions | Tibeb Tutoring', h1: 'Frequently asked questions' },
  { path: '/terms', title: 'Terms of Service | Tibeb Tutoring', h1: 'Terms of Service' },
  { path: '/PrvacyPolicy', title: 'Privacy Policy | Tibeb Tutoring', h1: 'Privacy Policy' },
] as const;

test.describe('public pages', () => {
  test('every page renders with its own title and description, and fits a 390 px phone', async ({ page }) => {
    const descriptions = new Set<string>();
    for (const p of pages) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1);
      await expect(page).toHaveTitle(p.title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description, p.path).toBeTruthy();
      descriptions.add(description!);
      await page.setViewportSize({ width: 390, height: 844 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${p.path} scrolls sideways on a phone`).toBeLessThanOrEqual(0);
    }
    expect(descriptions.size).toBe(pages.length);
  });

  test('/subjects lists the four subjects with their levels, linking to tutors and booking', async ({
    page,
  }) => {
    await page.goto('/subjects');
    for (const [name, level] of [
      ['Mathematics', 'Beginner to Advanced'],
      ['Sciences', 'Grades 5-12'],
      ['Languages', 'Conversational to Academic'],
      ['Coding', 'Kids & Teens'],
    ]) {
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name, exact: true }) });
      await expect(card.getByText(level, { exact: true })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Book by subject in Sciences' }).click();
    await expect(page).toHaveURL('/booking/form?subject=sciences');
    await page.goto('/subjects');
    await page.getByRole('link', { name: 'Find tutors for Languages' }).click();
    await expect(page).toHaveURL('/tutors?subject=Languages');
  });

  test('/faq is an accordion of the 8 questions', async ({ page }) => {
    await page.goto('/faq');
    const questions = page.locator('details');
    await expect(questions).toHaveCount(8);
    const refunds = page.locator('details', { hasText: 'What is your refund policy?' });
    await expect(refunds.getByText(/credit or a refund/)).toBeHidden();
    await refunds.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(refunds.getByText(/credit or a refund/)).toBeVisible();
    await page.getByText('Can I switch tutors?').click();
    await expect(page.getByText(/we offer you another tutor of the same subject/)).toBeVisible();
  });

  test('the legal pages are dated June 20, 2025, version 1.0, and filled with our name and contacts', async ({
    page,
    request,
  }) => {
    const settings = await (await request.get('/api/settings/public/')).json();
    await page.goto('/terms');
    const terms = page.getByRole('article');
    await expect(terms).toContainText('Version 1.0 · Effective June 20, 2025');
    await expect(terms).toContainText("at least 30 days' notice");
    await expect(terms).toContainText('from kindergarten (KG) to Grade 12');
    await expect(terms).toContainText('a student under 13 takes part only in lessons');
    await expect(terms).toContainText('Tibeb Tutoring');
    if (settings.contact.email) await expect(terms).toContainText(settings.contact.email);
    await expect(terms).not.toContainText('[');

    await page.goto('/PrvacyPolicy');
    await expect(page.getByRole('heading', { level: 2, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(2);
  });

  test('/testimonials shows every parent testimonial', async ({ page }) => {
    await page.goto('/testimonials');
    await expect(page.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeVisible();
    await expect(page.locator('figure')).toHaveCount(9);
    await expect(page.getByText(/Washington DC/)).toBeVisible();
  });

  test('robots.txt and sitemap.xml are served at the site root', async ({ request, baseURL }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseURL}/PrvacyPolicy</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/blog/`);
  });
});
