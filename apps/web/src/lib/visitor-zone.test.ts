import { describe, expect, it } from 'vitest';
import { visitorLocalText, zoneLabel } from './visitor-zone.ts';

describe("the visitor's local time beside EAT (DESIGN §1.7)", () => {
  it('labels Ethiopia EAT and another tutor zone by its name', () => {
    expect(zoneLabel('Africa/Addis_Ababa')).toBe('EAT');
    expect(zoneLabel('Europe/London')).toBe('Europe/London');
  });

  it('says nothing when the visitor reads the same clock', () => {
    expect(visitorLocalText('2026-03-02', '16:00', 'Africa/Addis_Ababa', 'Africa/Nairobi')).toBeNull();
  });

  it('follows daylight saving in the visitor zone, date by date', () => {
    // New York moves to EDT on 8 March 2026: the same 16:00 EAT lesson reads 08:00, then 09:00.
    expect(visitorLocalText('2026-03-02', '16:00', 'Africa/Addis_Ababa', 'America/New_York')).toBe(
      '08:00 your time (New York)',
    );
    expect(visitorLocalText('2026-03-09', '16:00', 'Africa/Addis_Ababa', 'America/New_York')).toBe(
      '09:00 your time (New York)',
    );
  });

  it('names the local day when it differs', () => {
    expect(visitorLocalText('2026-12-07', '02:00', 'Africa/Addis_Ababa', 'America/Los_Angeles')).toBe(
      'Sun 6 Dec, 15:00 your time (Los Angeles)',
    );
  });
});
