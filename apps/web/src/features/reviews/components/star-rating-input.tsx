import { useTranslation } from 'react-i18next';

/** 1–5 stars as a radio group: keyboard reachable (arrow keys), each star named for screen readers. */
export function StarRatingInput({
  value,
  onChange,
  name,
}: {
  value: number;
  onChange: (v: number) => void;
  name: string;
}) {
  const { t } = useTranslation('family');
  return (
    <fieldset>
      <legend className="mb-1 font-medium">{t('Your rating')}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
            />
            <span className="sr-only">{n === 1 ? t('1 star') : t('{{count}} stars', { count: n })}</span>
            <span
              aria-hidden="true"
              className={`block text-3xl leading-none peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 ${
                n <= value ? 'text-amber-500' : 'text-stone-300'
              }`}
            >
              ★
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
