import { useTranslation } from 'react-i18next';
import { useGetUnread } from '../api/get-unread.ts';
import type { MessagesArea } from '../api/keys.ts';
import { useLiveMessages } from '../hooks/use-live-messages.ts';

/**
 * The sidebar's unread count beside Messages. It also holds the area's live stream open, so the count and an
 * open conversation change as soon as a message arrives, on every screen of the area.
 */
export function UnreadBadge({ area }: { area: MessagesArea }) {
  const { t } = useTranslation('messages');
  useLiveMessages(area);
  const unread = useGetUnread(area).data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span
      className="ml-2 inline-flex min-w-6 items-center justify-center rounded-full bg-accent-400 px-1.5 text-xs font-bold text-stone-900"
      data-testid="unread-count"
    >
      {unread}
      <span className="sr-only"> {t('unread')}</span>
    </span>
  );
}
