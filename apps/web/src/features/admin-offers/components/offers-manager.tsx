import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOffer } from '@tibeb/domain/site/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDeleteOffer } from '../api/delete-offer.ts';
import { useOffers } from '../api/list-offers.ts';
import { useReorderOffers } from '../api/reorder-offers.ts';
import { useSaveOffer } from '../api/save-offer.ts';
import { OfferForm } from './offer-form.tsx';

const small =
  'rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-100 disabled:opacity-40';

/** Offers: create, edit, move up or down, publish or unpublish, delete; the carousel follows at once. */
export function OffersManager({ details }: { details?: (offer: AdminOffer) => ReactNode }) {
  const { t } = useTranslation('admin');
  const offers = useOffers();
  const reorder = useReorderOffers();
  const save = useSaveOffer();
  const remove = useDeleteOffer();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [confirming, setConfirming] = useState<AdminOffer | null>(null);

  if (offers.isPending) return <Spinner label={t('Loading offers...')} />;
  if (offers.isError)
    return <Alert tone="error">{t('We could not load the offers. Please try again.')}</Alert>;
  const list = offers.data;
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((o) => o.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids);
  };

  return (
    <div className="space-y-4">
      {editing === 'new' ? (
        <section aria-label={t('New offer')} className="rounded-xl border border-stone-200 bg-white p-4">
          <h2 className="mb-3 text-lg font-semibold">{t('New offer')}</h2>
          <OfferForm
            nextOrder={Math.max(0, ...list.map((o) => o.sort_order)) + 1}
            onDone={() => setEditing(null)}
          />
        </section>
      ) : (
        <button type="button" className={buttonStyles.primary} onClick={() => setEditing('new')}>
          {t('Add offer')}
        </button>
      )}
      {(reorder.isError || save.isError || remove.isError) && (
        <Alert tone="error">{t('That change did not save. Please try again.')}</Alert>
      )}
      {list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">
          {t('No offers yet. The home page shows no carousel until one is published.')}
        </p>
      ) : (
        <ol className="space-y-3" aria-label={t('Offers in display order')}>
          {list.map((o, index) => (
            <li
              key={o.id}
              className="rounded-xl border border-stone-200 bg-white p-4"
              data-testid="offer-item"
            >
              {editing === o.id ? (
                <OfferForm offer={o} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold break-words">
                        {index + 1}. {o.title}
                      </p>
                      <p className="text-sm break-words text-stone-600">{o.description}</p>
                    </div>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${o.is_active ? 'bg-emerald-100 text-emerald-800' : 'bg-stone-200 text-stone-800'}`}
                    >
                      {o.is_active ? t('Published') : t('Draft')}
                    </span>
                  </div>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={small}
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => move(index, -1)}
                    >
                      {t('Move up')}
                      <span className="sr-only"> {o.title}</span>
                    </button>
                    <button
                      type="button"
                      className={small}
                      disabled={index === list.length - 1 || reorder.isPending}
                      onClick={() => move(index, 1)}
                    >
                      {t('Move down')}
                      <span className="sr-only"> {o.title}</span>
                    </button>
                    <button
                      type="button"
                      className={small}
                      onClick={() => save.mutate({ id: o.id, fields: { is_active: !o.is_active } })}
                    >
                      {o.is_active ? t('Unpublish') : t('Publish')}
                      <span className="sr-only"> {o.title}</span>
                    </button>
                    <button type="button" className={small} onClick={() => setEditing(o.id)}>
                      {t('Edit')}
                      <span className="sr-only"> {o.title}</span>
                    </button>
                    <button
                      type="button"
                      className={`${small} text-red-700`}
                      onClick={() => setConfirming(o)}
                    >
                      {t('Delete')}
                      <span className="sr-only"> {o.title}</span>
                    </button>
                  </div>
                  {details && (
                    <details className="mt-2 text-sm">
                      <summary className="cursor-pointer text-brand-700 underline">
                        {t('History')}
                        <span className="sr-only"> {t('of {{title}}', { title: o.title })}</span>
                      </summary>
                      <div className="mt-2">{details(o)}</div>
                    </details>
                  )}
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('Delete offer?')}
        message={t('“{{title}}” is removed from the list and the carousel.', {
          title: confirming?.title ?? '',
        })}
        confirm={t('Delete')}
        cancel={t('Cancel')}
        onConfirm={() => confirming && remove.mutate(confirming.id, { onSuccess: () => setConfirming(null) })}
        onClose={() => setConfirming(null)}
      />
    </div>
  );
}
