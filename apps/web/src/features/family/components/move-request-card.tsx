import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useAnswerMoveRequest, useMoveRequests } from '../api/move-requests.ts';
import { sessionTimes } from './time.ts';

/**
 * The tutor's moves waiting for the family's answer (decision 260): each lesson from → to (EAT and the family's
 * own time), the tutor's reason, Accept (the lesson moves if the time is still free) or Decline (it stays).
 */
export function MoveRequestCards({ familyZone }: { familyZone: string }) {
  const { t } = useTranslation('family');
  const dates = useDates();
  const requests = useMoveRequests();
  const answer = useAnswerMoveRequest();
  if (!requests.data?.length && !answer.isSuccess && !answer.error) return null;
  return (
    <section aria-labelledby="move-requests-heading" className="space-y-3">
      <h2 id="move-requests-heading" className="text-lg font-semibold text-stone-900">
        {t('Your tutor asks to move a lesson')}
      </h2>
      {answer.error && (
        <Alert tone="error">{translateAnswer(t, answer.error) ?? t('Please try again.')}</Alert>
      )}
      {answer.isSuccess && (
        <Alert tone="success">
          {answer.variables.answer === 'accept'
            ? t('Accepted: the lesson has its new time.')
            : t('Declined: the lesson stays at its time.')}
        </Alert>
      )}
      {requests.data?.map((r) => (
        <article
          key={r.id}
          aria-label={t('Move request from {{tutor}}', { tutor: r.tutor_name })}
          className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 wrap-anywhere"
        >
          <p className="font-semibold text-stone-900">
            {t('{{tutor}} asks to move {{student}}’s lesson', {
              tutor: r.tutor_name,
              student: r.student_name,
            })}
          </p>
          <ul className="space-y-1 text-sm">
            {r.lessons.map((l) => {
              const from = sessionTimes(l.from, familyZone, r.time_zone, t, dates);
              const to = sessionTimes(l.to, familyZone, r.time_zone, t, dates);
              return (
                <li key={l.session_id}>
                  <span className="line-through">{from.eat}</span> →{' '}
                  <span className="font-medium">{to.eat}</span>
                  {to.local && <span className="block text-stone-600">{to.local}</span>}
                </li>
              );
            })}
          </ul>
          <p className="text-sm">
            <span className="font-medium">{t('Reason:')}</span> {r.reason}
          </p>
          <p className="text-sm text-stone-600">
            {t('If you do not answer before the lesson starts, it stays at its time.')}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={answer.isPending}
              onClick={() => answer.mutate({ id: r.id, answer: 'accept' })}
            >
              {t('Accept the new time')}
            </button>
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={answer.isPending}
              onClick={() => answer.mutate({ id: r.id, answer: 'decline' })}
            >
              {t('Decline')}
            </button>
          </div>
        </article>
      ))}
    </section>
  );
}
