import { useTranslation } from 'react-i18next';
import { isAllowedMapEmbed } from '@tibeb/domain/site/contracts';

/** The spec's title for the embedded map (spec §2: "an embedded map titled as a hotel location"). */
export const MAP_TITLE = 'Hotel location map';

/**
 * The contact page's map (decision 031): an OpenStreetMap embed when the settings name one (the only frame the
 * Content-Security-Policy admits); otherwise a static picture with a link to the address on OpenStreetMap.
 */
export function ContactMap({ embedUrl, address }: { embedUrl: string; address: string }) {
  const { t } = useTranslation('public');
  if (embedUrl && isAllowedMapEmbed(embedUrl)) {
    return (
      <iframe
        title={t(MAP_TITLE)}
        src={embedUrl}
        loading="lazy"
        referrerPolicy="no-referrer"
        className="h-80 w-full rounded-2xl border-0 bg-stone-200"
      />
    );
  }
  return (
    <figure
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
      aria-label={t(MAP_TITLE)}
    >
      <img
        src="/images/home/map-fallback.svg"
        alt=""
        width={640}
        height={320}
        loading="lazy"
        decoding="async"
        className="h-56 w-full object-cover sm:h-72"
      />
      <figcaption className="p-4 text-sm text-stone-700">
        {address ? (
          <>
            {address} ·{' '}
            <a
              href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`}
              className="font-semibold text-brand-700 hover:underline"
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('Open in OpenStreetMap')}
            </a>
          </>
        ) : (
          t('We teach online: families and tutors join from wherever they live.')
        )}
      </figcaption>
    </figure>
  );
}
