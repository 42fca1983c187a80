import { useState, type ReactNode } from 'react';
import type { AdminOffer } from '@tibeb/domain/site/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
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
  const offers = useOffers();
  const reorder = useReorderOffers();
  const save = useSaveOffer();
  const remove = useDeleteOffer();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [confirming, setConfirming] = useState<AdminOffer | null>(null);

  if (offers.isPending) return <Spinner label="Loading offers..." />;
  if (offers.isError) return <Alert tone="error">We could not load the offers. Please try again.</Alert>;
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
        <section aria-label="New offer" className="rounded-xl border border-stone-200 bg-white p-4">
          <h2 className="mb-3 text-lg font-semibold">New offer</h2>
          <OfferForm
            nextOrder={Math.max(0, ...list.map((o) => o.sort_order)) + 1}
            onDone={() => setEditing(null)}
          />
        </section>
      ) : (
        <button type="button" className={buttonStyles.primary} onClick={() => setEditing('new')}>
          Add offer
        </button>
      )}
      {(reorder.isError || save.isError || remove.isError) && (
        <Alert tone="error">That change did not save. Please try again.</Alert>
      )}
      {list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">
          No offers yet. The home page shows no carousel until one is published.
        </p>
      ) : (
        <ol className="space-y-3" aria-label="Offers in display order">
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
                      {o.is_active ? 'Published' : 'Draft'}
                    </span>
                  </div>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={small}
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => move(index, -1)}
                    >
                      Move up<span className="sr-only"> {o.title}</span>
                    </button>
                    <button
                      type="button"
                      className={small}
                      disabled={index === list.length - 1 || reorder.isPending}
                      onClick={() => move(index, 1)}
                    >
                      Move down<span className="sr-only"> {o.title}</span>
                    </button>
                    <button
                      type="button"
                      className={small}
                      onClick={() => save.mutate({ id: o.id, fields: { is_active: !o.is_active } })}
                    >
                      {o.is_active ? 'Unpublish' : 'Publish'}
                      <span className="sr-only"> {o.title}</span>
                    </button>
                    <button type="button" className={small} onClick={() => setEditing(o.id)}>
                      Edit<span className="sr-only"> {o.title}</span>
                    </button>
                    <button
                      type="button"
                      className={`${small} text-red-700`}
                      onClick={() => setConfirming(o)}
                    >
                      Delete<span className="sr-only"> {o.title}</span>
                    </button>
                  </div>
                  {details && (
                    <details className="mt-2 text-sm">
                      <summary className="cursor-pointer text-brand-700 underline">
                        History<span className="sr-only"> of {o.title}</span>
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
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Delete offer?"
        className="w-full max-w-md"
      >
        <p className="mb-4">“{confirming?.title}” is removed from the list and the carousel.</p>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonStyles.primary}
            onClick={() =>
              confirming && remove.mutate(confirming.id, { onSuccess: () => setConfirming(null) })
            }
          >
            Delete
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(null)}>
            Cancel
          </button>
        </div>
      </Dialog>
    </div>
  );
}
