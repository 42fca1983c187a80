import { useTranslation } from 'react-i18next';
import { englishText, type Translate } from '../../../lib/translate-message.ts';
import { visitorLocalText, zoneLabel } from '../utils/zone.ts';

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
  const local = visitorLocalText(date, time, timeZone, visitorZone, t);
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
) {
  const local = date ? visitorLocalText(date, time, timeZone, visitorZone, t) : null;
  return `${time} ${zoneLabel(timeZone)}${local ? ` · ${local}` : ''}`;
}
