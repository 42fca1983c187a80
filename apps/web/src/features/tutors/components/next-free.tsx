import { instantToWallClock } from '@tibeb/domain/bookings/time';
import type { NextFree } from '@tibeb/domain/tutors/search';
import { useTranslation } from 'react-i18next';
import { useDates, type Dates } from '../../../lib/dates.ts';
import { useVisitorZone } from '../hooks/use-visitor-zone.ts';

// i18n-namespace: public
type Translate = (key: string, options?: Record<string, unknown>) => string;

const cityOf = (timeZone: string) => timeZone.split('/').pop()!.replace(/_/g, ' ');

/** 'Tue 16 Jun, 16:00 EAT': a free start as the API gives it (its date and time in Addis Ababa). */
export const eatText = (free: NextFree, dates: Dates) =>
  `${dates.format(free.date, 'dayShort')}, ${free.time} EAT`;

/**
 * The visitor's own reading of a free start ('09:00 your time (New York)', with the day when it differs), or null
 * when the visitor's clock reads the same as Addis Ababa's (DESIGN §1.7).
 */
export function visitorText(free: NextFree, zone: string, t: Translate, dates: Dates): string | null {
  const instant = new Date(free.starts_at);
  if (Number.isNaN(instant.getTime())) return null;
  const local = instantToWallClock(instant, zone);
  if (local.date === free.date && local.time === free.time) return null;
  const when =
    local.date === free.date ? local.time : `${dates.format(local.date, 'dayShort')}, ${local.time}`;
  return t('{{when}} your time ({{city}})', { when, city: cityOf(zone) });
}

/** A free start in EAT, with the visitor's own time beside it once the page runs in the browser. */
export function FreeTime({ free }: { free: NextFree }) {
  const { t } = useTranslation('public');
  const dates = useDates();
  const zone = useVisitorZone();
  const local = zone ? visitorText(free, zone, t, dates) : null;
  return (
    <>
      <time dateTime={free.starts_at} className="font-medium text-stone-900">
        {eatText(free, dates)}
      </time>
      {local && <span className="text-stone-600"> · {local}</span>}
    </>
  );
}

/** A card's "Next free: Tue 16 Jun, 16:00 EAT", or that none is free in the next two weeks. */
export function NextFreeLine({ free }: { free: NextFree | null }) {
  const { t } = useTranslation('public');
  return (
    <p className="text-sm wrap-anywhere text-stone-700" data-testid="next-free">
      {free ? (
        <>
          {t('Next free:')} <FreeTime free={free} />
        </>
      ) : (
        t('No free time in the next two weeks')
      )}
    </p>
  );
}
