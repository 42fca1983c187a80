import { expect, test } from '@playwright/test';
import { signIn, unique } from './admin-business.helpers.ts';

/** Issue 13: a comment held by the spam checks waits first in the queue; approved, it shows on the post. */
test('moderate a held comment: approve it, see it on the post, then hide it', async ({ page, request }) => {
  const tag = unique();
  await signIn(page);
  const posts = (await (await request.get('/api/blog/posts/')).json()) as {
    results: { id: number; slug: string }[];
  };
  const post = posts.results[0]!;
  const text = `Great tips ${tag}, see https://a.example and https://b.example`;
  const held = await request.post('/api/blog/comments/', {
    data: { post: post.id, name: `Visitor ${tag}`, email: `v.${tag}@example.com`, body: text },
  });
  expect(held.status()).toBe(202);

  // Not on the post while held.
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);

  await page.goto('/admin/comments');
  await expect(page.getByRole('heading', { level: 1, name: 'Comments' })).toBeVisible();
  const first = page.getByTestId('comment-item').first();
  await expect(first).toContainText(text);
  await expect(first).toContainText('Held');
  await first.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Comment approved' })).toBeVisible();
  const item = page.getByTestId('comment-item').filter({ hasText: text });
  await expect(item).toContainText('Shown');

  // The history of the comment names the change.
  await item.locator('summary', { hasText: 'History' }).click();
  await expect(item.getByRole('region', { name: 'History' })).toContainText('admin approved this record');

  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByText(text)).toBeVisible();

  // Hidden again, it leaves the post.
  await page.goto('/admin/comments?status=approved');
  await page
    .getByTestId('comment-item')
    .filter({ hasText: text })
    .getByRole('button', { name: /^Hide/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Comment hidden.' })).toBeVisible();
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);

  // And deleted for good.
  await page.goto('/admin/comments?status=rejected');
  await page
    .getByTestId('comment-item')
    .filter({ hasText: text })
    .getByRole('button', { name: /^Delete/ })
    .click();
  await page.getByRole('dialog', { name: 'Delete comment?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('comment-item').filter({ hasText: text })).toHaveCount(0);
});
