import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { useGetMyTutors } from '../api/get-my-tutors.ts';
import { ReviewForm } from './review-form.tsx';

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

/** My Tutors (issue 15 item 4): each tutor with the sessions, a rebook link and the family's review. */
export function MyTutors() {
  const { t } = useTranslation('family');
  const dates = useDates();
  const query = useGetMyTutors();
  const [editing, setEditing] = useState<number | null>(null);
  if (query.isPending) return <Spinner label={t('Loading...')} />;
  if (query.isError)
    return <Alert tone="error">{t('We could not load this right now. Please try again.')}</Alert>;
  if (query.data.length === 0)
    return (
      <div className="rounded-xl border border-dashed border-stone-300 bg-white p-6">
        <p className="text-stone-700">{t('You have not booked a tutor yet.')}</p>
        <Link to="/tutors" className={`${buttonStyles.primary} mt-3`}>
          {t('Find a tutor')}
        </Link>
      </div>
    );
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {query.data.map((tutor) => (
        <li
          key={tutor.tutor_id}
          className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
          aria-label={tutor.full_name}
        >
          <div className="flex items-start gap-3">
            <img
              src={tutor.profile_image || '/images/default-avatar.svg'}
              alt=""
              width={56}
              height={56}
              className="h-14 w-14 shrink-0 rounded-full object-cover"
            />
            <div className="min-w-0">
              <p className="font-semibold wrap-anywhere text-stone-900">{tutor.full_name}</p>
              <p className="text-sm text-stone-600">{tutor.subject}</p>
              <p className="text-sm text-stone-700">
                {t('{{done}} done · {{coming}} to come', {
                  done: tutor.completed_sessions,
                  coming: tutor.upcoming_sessions,
                })}
                {tutor.next_session_at &&
                  ` · ${t('next {{day}}', { day: dates.format(tutor.next_session_at, 'dayShort') })}`}
              </p>
            </div>
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link to="/student/book" state={{ tutorId: tutor.tutor_id }} className={buttonStyles.secondary}>
              {t('Book again')}
            </Link>
          </div>
          <div className="mt-4 border-t border-stone-100 pt-3">
            {editing === tutor.tutor_id ? (
              <ReviewForm tutor={tutor} onDone={() => setEditing(null)} />
            ) : tutor.review ? (
              <div>
                <p className="text-sm text-stone-600">{t('Your review')}</p>
                <p
                  className="text-amber-500"
                  role="img"
                  aria-label={t('{{rating}} out of 5 stars', { rating: tutor.review.rating })}
                >
                  {stars(tutor.review.rating)}
                </p>
                {tutor.review.comment && (
                  <p className="whitespace-pre-line wrap-anywhere text-stone-800">{tutor.review.comment}</p>
                )}
                <button
                  type="button"
                  className="mt-2 font-medium text-brand-700 underline"
                  onClick={() => setEditing(tutor.tutor_id)}
                >
                  {t('Edit your review')}
                </button>
              </div>
            ) : tutor.can_review ? (
              <button
                type="button"
                className={buttonStyles.primary}
                onClick={() => setEditing(tutor.tutor_id)}
              >
                {t('Review {{name}}', { name: tutor.full_name })}
              </button>
            ) : (
              <p className="text-sm text-stone-600">{t('You can review once a session is completed.')}</p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
