import { expect, test } from '@playwright/test';
import { png, signIn, unique } from './admin-business.helpers.ts';

/** Issue 13: write a post in Markdown with a cover, category and tag; a draft stays off /blog; published, it shows. */
test('write a post, preview it, keep it a draft, schedule it, then publish it and read it on /blog', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = unique();
  const title = `Reading at home ${tag}`;
  const slug = `reading-at-home-${tag}`;
  await signIn(page);

  // A category and a tag for the post.
  await page.goto('/admin/blog/categories');
  await page.getByLabel('Name').fill(`Parenting ${tag}`);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('button', { name: `Rename Parenting ${tag}` })).toBeVisible();
  await page.getByRole('navigation', { name: 'Blog' }).getByRole('link', { name: 'Tags' }).click();
  await page.getByLabel('Name').fill(`Habits ${tag}`);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('button', { name: `Rename Habits ${tag}` })).toBeVisible();

  await page.getByRole('navigation', { name: 'Blog' }).getByRole('link', { name: 'Posts' }).click();
  await page.getByRole('link', { name: 'Write a post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Slug (address)').fill(slug);
  await page.getByLabel('Excerpt').fill('Twenty minutes a day, together.');
  await page
    .getByLabel('Body (Markdown)')
    .fill(
      '## Start small\n\nRead **twenty minutes** a day.\n\n- Pick a quiet place\n- Let the child choose\n\n<script>alert(1)</script>',
    );
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('tabpanel', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Start small' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('twenty minutes');
  await expect(preview.getByRole('listitem')).toHaveCount(2);
  await expect(preview.locator('script')).toHaveCount(0);

  await page
    .getByLabel('Cover image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(640, 360) });
  await expect(page.getByRole('img', { name: 'Cover preview' })).toHaveAttribute(
    'src',
    /^\/uploads\/blog\/.+\.webp$/,
  );
  await page.getByLabel('Category').selectOption({ label: `Parenting ${tag}` });
  await page.getByLabel(`Habits ${tag}`).check();
  await page.getByRole('button', { name: 'Create post' }).click();

  // Saved as a draft: the edit screen, and nothing on the blog.
  await expect(page.getByRole('heading', { level: 1, name: 'Edit post' })).toBeVisible();
  await expect(page.getByTestId('post-state')).toHaveText('Draft');
  const res = await page.request.get(`/api/blog/posts/slug/${slug}/`);
  expect(res.status()).toBe(404);

  // Scheduled for tomorrow: still not on the blog.
  await page.getByLabel('Scheduled').check();
  const tomorrow = new Date(Date.now() + 86_400_000);
  const local = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}T09:00`;
  await page.getByLabel('Publish at (your time)').fill(local);
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(page.getByTestId('post-state')).toHaveText('Scheduled');
  expect((await page.request.get(`/api/blog/posts/slug/${slug}/`)).status()).toBe(404);

  // Published now.
  await page.getByLabel('Published', { exact: true }).check();
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(page.getByTestId('post-state')).toHaveText('Published');
  await expect(page.getByRole('link', { name: 'View on the blog' })).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('admin published this record');
  await expect(history).toContainText('admin created this record');

  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: `Parenting ${tag}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText(`Habits ${tag}`);
  await expect(page.locator('article img').first()).toHaveAttribute('src', /^\/uploads\/blog\/.+\.webp$/);
  await expect(
    page.getByText('Read **twenty minutes** a day.').or(page.getByText('twenty minutes')),
  ).toBeVisible();
});
