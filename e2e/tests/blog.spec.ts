import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

type Post = {
  id: number;
  slug: string;
  title: string;
  category: { name: string; slug: string } | null;
  tags: { name: string; slug: string }[];
};
type PostList = { count: number; results: Post[] };

const listPosts = async (request: APIRequestContext, query = ''): Promise<PostList> =>
  (await request.get(`/api/blog/posts/${query}`)).json();

const cardHeadings = (page: Page) => page.locator('main article h2');

/** A post with tags and a category, found through the API rather than by a seeded name. */
async function taggedPost(request: APIRequestContext): Promise<Post> {
  const { results } = await listPosts(request);
  const post = results.find((p) => p.tags.length > 0 && p.category);
  if (!post) throw new Error('no published post with tags');
  return post;
}

test.describe('the blog', () => {
  test('search keeps q in the address and shows matching posts; Reset clears it', async ({
    page,
    request,
  }) => {
    const expected = await listPosts(request, '?q=amhar');
    expect(expected.count).toBeGreaterThan(0);
    await page.goto('/blog');
    await expect(cardHeadings(page).first()).toBeVisible();
    const historyLength = await page.evaluate(() => history.length);
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('amhar');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL('/blog?q=amhar');
    await expect(cardHeadings(page)).toHaveCount(Math.min(expected.count, 10));
    await expect(cardHeadings(page).first()).toHaveText(expected.results[0]!.title);
    // Replace mode: filtering adds no history entries.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    // The address alone restores the search.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('amhar');
    await expect(cardHeadings(page)).toHaveCount(Math.min(expected.count, 10));
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL('/blog');
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('');
  });

  test('a search with no match says so', async ({ page }) => {
    await page.goto('/blog?q=zzzxqq');
    await expect(page.getByText('No posts yet.')).toBeVisible();
  });

  test('a category chip filters the list, resets the page, and toggles off', async ({ page, request }) => {
    const { category } = await taggedPost(request);
    const expected = await listPosts(request, `?category=${category!.slug}`);
    await page.goto('/blog?page=2');
    const chip = page
      .getByRole('complementary', { name: 'Filters' })
      .getByRole('button', { name: category!.name, exact: true });
    await chip.click();
    await expect(page).toHaveURL(`/blog?category=${category!.slug}`);
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(cardHeadings(page)).toHaveCount(Math.min(expected.count, 10));
    for (const card of await page.locator('main article').all()) {
      await expect(card.getByRole('link', { name: `Category: ${category!.name}` })).toBeVisible();
    }
    await chip.click();
    await expect(page).toHaveURL('/blog');
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
  });

  test('pages to page 2 and back', async ({ page, request }) => {
    const first = await listPosts(request);
    expect(first.count).toBeGreaterThan(10);
    await page.goto('/blog');
    await expect(cardHeadings(page)).toHaveCount(10);
    const firstTitle = await cardHeadings(page).first().textContent();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await pagination.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL('/blog?page=2');
    await expect(pagination.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(cardHeadings(page).first()).not.toHaveText(firstTitle!);
    const second = await listPosts(request, '?page=2');
    await expect(cardHeadings(page)).toHaveCount(second.results.length);
    await pagination.getByRole('button', { name: 'Prev' }).click();
    await expect(page).toHaveURL('/blog');
    await expect(cardHeadings(page).first()).toHaveText(firstTitle!);
  });

  test('a post shows its category, tags and paragraphs; a tag link filters the list', async ({
    page,
    request,
  }) => {
    const post = await taggedPost(request);
    await page.goto('/blog');
    await page.getByRole('link', { name: `Read article: ${post.title}` }).click();
    await expect(page).toHaveURL(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expect(page).toHaveTitle(`${post.title} | Tibeb Tutoring`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', post.title);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.getByTestId('post-body').locator('p').first()).toBeVisible();
    const tags = page.getByRole('list', { name: 'Tags' });
    for (const tag of post.tags) {
      await expect(tags.getByRole('link', { name: `#${tag.name}` })).toHaveAttribute(
        'href',
        `/blog?tag=${tag.slug}`,
      );
    }
    const tag = post.tags[0]!;
    await tags.getByRole('link', { name: `#${tag.name}` }).click();
    await expect(page).toHaveURL(`/blog?tag=${tag.slug}`);
    await expect(page.getByRole('button', { name: `#${tag.name}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 2, name: post.title })).toBeVisible();
  });

  test('posting a comment shows it under the post, also after a reload', async ({ page, request }) => {
    const post = await taggedPost(request);
    const name = `E2E Reader ${Date.now()}`;
    const body = `Thank you, this helped our family (${Date.now()}).`;
    await page.goto(`/blog/${post.slug}`);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Email', { exact: true }).fill('e2e-reader@example.com');
    await page.getByLabel('Comment', { exact: true }).fill(body);
    await page.getByRole('button', { name: 'Submit comment' }).click();
    await expect(page.getByText('Thank you! Your comment has been posted.')).toBeVisible();
    const comments = page.getByRole('region', { name: /Comments/ });
    await expect(comments.getByText(name)).toBeVisible();
    await expect(comments.getByText(body)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: /Comments/ }).getByText(body)).toBeVisible();
  });

  test('a comment written as HTML is shown as harmless text', async ({ page, request }) => {
    const post = await taggedPost(request);
    const name = `<b>E2E ${Date.now()}</b>`;
    const body = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script> hello ${Date.now()}`;
    await page.goto(`/blog/${post.slug}`);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Email', { exact: true }).fill('e2e-html@example.com');
    await page.getByLabel('Comment', { exact: true }).fill(body);
    await page.getByRole('button', { name: 'Submit comment' }).click();
    const comments = page.getByRole('region', { name: /Comments/ });
    await expect(comments.getByText(body, { exact: true })).toBeVisible();
    await expect(comments.getByText(name, { exact: true })).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('region', { name: /Comments/ }).getByText(body, { exact: true }),
    ).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
    await expect(page.locator('main b, main script')).toHaveCount(0);
  });

  test('a numeric address is redirected to the slug address', async ({ page, request }) => {
    const post = await taggedPost(request);
    await page.goto(`/blog/${post.id}`);
    await expect(page).toHaveURL(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  });

  test('a missing post redirects to /blog', async ({ page }) => {
    await page.goto(`/blog/no-such-post-${Date.now()}`);
    await expect(page).toHaveURL('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  });

  test('the RSS feed lists the latest posts with absolute links', async ({ request, baseURL }) => {
    const res = await request.get('/blog/rss.xml');
    expect(res.headers()['content-type']).toContain('application/rss+xml');
    const xml = await res.text();
    const { results } = await listPosts(request);
    expect(xml).toContain(`<link>${baseURL}/blog/${results[0]!.slug}</link>`);
  });
});
