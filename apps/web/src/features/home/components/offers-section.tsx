import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { windowAt } from '@tibeb/domain/site/carousel';
import type { Offer } from '@tibeb/domain/site/contracts';
import { siteLimits } from '@tibeb/domain/site/messages';
import { useOffers } from '../api/get-offers.ts';
import { useRotation } from '../hooks/use-rotation.ts';

const { offersPerView: perView, offersIntervalMs: intervalMs, offersFadeMs: fadeMs } = siteLimits;

function OffersCarousel({ offers }: { offers: Offer[] }) {
  const { t } = useTranslation('public');
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const { start, fading, rotates } = useRotation(offers.length, {
    perView,
    intervalMs,
    fadeMs,
    paused: paused || hovered,
  });
  const visible = windowAt(offers, start, perView);
  return (
    <div onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
      <ul
        data-testid="offers-view"
        data-fading={fading ? 'true' : 'false'}
        style={{ transitionDuration: `${fadeMs}ms` }}
        className={`grid gap-4 transition-opacity motion-reduce:transition-none md:grid-cols-2 ${fading ? 'opacity-0' : 'opacity-100'}`}
        aria-live={rotates && !paused ? 'off' : 'polite'}
      >
        {visible.map((o) => (
          <li
            key={o.id}
            className="flex min-h-32 min-w-0 flex-col rounded-2xl border border-accent-400/60 bg-amber-50 p-5 shadow-sm [overflow-wrap:anywhere]"
          >
            <h3 className="text-lg font-bold text-stone-900">{o.title}</h3>
            <p className="mt-2 text-stone-700">{o.description}</p>
          </li>
        ))}
      </ul>
      {rotates && (
        <div className="mt-3 flex justify-end">
          <button
            type="button"
            onClick={() => setPaused((p) => !p)}
            className="rounded-md px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {paused ? t('Play offers') : t('Pause offers')}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * Special offers (spec §4): more than 2 rotate two at a time; 2 or fewer are static; on a load failure the
 * section is hidden. Space is kept while loading so the page does not jump.
 */
export function OffersSection() {
  const { t } = useTranslation('public');
  const { data, isPending, isError } = useOffers();
  if (isError || (!isPending && (!data || data.length === 0))) return null;
  return (
    <section aria-labelledby="offers-title" className="mx-auto max-w-6xl px-4 pt-12">
      <h2 id="offers-title" className="text-2xl font-bold text-stone-900">
        {t('Special Offers')}
      </h2>
      <div className="mt-5" aria-busy={isPending}>
        {isPending ? <div className="h-32 rounded-2xl bg-stone-100" /> : <OffersCarousel offers={data} />}
      </div>
    </section>
  );
}
