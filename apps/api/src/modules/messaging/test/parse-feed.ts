import ICAL from 'ical.js';

export type ParsedEvent = {
  uid: string;
  summary: string;
  start: Date;
  zone: string;
  status: string;
  transp: string;
  sequence: number;
};

/** For tests: reads a feed back with a calendar library, as a calendar app would. */
export function parseFeed(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate(),
      zone: event.startDate.zone?.tzid ?? '',
      status: String(v.getFirstPropertyValue('status')),
      transp: String(v.getFirstPropertyValue('transp')),
      sequence: event.sequence,
    };
  });
}
