import { englishDates, formatDate, type DateSettings } from '../dates/format.ts';

/** The blog's numbers (spec §9). */
export const BLOG_PAGE_SIZE = 10;
export const WORDS_PER_MINUTE = 220;
export const EXCERPT_LENGTH = 160;
export const PAGINATION_WINDOW = 2;
/** Comment limits (DESIGN §1.11); the API enforces them and the form mirrors them. */
export const COMMENT_LIMITS = { nameMax: 80, emailMax: 254, bodyMax: 2000 } as const;
/** A comment with more links than this is held for moderation. */
export const COMMENT_MAX_LINKS = 1;
/** The RSS feed lists this many of the latest posts. */
export const FEED_SIZE = 20;

/** Reading time in minutes: words ÷ 220, rounded, at least 1 (spec §9). */
export function readingTimeMinutes(body: string | null | undefined): number {
  const words = (body ?? '').trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** The post's excerpt, or else the first 160 characters of its body (spec §2, §9), with '…' when cut. */
export function excerptOf(post: { excerpt?: string | null; body?: string | null }): string {
  const excerpt = post.excerpt?.trim();
  if (excerpt) return excerpt;
  const body = (post.body ?? '').trim().replace(/\s+/g, ' ');
  if (body.length <= EXCERPT_LENGTH) return body;
  return `${body.slice(0, EXCERPT_LENGTH).trimEnd()}…`;
}

/** The body split into paragraphs at blank lines (spec §2). */
export function paragraphsOf(body: string | null | undefined): string[] {
  return (body ?? '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The pages to show (spec §2, §9): the first and the last page, the current page ±2, and an ellipsis where
 * two or more pages are left out. An empty list when there is at most one page.
 */
export function paginationWindow(
  current: number,
  totalPages: number,
  window = PAGINATION_WINDOW,
): PageItem[] {
  if (totalPages <= 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), totalPages);
  let start = Math.max(2, page - window);
  let end = Math.min(totalPages - 1, page + window);
  // An ellipsis never stands for a single page: show that page instead.
  if (start === 3) start = 2;
  if (end === totalPages - 2) end = totalPages - 1;
  const items: PageItem[] = [1];
  if (start > 2) items.push('ellipsis-start');
  for (let p = start; p <= end; p += 1) items.push(p);
  if (end < totalPages - 1) items.push('ellipsis-end');
  items.push(totalPages);
  return items;
}

export const totalPagesOf = (count: number, pageSize = BLOG_PAGE_SIZE) =>
  Math.max(1, Math.ceil(Math.max(0, count) / pageSize));

/** How many links a text carries (http://, https:// or www.): the comment spam check (DESIGN §1.11). */
export function countLinks(text: string): number {
  return (text.match(/\b(?:https?:\/\/|www\.)[^\s<>"']+/gi) ?? []).length;
}

/** A slug from a name: lowercase, dashes for anything else (spec §3 derives subject slugs the same way). */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/** 'March 3, 2026': a date for people (in Amharic, with the Ethiopian date: dates/format). */
export function formatPostDate(
  iso: string | null | undefined,
  timeZone?: string,
  settings: DateSettings = englishDates,
): string {
  if (!iso) return '';
  return formatDate(iso, 'dateLong', settings, timeZone);
}
