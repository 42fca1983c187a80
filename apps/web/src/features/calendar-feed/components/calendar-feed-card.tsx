import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { useGetCalendarToken, type FeedArea } from '../api/calendar-token.ts';
import { useRevokeCalendarToken } from '../api/revoke-calendar-token.ts';
import { useRotateCalendarToken } from '../api/rotate-calendar-token.ts';

/**
 * The calendar subscription: a secret address that Google Calendar, Apple Calendar or Outlook subscribe to, so
 * sessions (and their moves and cancellations) show up there. Make one, copy it, replace it, or turn it off.
 */
export function CalendarFeedCard({ area }: { area: FeedArea }) {
  // One card for the tutor and the family areas: its strings live once, in 'family' (locales/am/family.json).
  const { t } = useTranslation('family');
  const token = useGetCalendarToken(area);
  const rotate = useRotateCalendarToken(area);
  const revoke = useRevokeCalendarToken(area);
  const [copied, setCopied] = useState(false);
  const url = token.data?.url ?? null;
  const busy = rotate.isPending || revoke.isPending;

  return (
    <section
      aria-labelledby="calendar-feed"
      className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <h2 id="calendar-feed" className="text-lg font-semibold text-stone-900">
        {t('Calendar subscription')}
      </h2>
      <p className="text-sm text-stone-600">
        {t(
          'Add your sessions to Google Calendar, Apple Calendar or Outlook: they follow every move and cancellation. Keep the address private; anyone who has it can read your schedule.',
        )}
      </p>
      {token.isError && <Alert tone="error">{t('We could not load your calendar address.')}</Alert>}
      {url ? (
        <>
          <label htmlFor="calendar-url" className="block text-sm font-medium text-stone-800">
            {t('Your calendar address')}
          </label>
          <input
            id="calendar-url"
            readOnly
            value={url}
            className={`${inputStyles} font-mono text-xs`}
            onFocus={(e) => e.target.select()}
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={`${buttonStyles.primary} px-3 py-1.5 text-sm`}
              onClick={() => {
                void navigator.clipboard?.writeText(url).then(() => setCopied(true));
              }}
            >
              {copied ? t('Copied') : t('Copy address')}
            </button>
            <a
              href={url.replace(/^https?:/, 'webcal:')}
              className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
            >
              {t('Open in calendar app')}
            </a>
            <button
              type="button"
              disabled={busy}
              className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
              onClick={() => {
                setCopied(false);
                rotate.mutate();
              }}
            >
              {t('Replace address')}
            </button>
            <button
              type="button"
              disabled={busy}
              className={`${buttonStyles.secondary} px-3 py-1.5 text-sm text-red-700`}
              onClick={() => revoke.mutate()}
            >
              {t('Turn off')}
            </button>
          </div>
        </>
      ) : (
        <button
          type="button"
          disabled={busy || token.isPending}
          className={`${buttonStyles.primary} px-3 py-1.5 text-sm`}
          onClick={() => rotate.mutate()}
        >
          {t('Create calendar address')}
        </button>
      )}
    </section>
  );
}
