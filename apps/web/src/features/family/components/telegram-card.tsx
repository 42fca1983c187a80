import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useStopTelegram, useTelegram } from '../api/telegram.ts';

/**
 * Telegram for the family (issue 30 item 6, decision 268): the bot's start link that connects the family's chat,
 * or, once connected, a way to stop. Nothing is shown when the platform has no bot.
 */
export function TelegramCard() {
  const { t } = useTranslation('family');
  const status = useTelegram();
  const stop = useStopTelegram();
  if (!status.data?.available) return null;
  const { linked, start_link } = status.data;
  return (
    <section
      aria-labelledby="telegram-heading"
      className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <h2 id="telegram-heading" className="text-lg font-semibold text-stone-900">
        {t('Telegram')}
      </h2>
      {linked ? (
        <>
          <p className="text-sm text-stone-700">
            {t('Lesson reminders, cancellations and moves come to your Telegram.')}
          </p>
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={stop.isPending}
            onClick={() => stop.mutate()}
          >
            {t('Stop Telegram messages')}
          </button>
        </>
      ) : (
        <>
          <p className="text-sm text-stone-700">
            {t(
              'Get lesson reminders, cancellations and moves on Telegram: open our bot and press Start. The link works once, for you only.',
            )}
          </p>
          {start_link && (
            <a href={start_link} target="_blank" rel="noopener noreferrer" className={buttonStyles.primary}>
              {t('Connect Telegram')}
              <span className="sr-only"> {t('(opens in a new tab)')}</span>
            </a>
          )}
          <p className="text-xs text-stone-600">{t('Then come back and reload this page.')}</p>
        </>
      )}
      {stop.isError && (
        <Alert tone="error">
          {translateAnswer(t, stop.error) ?? t('Something went wrong. Please try again.')}
        </Alert>
      )}
    </section>
  );
}
