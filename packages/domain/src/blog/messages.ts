import { codedMessages } from '../shared/error-codes.ts';

/** The blog's user-facing texts (spec §2 "Blog", §5 "Blog comment", §8), in one place for the web and the API. */
export const blogMessages = {
  // List (spec §2).
  searchPlaceholder: 'Search articles...',
  search: 'Search',
  reset: 'Reset',
  categories: 'Categories',
  tags: 'Tags',
  noPosts: 'No posts yet.',
  category: 'Category',
  readArticle: 'Read article',
  prev: 'Prev',
  next: 'Next',
  // Post (spec §2).
  comments: 'Comments',
  beFirst: 'Be the first to comment.',
  leaveComment: 'Leave a comment',
  submitComment: 'Submit comment',
  submitting: 'Submitting…',
  backToBlog: 'Back to blog',
  // Comment outcomes (spec §8 and DESIGN §1.11).
  commentFailed: 'Failed to submit comment. Please try again.',
  commentPosted: 'Thank you! Your comment has been posted.',
  commentPending: 'Your comment is awaiting moderation.',
  // Comment validation (spec §5: name, email and comment are all required).
  nameRequired: 'Name is required.',
  nameTooLong: 'Name must be at most 80 characters.',
  emailInvalid: 'Enter a valid email address.',
  bodyRequired: 'Comment is required.',
  bodyTooLong: 'Comment must be at most 2000 characters.',
  postNotFound: 'Post not found.',
  postSlugRequired: 'post_slug is required.',
} as const;

/** Their codes (shared/error-codes.ts): `post_not_found`, `comment_failed`, … */
export const blogMessageCodes = codedMessages(blogMessages, {
  // The pages' own labels: never an answer of the API.
  skip: [
    'searchPlaceholder',
    'search',
    'reset',
    'categories',
    'tags',
    'noPosts',
    'category',
    'readArticle',
    'prev',
    'next',
    'comments',
    'beFirst',
    'leaveComment',
    'submitComment',
    'submitting',
    'backToBlog',
  ],
});

/** minutes → '3 min read' */
export const readingTimeLabel = (minutes: number) => `${minutes} min read`;
