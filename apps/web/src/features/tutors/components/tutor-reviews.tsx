import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useDates } from '../../../lib/dates.ts';
import { useTutorReviewPages } from '../api/get-tutor-reviews.ts';

/** Reviews are dated in Addis Ababa's calendar, so the server's page and the browser's read the same. */
const REVIEW_ZONE = 'Africa/Addis_Ababa';

/** A tutor page's reviews, newest first, a page at a time ("More reviews"). */
export function TutorReviews({ tutorId, headingId }: { tutorId: number; headingId: string }) {
  const { t } = useTranslation('public');
  const dates = useDates();
  const query = useTutorReviewPages(tutorId);
  const pages = query.data?.pages ?? [];
  const reviews = pages.flatMap((page) => page.reviews);
  const total = pages[0]?.total_reviews ?? 0;

  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="text-xl font-semibold text-stone-900">
        {t('Reviews')}
      </h2>
      {query.isPending ? (
        <p className="mt-2 text-stone-600">{t('Loading reviews...')}</p>
      ) : query.isError ? (
        <p className="mt-2 text-stone-600">{t('Reviews could not be loaded.')}</p>
      ) : reviews.length === 0 ? (
        <p className="mt-2 text-stone-700">{t('No reviews yet.')}</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-stone-200" aria-label={t('Reviews')}>
            {reviews.map((r) => (
              <li key={r.id} className="py-4 first:pt-0">
                <p className="flex flex-wrap items-center gap-x-2 text-sm">
                  <span
                    className="text-amber-500"
                    role="img"
                    aria-label={t('{{rating}} out of 5 stars', { rating: r.rating })}
                  >
                    {'★'.repeat(Math.max(0, Math.min(5, r.rating)))}
                    <span className="text-stone-300">
                      {'★'.repeat(5 - Math.max(0, Math.min(5, r.rating)))}
                    </span>
                  </span>
                  <span className="font-medium wrap-anywhere text-stone-800">{r.author_name}</span>
                  <time dateTime={r.created_at} className="text-stone-500">
                    {dates.format(r.created_at, 'date', REVIEW_ZONE)}
                  </time>
                </p>
                {r.comment && (
                  <p className="mt-1 wrap-anywhere whitespace-pre-line text-stone-800">{r.comment}</p>
                )}
              </li>
            ))}
          </ul>
          <div className="mt-2 flex flex-col items-start gap-2">
            <p className="text-sm text-stone-600">
              {t('Showing {{shown}} of {{total}} reviews', {
                shown: reviews.length,
                total: Math.max(total, reviews.length),
              })}
            </p>
            {query.hasNextPage && (
              <button
                type="button"
                className={buttonStyles.secondary}
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? t('Loading reviews...') : t('More reviews')}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
