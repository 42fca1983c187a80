import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_COMMENT_MAX, type FamilyTutor } from '@tibeb/domain/reviews/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { CharCount } from '../../../components/ui/char-count.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateAnswer, translateFieldError } from '../../../lib/translate-message.ts';
import { useSaveReview } from '../api/save-review.ts';
import { StarRatingInput } from './star-rating-input.tsx';

/** Write or edit the family's one review of a tutor. */
export function ReviewForm({ tutor, onDone }: { tutor: FamilyTutor; onDone: () => void }) {
  const { t } = useTranslation('family');
  const [rating, setRating] = useState(tutor.review?.rating ?? 0);
  const [comment, setComment] = useState(tutor.review?.comment ?? '');
  const save = useSaveReview();
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  return (
    <form
      className="space-y-3"
      aria-label={t('Review of {{name}}', { name: tutor.full_name })}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ tutorId: tutor.tutor_id, rating, comment }, { onSuccess: onDone });
      }}
    >
      <StarRatingInput name={`rating-${tutor.tutor_id}`} value={rating} onChange={setRating} />
      {errors.rating && (
        <p className="text-sm text-red-700">{translateFieldError(t, save.error, 'rating')}</p>
      )}
      <label className="block">
        <span className="mb-1 block font-medium">{t('Your review')}</span>
        <textarea
          className={inputStyles}
          rows={3}
          maxLength={REVIEW_COMMENT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          aria-describedby={`review-count-${tutor.tutor_id}`}
        />
      </label>
      <CharCount id={`review-count-${tutor.tutor_id}`} length={comment.length} max={REVIEW_COMMENT_MAX} />
      {save.error && !errors.rating && (
        <Alert tone="error">{translateAnswer(t, save.error) ?? t('Please try again.')}</Alert>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={rating === 0 || save.isPending}>
          {tutor.review ? t('Save changes') : t('Publish review')}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onDone}>
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
