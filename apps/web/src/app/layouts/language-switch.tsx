import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api-client.ts';
import { useEthiopianDatesChoice } from '../../lib/dates.ts';
import { changeLanguage, currentLanguage, isLanguage } from '../../lib/i18n.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';

/**
 * The header's language switch (issue 18): each language is named in itself, so a reader of either finds it.
 * The choice is remembered in this browser and, for a signed-in person, on the account (e-mails follow it).
 */
export function LanguageSwitch({
  id,
  compact = false,
}: {
  id: string;
  /** In a crowded top bar (the areas'): no globe on phones, a narrower box. */
  compact?: boolean;
}) {
  const { t } = useTranslation('common');
  const { isSignedIn } = useAuth();
  const language = currentLanguage();

  return (
    <div className="flex items-center gap-1">
      <label htmlFor={id} className="sr-only">
        {t('Language')}
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`h-5 w-5 text-stone-500 ${compact ? 'hidden sm:block' : ''}`}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
      </svg>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          void changeLanguage(next);
          if (isSignedIn) {
            // Best effort: the interface has switched already; the account's language only steers e-mails.
            apiRequest('/accounts/locale/', { method: 'PUT', body: { locale: next } }).catch(() => undefined);
          }
        }}
        className={`rounded-md border border-stone-300 bg-white py-1.5 text-sm text-stone-800 ${compact ? 'pl-1.5 pr-6 sm:pl-2 sm:pr-7' : 'pl-2 pr-7'}`}
      >
        <option value="en" lang="en">
          English
        </option>
        <option value="am" lang="am">
          አማርኛ
        </option>
      </select>
    </div>
  );
}

/**
 * "Ethiopian dates" for English readers (issue 18): the Ethiopian date beside each Gregorian one, remembered in
 * this browser. Amharic always shows both, so the choice is offered in English only.
 */
export function EthiopianDatesToggle({ id, className = '' }: { id: string; className?: string }) {
  const { t } = useTranslation('common');
  const [on, setOn] = useEthiopianDatesChoice();
  if (currentLanguage() !== 'en') return null;
  return (
    <label htmlFor={id} className={`flex items-center gap-1.5 whitespace-nowrap text-stone-700 ${className}`}>
      <input
        id={id}
        type="checkbox"
        checked={on}
        onChange={(event) => setOn(event.target.checked)}
        className="h-3.5 w-3.5 rounded border-stone-300 accent-brand-700"
      />
      {t('Ethiopian dates')}
    </label>
  );
}
