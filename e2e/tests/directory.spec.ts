import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

type Tutor = {
  id: number;
  full_name: string;
  subject: string;
  category: string | null;
  grade_from: number;
  grade_to: number;
  bio: string;
  education: string;
  years_of_experience: number;
  teaching_style: string;
  hourly_rate: number;
  average_rating: number;
  total_reviews: number;
};

// An independent oracle for the spec's rules (§3 mapping, §5 filters), checked against the API's own data.
const categoryMap: Record<string, string> = {
  math: 'Mathematics',
  maths: 'Mathematics',
  physics: 'Sciences',
  science: 'Sciences',
  biology: 'Sciences',
  chemistry: 'Sciences',
  amharic: 'Languages',
  english: 'Languages',
  python: 'Coding',
  javascript: 'Coding',
};
const categories = ['Mathematics', 'Sciences', 'Languages', 'Coding'];
const categoryOf = (t: Tutor) =>
  categoryMap[t.subject.trim().toLowerCase()] ??
  (t.category && categories.includes(t.category) ? t.category : t.subject);

async function apiTutors(request: APIRequestContext): Promise<Tutor[]> {
  const res = await request.get('/api/tutors/public/', { headers: { accept: 'application/json' } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Tutor[];
}

const cards = (page: Page) => page.getByRole('list', { name: 'Tutors' }).getByRole('article');
const cardNames = async (page: Page) =>
  (await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))) as string[];

async function openDirectory(page: Page, url = '/tutors') {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Meet Our Expert Tutors' })).toBeVisible();
  await expect(page.getByText('Loading tutors...')).toHaveCount(0);
}

