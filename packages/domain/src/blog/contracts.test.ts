import { describe, expect, it } from 'vitest';
import { blogPostListQuerySchema, createCommentSchema } from './contracts.ts';
import { blogMessages, readingTimeLabel } from './messages.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the comment payload (spec §5: name, email and comment required)', () => {
  const ok = { post: 3, name: 'Hana', email: 'hana@example.com', body: 'Great post.' };
  it('accepts a good comment and trims it', () => {
    const parsed = createCommentSchema.parse({ ...ok, name: '  Hana ', body: ' Great post. ' });
    expect(parsed).toEqual(ok);
  });
  it('names each missing field', () => {
    expect(firstMessage(createCommentSchema.safeParse({ ...ok, name: '  ' }))).toBe(
      blogMessages.nameRequired,
    );
    expect(firstMessage(createCommentSchema.safeParse({ ...ok, email: 'nope' }))).toBe(
      blogMessages.emailInvalid,
    );
    expect(firstMessage(createCommentSchema.safeParse({ ...ok, body: undefined }))).toBe(
      blogMessages.bodyRequired,
    );
  });
  it('limits lengths', () => {
    expect(firstMessage(createCommentSchema.safeParse({ ...ok, body: 'x'.repeat(2001) }))).toBe(
      blogMessages.bodyTooLong,
    );
    expect(firstMessage(createCommentSchema.safeParse({ ...ok, name: 'x'.repeat(81) }))).toBe(
      blogMessages.nameTooLong,
    );
  });
  it('refuses a post id outside the database range', () => {
    expect(createCommentSchema.safeParse({ ...ok, post: 99_999_999_999 }).success).toBe(false);
  });
});

describe('the list query', () => {
  it('reads the page as a number and refuses a bad one', () => {
    expect(blogPostListQuerySchema.parse({ page: '2' }).page).toBe(2);
    expect(blogPostListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(blogPostListQuerySchema.safeParse({ page: 'abc' }).success).toBe(false);
  });
});

describe('blog texts (spec §2, §8)', () => {
  it('keeps the spec texts', () => {
    expect(blogMessages.noPosts).toBe('No posts yet.');
    expect(blogMessages.beFirst).toBe('Be the first to comment.');
    expect(blogMessages.submitComment).toBe('Submit comment');
    expect(blogMessages.submitting).toBe('Submitting…');
    expect(blogMessages.commentFailed).toBe('Failed to submit comment. Please try again.');
    expect(readingTimeLabel(3)).toBe('3 min read');
  });
});
