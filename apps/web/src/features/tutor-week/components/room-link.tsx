import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Room } from '@tibeb/domain/sessions/tutor-area';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useNow } from '../hooks/use-now.ts';

export function countdown(ms: number, t: (key: string) => string = (k) => k): string {
  if (ms <= 0) return t('now');
  const minutes = Math.ceil(ms / 60_000);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return [d && `${d} ${t('d')}`, h && `${h} ${t('h')}`, `${m} ${t('min')}`].filter(Boolean).join(' ');
}

/**
 * The session's online room: a Join link while it is open (from 15 minutes before the start), otherwise the
 * countdown to the start and when the room opens. When the room opens the server is asked again for the address.
 */
export function RoomLink({ room, startsAt, status }: { room: Room; startsAt: string; status: string }) {
  const { t } = useTranslation('tutor');
  const now = useNow(15_000);
  const client = useQueryClient();
  const opensIn = Date.parse(room.opens_at) - now;
  const shouldAsk =
    !room.url &&
    room.provider !== 'none' &&
    status === 'scheduled' &&
    opensIn <= 0 &&
    Date.parse(startsAt) + 4 * 3_600_000 > now;
  useEffect(() => {
    if (shouldAsk) void client.invalidateQueries({ queryKey: ['tutor-week'] });
  }, [shouldAsk, client]);

  if (status !== 'scheduled') return null;
  if (room.url) {
    return (
      <span className="flex flex-wrap gap-2">
        <RoomAnchor href={room.url} style="primary" label={t('Join the online room')} />
        {room.audio_url && <RoomAnchor href={room.audio_url} style="secondary" label={t('Audio only')} />}
      </span>
    );
  }
  if (room.provider === 'none') {
    // Decision 267: no room that cannot start is sent; the tutor's own link is the way.
    return (
      <p className="text-sm text-stone-600">
        {t('No online room: add your own meeting link in')}{' '}
        <Link to="/tutor/profile" className="text-brand-700 underline">
          {t('your profile')}
        </Link>
        {t('.')}
      </p>
    );
  }
  const startsIn = Date.parse(startsAt) - now;
  if (startsIn < -60_000) return null;
  return (
    <p className="text-sm text-stone-600">
      {t('Starts in {{time}}; the room opens 15 minutes before.', { time: countdown(startsIn, t) })}
    </p>
  );
}

/** A way into the room, in a new tab (said to screen readers). */
function RoomAnchor({ href, style, label }: { href: string; style: 'primary' | 'secondary'; label: string }) {
  const { t } = useTranslation('tutor');
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`${buttonStyles[style]} px-3 py-1.5 text-sm`}
    >
      {label}
      <span className="sr-only"> {t('(opens in a new tab)')}</span>
    </a>
  );
}
