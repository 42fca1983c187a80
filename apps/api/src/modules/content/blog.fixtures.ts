import type { Db } from '../../platform/db/client.ts';
import {
  blogCategories,
  blogComments,
  blogPostTags,
  blogPosts,
  blogTags,
} from '../../platform/db/schema/content.ts';

/** Test data for the blog's API tests: 4 categories, 6 tags, 12 visible posts, a draft and a scheduled post. */
export async function seedBlogFixtures(db: Db) {
  const categories = await db
    .insert(blogCategories)
    .values([
      { name: 'Study Tips', slug: 'study-tips' },
      { name: 'Languages', slug: 'languages' },
      { name: 'Mathematics', slug: 'mathematics' },
      { name: 'Parents', slug: 'parents' },
    ])
    .returning();
  const tags = await db
    .insert(blogTags)
    .values([
      { name: 'Amharic', slug: 'amharic' },
      { name: 'Exams', slug: 'exams' },
      { name: 'Reading', slug: 'reading' },
      { name: 'Math', slug: 'math' },
      { name: 'Online learning', slug: 'online-learning' },
      { name: 'Motivation', slug: 'motivation' },
    ])
    .returning();
  const cat = (slug: string) => categories.find((c) => c.slug === slug)!.id;
  const tag = (slug: string) => tags.find((t) => t.slug === slug)!.id;

  const published = Array.from({ length: 12 }, (_, i) => ({
    slug: `post-${i + 1}`,
    title: `Post number ${i + 1}`,
    body: `General advice ${i + 1} for families.\n\nA second paragraph.`,
    excerpt: `Excerpt ${i + 1}`,
    coverImageUrl: `/images/blog/cover-${i + 1}.jpg`,
    categoryId: cat(i % 2 === 0 ? 'study-tips' : 'parents'),
    status: 'published' as const,
    publishedAt: new Date(Date.UTC(2026, 0, i + 1, 9)),
  }));
  // Post 12 (the newest) is about Amharic; post 3 about exams in mathematics.
  published[11] = {
    ...published[11]!,
    slug: 'learning-amharic-at-home',
    title: 'Learning Amharic at home',
    body: 'Children who speak Amharic with grandparents keep the fidel alive.\n\nPractise every day.',
    excerpt: '',
    categoryId: cat('languages'),
  };
  published[2] = { ...published[2]!, title: 'Preparing for exams', categoryId: cat('mathematics') };
  const rows = await db
    .insert(blogPosts)
    .values([
      ...published,
      {
        slug: 'draft-secret',
        title: 'Draft secret plans',
        body: 'Not yet for visitors.',
        status: 'draft' as const,
      },
      {
        slug: 'scheduled-future',
        title: 'Scheduled for the future',
        body: 'Comes out later.',
        status: 'published' as const,
        publishedAt: new Date(Date.UTC(2099, 0, 1)),
      },
    ])
    .returning();
  const post = (slug: string) => rows.find((r) => r.slug === slug)!.id;
  await db.insert(blogPostTags).values([
    { postId: post('learning-amharic-at-home'), tagId: tag('amharic') },
    { postId: post('learning-amharic-at-home'), tagId: tag('reading') },
    { postId: post('post-3'), tagId: tag('exams') },
    { postId: post('post-3'), tagId: tag('math') },
    { postId: post('post-1'), tagId: tag('motivation') },
  ]);
  await db.insert(blogComments).values([
    {
      postId: post('learning-amharic-at-home'),
      name: 'Selam',
      email: 'selam@example.com',
      body: 'Very helpful, thank you.',
      createdAt: new Date(Date.UTC(2026, 1, 1)),
    },
    {
      postId: post('learning-amharic-at-home'),
      name: 'Dawit',
      email: 'dawit@example.com',
      body: 'We do this every Sunday.',
      createdAt: new Date(Date.UTC(2026, 1, 2)),
    },
    {
      postId: post('learning-amharic-at-home'),
      name: 'Spammer',
      email: 'spam@example.com',
      body: 'Buy now',
      status: 'pending' as const,
    },
  ]);
  return { categories, tags, posts: rows, post };
}