test.describe('the tutor directory', () => {
  test('lists every published tutor of the API, with the spec texts', async ({ page, request }) => {
    const tutors = await apiTutors(request);
    expect(tutors.length).toBeGreaterThanOrEqual(16);
    await openDirectory(page);
    await expect(page.getByText('Find the perfect mentor for your learning journey')).toBeVisible();
    await expect(page.getByPlaceholder('Search tutors...')).toBeVisible();
    await expect(cards(page)).toHaveCount(tutors.length);
    expect(await cardNames(page)).toEqual(tutors.map((t) => t.full_name));
    const first = tutors[0]!;
    const card = cards(page).filter({ has: page.getByRole('heading', { name: first.full_name }) });
    await expect(card.getByTestId('rating-badge')).toHaveText(`${first.average_rating.toFixed(1)}★`);
    await expect(card.getByText(`(${first.total_reviews} review`)).toBeVisible();
    await expect(card.getByTestId('hourly-rate')).toHaveText(`$${first.hourly_rate.toFixed(2)}/hr`);
  });

  test('search matches the name or the subject, case-insensitively', async ({ page, request }) => {
    const tutors = await apiTutors(request);
    await openDirectory(page);
    const target = tutors[Math.floor(tutors.length / 2)]!;
    const byName = target.full_name.split(' ')[0]!.toUpperCase();
    await page.getByPlaceholder('Search tutors...').fill(byName);
    const expectedByName = tutors.filter(
      (t) =>
        t.full_name.toLowerCase().includes(byName.toLowerCase()) ||
        t.subject.toLowerCase().includes(byName.toLowerCase()),
    );
    await expect.poll(() => cardNames(page)).toEqual(expectedByName.map((t) => t.full_name));
    expect(expectedByName.map((t) => t.id)).toContain(target.id);

    await page.getByPlaceholder('Search tutors...').fill('chem');
    const expectedBySubject = tutors.filter(
      (t) => t.full_name.toLowerCase().includes('chem') || t.subject.toLowerCase().includes('chem'),
    );
    expect(expectedBySubject.length).toBeGreaterThan(0);
    await expect.poll(() => cardNames(page)).toEqual(expectedBySubject.map((t) => t.full_name));
  });

  test('each subject button shows its mapped category, and pressing it again clears it', async ({
    page,
    request,
  }) => {
    const tutors = await apiTutors(request);
    await openDirectory(page);
    const group = page.getByRole('group', { name: 'Subject' });
    for (const category of categories) {
      const button = group.getByRole('button', { name: category, exact: true });
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      const expected = tutors.filter((t) => categoryOf(t) === category).map((t) => t.full_name);
      expect(expected.length).toBeGreaterThan(0);
      await expect.poll(() => cardNames(page)).toEqual(expected);
    }
    // Coding is active: pressing it again clears the subject filter.
    await group.getByRole('button', { name: 'Coding' }).click();
    await expect(group.getByRole('button', { name: 'Coding' })).toHaveAttribute('aria-pressed', 'false');
    await expect(group.getByRole('button', { name: 'All Subjects' })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(tutors.length);
  });

  test('the grade dropdown is the union of the ranges and filters by grade', async ({ page, request }) => {
    const tutors = await apiTutors(request);
    await openDirectory(page);
    const grades = new Set<number>();
    for (const t of tutors) {
      const start = Math.max(1, t.grade_from);
      for (let g = start; g <= Math.max(start, t.grade_to); g += 1) grades.add(g);
    }
    const expectedOptions = ['All Grades', ...[...grades].sort((a, b) => a - b).map((g) => `Grade ${g}`)];
    const select = page.getByRole('combobox', { name: 'Grade' });
    expect(await select.locator('option').allTextContents()).toEqual(expectedOptions);
    for (const grade of [1, 6, 12]) {
      await select.selectOption({ label: `Grade ${grade}` });
      const expected = tutors
        .filter((t) => t.grade_from <= grade && grade <= t.grade_to)
        .map((t) => t.full_name);
      await expect.poll(() => cardNames(page)).toEqual(expected);
      expect(expected.length).toBeLessThan(tutors.length);
    }
  });

  test('?subject=sciences pre-selects Sciences', async ({ page, request }) => {
    const tutors = await apiTutors(request);
    await openDirectory(page, '/tutors?subject=sciences');
    await expect(page.getByRole('button', { name: 'Sciences' })).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(() => cardNames(page))
      .toEqual(tutors.filter((t) => categoryOf(t) === 'Sciences').map((t) => t.full_name));
  });

  test("the empty state's Reset Filters clears search, subject and grade", async ({ page, request }) => {
    const tutors = await apiTutors(request);
    await openDirectory(page);
    await page.getByRole('button', { name: 'Languages' }).click();
    await page.getByRole('combobox', { name: 'Grade' }).selectOption({ label: 'Grade 2' });
    await page.getByPlaceholder('Search tutors...').fill('no tutor is called this');
    await expect(page.getByText('No tutors found matching your criteria.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(cards(page)).toHaveCount(tutors.length);
    await expect(page.getByPlaceholder('Search tutors...')).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Grade' })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'All Subjects' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('the Details dialog shows the profile; Escape and Close close it', async ({ page, request }) => {
    const tutors = await apiTutors(request);
    const tutor = tutors.find((t) => t.bio.length > 100) ?? tutors[0]!;
    await openDirectory(page);
    await page.getByRole('button', { name: `Details about ${tutor.full_name}` }).click();
    const dialog = page.getByRole('dialog', { name: tutor.full_name });
    await expect(dialog).toBeVisible();
    for (const heading of ['About Me', 'Education', 'Experience', 'Teaching Style', 'Hourly Rate']) {
      await expect(dialog.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(dialog.getByText(tutor.bio)).toBeVisible();
    await expect(dialog.getByText(`${tutor.years_of_experience} year`)).toBeVisible();
    await expect(dialog.getByText(`$${tutor.hourly_rate.toFixed(2)}/hr`)).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Book Session' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: `Details about ${tutor.full_name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('a profile image enlarges in a dialog', async ({ page, request }) => {
    const [tutor] = await apiTutors(request);
    await openDirectory(page);
    await page.getByRole('button', { name: `Enlarge photo of ${tutor!.full_name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Photo of ${tutor!.full_name}` });
    const img = dialog.getByRole('img', { name: tutor!.full_name });
    await expect(img).toBeVisible();
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const box = await img.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a broken profile image falls back to the default image', async ({ page, request }) => {
    const [tutor] = await apiTutors(request);
    await page.route('**/images/tutors/**', (route) => route.fulfill({ status: 404, body: '' }));
    await openDirectory(page);
    const img = cards(page)
      .filter({ has: page.getByRole('heading', { name: tutor!.full_name }) })
      .getByRole('img', { name: tutor!.full_name });
    await img.scrollIntoViewIfNeeded();
    await expect(img).toHaveAttribute('src', '/images/default-avatar.svg');
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
  });

  test("a card's Book link opens the booking form with the tutor id in navigation state", async ({
    page,
    request,
  }) => {
    const tutors = await apiTutors(request);
    const tutor = tutors[1]!;
    await openDirectory(page);
    await page.getByRole('link', { name: `Book ${tutor.full_name}` }).click();
    await expect(page).toHaveURL('/booking/form');
    expect(
      await page.evaluate(() => (window.history.state as { usr?: { tutorId?: number } }).usr?.tutorId),
    ).toBe(tutor.id);
  });

  test('three columns on a desktop; one column and no sideways scrolling on a 390 px phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openDirectory(page);
    const xs = async (n: number) =>
      Promise.all(
        Array.from({ length: n }, async (_, i) => Math.round((await cards(page).nth(i).boundingBox())!.x)),
      );
    expect(new Set(await xs(3)).size).toBe(3);
    await page.screenshot({ path: '/tmp/directory-1280.png' });

    await page.setViewportSize({ width: 390, height: 844 });
    await openDirectory(page);
    expect(new Set(await xs(3)).size).toBe(1);
    const width = await cards(page)
      .first()
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(330);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/directory-390.png' });
    await cards(page).first().screenshot({ path: '/tmp/directory-390-card.png' });
    await page
      .getByRole('button', { name: /^Details about/ })
      .first()
      .click();
    // Opening the dialog on a phone shows its top (the name), not its bottom.
    await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toBeInViewport();
    await page.screenshot({ path: '/tmp/directory-390-details.png' });
  });

  test('has no axe violations, with or without the details dialog open', async ({ page }) => {
    await openDirectory(page);
    const scan = async () =>
      (
        await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(await scan()).toEqual([]);
    await page
      .getByRole('button', { name: /^Details about/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await scan()).toEqual([]);
  });
});
