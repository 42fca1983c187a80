import { useTranslation } from 'react-i18next';
import type { DateSettings } from '@tibeb/domain/dates/format';
import { useDates } from '../../../lib/dates.ts';
import { englishText, type Translate } from '../../../lib/translate-message.ts';
import { visitorLocalText, zoneLabel } from '../../../lib/visitor-zone.ts';

/** '16:00 EAT' with the visitor's own time beside it when that reads differently (DESIGN §1.7). */
export function ZonedTime({
  date,
  time,
  timeZone,
  visitorZone,
}: {
  date: string;
  time: string;
  timeZone: string;
  visitorZone: string;
}) {
  const { t } = useTranslation('booking');
  const dates = useDates();
  const local = visitorLocalText(date, time, timeZone, visitorZone, t, dates);
  return (
    <span>
      <span className="font-medium">
        {time} {zoneLabel(timeZone)}
      </span>
      {local && <span className="text-stone-600"> · {local}</span>}
    </span>
  );
}

/** The same as text, for a select's options. */
export function zonedTimeText(
  date: string | null,
  time: string,
  timeZone: string,
  visitorZone: string,
  t: Translate = englishText,
  dates?: DateSettings,
) {
  const local = date ? visitorLocalText(date, time, timeZone, visitorZone, t, dates) : null;
  return `${time} ${zoneLabel(timeZone)}${local ? ` · ${local}` : ''}`;
}
