import { useTranslation } from 'react-i18next';
import { directoryLimits, formatRating, starCount } from '@tibeb/domain/tutors/directory';

function Star({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      className={`h-4 w-4 ${filled ? 'fill-accent-400' : 'fill-stone-300'}`}
    >
      <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
    </svg>
  );
}

/** Five stars, rounded and clamped 0–5 (spec §5), with the review count. */
export function StarRow({ rating, reviews }: { rating: number; reviews: number }) {
  const { t } = useTranslation('public');
  const filled = starCount(rating);
  return (
    <div className="flex items-center gap-2 text-sm text-stone-600">
      <span
        role="img"
        aria-label={t('{{rating}} out of 5 stars', { rating: formatRating(rating) })}
        className="flex"
        data-testid="star-row"
        data-filled={filled}
      >
        {Array.from({ length: directoryLimits.maxStars }, (_, i) => (
          <Star key={i} filled={i < filled} />
        ))}
      </span>
      <span>({reviews === 1 ? t('1 review') : t('{{count}} reviews', { count: reviews })})</span>
    </div>
  );
}
