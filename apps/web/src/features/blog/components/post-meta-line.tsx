import { useTranslation } from 'react-i18next';
import { formatPostDate, readingTimeMinutes } from '@tibeb/domain/blog/rules';
import type { BlogPost } from '@tibeb/domain/blog/contracts';
import { useDates } from '../../../lib/dates.ts';

/** Date and reading time, e.g. "March 3, 2026 · 4 min read". */
export function PostMetaLine({ post }: { post: BlogPost }) {
  const { t } = useTranslation('public');
  const dates = useDates();
  const date = formatPostDate(post.published_at, undefined, dates);
  const minutes = readingTimeMinutes(post.body);
  return (
    <p className="text-sm text-stone-600">
      {date && <time dateTime={post.published_at ?? undefined}>{date}</time>}
      {date && <span aria-hidden="true"> · </span>}
      <span>{t('{{count}} min read', { count: minutes })}</span>
    </p>
  );
}
