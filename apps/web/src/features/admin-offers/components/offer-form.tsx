import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { offerHonestyHelp } from '@tibeb/domain/site/messages';
import type { AdminOffer } from '@tibeb/domain/site/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveOffer } from '../api/save-offer.ts';
import { translateFieldError } from '../../../lib/translate-message.ts';

/** Create or edit one offer: title, description and whether it is published in the carousel. */
export function OfferForm({
  offer,
  nextOrder,
  onDone,
}: {
  offer?: AdminOffer;
  nextOrder?: number;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveOffer();
  const [title, setTitle] = useState(offer?.title ?? '');
  const [description, setDescription] = useState(offer?.description ?? '');
  const [active, setActive] = useState(offer?.is_active ?? true);
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const prefix = offer ? `offer-${offer.id}` : 'offer-new';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id: offer?.id, fields: { title, description, is_active: active }, sortOrder: nextOrder },
      { onSuccess: onDone },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <Field id={`${prefix}-title`} label={t('Title')} error={translateFieldError(t, save.error, 'title')}>
        <input
          id={`${prefix}-title`}
          className={inputStyles}
          value={title}
          maxLength={120}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${prefix}-title-error` : undefined}
        />
      </Field>
      <Field
        id={`${prefix}-description`}
        label={t('Description')}
        error={translateFieldError(t, save.error, 'description')}
      >
        <textarea
          id={`${prefix}-description`}
          className={inputStyles}
          rows={3}
          maxLength={600}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={[`${prefix}-honesty`, errors.description ? `${prefix}-description-error` : '']
            .filter(Boolean)
            .join(' ')}
        />
      </Field>
      <p id={`${prefix}-honesty`} className="text-sm text-stone-600">
        {t(offerHonestyHelp)}
      </p>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
        {t('Published in the home page carousel')}
      </label>
      {save.isError && !Object.keys(errors).length && (
        <Alert tone="error">{t('The offer could not be saved.')}</Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {offer ? t('Save offer') : t('Create offer')}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onDone}>
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
