import { describe, expect, it } from 'vitest';
import { isGsm7, smsSegments } from './sms-segments.ts';

describe('SMS segments', () => {
  it('counts an English text in GSM-7: 160 alone, 153 per part', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 0, perSegment: 160 });
    expect(smsSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ units: 161, segments: 2, perSegment: 153 });
    expect(smsSegments('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
    expect(smsSegments("Liya's lesson with Abebe starts at 16:00 EAT. Reply STOP.")).toMatchObject({
      encoding: 'GSM-7',
      segments: 1,
    });
  });

  it('counts extension characters (€ [ ] { } ^ ~ | \\) as two septets, never split across parts', () => {
    expect(smsSegments('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('€'.repeat(81))).toMatchObject({ units: 162, segments: 2 });
    // 152 plain septets, then an escape pair: it does not fit in the first part's last septet.
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toMatchObject({ units: 306, segments: 3 });
    expect(isGsm7('Ça coûte 10 €')).toBe(false); // 'û' is not in the GSM alphabet
    expect(isGsm7('Ça 10 € [demo] {x} ^~|\\ Ñ ß Ø')).toBe(true);
  });

  it('counts Amharic (Ge’ez script) in UCS-2: 70 alone, 67 per part', () => {
    const amharic = 'ሰላም'; // 3 characters
    expect(smsSegments(amharic)).toEqual({ encoding: 'UCS-2', units: 3, segments: 1, perSegment: 70 });
    expect(smsSegments('ሀ'.repeat(70))).toMatchObject({ segments: 1 });
    expect(smsSegments('ሀ'.repeat(71))).toMatchObject({ units: 71, segments: 2, perSegment: 67 });
    expect(smsSegments('ሀ'.repeat(134))).toMatchObject({ segments: 2 });
    expect(smsSegments('ሀ'.repeat(135))).toMatchObject({ segments: 3 });
    // One Ethiopic character makes the whole English text UCS-2.
    expect(smsSegments(`${'a'.repeat(100)}።`)).toMatchObject({ encoding: 'UCS-2', units: 101, segments: 2 });
    const sentence = 'ጥበብ ማስታወሻ፦ ትምህርትዎ በ1 ሰዓት ውስጥ ይጀምራል።';
    expect(smsSegments(sentence)).toMatchObject({ encoding: 'UCS-2', units: sentence.length, segments: 1 });
  });

  it('keeps a surrogate pair (an emoji) whole: two units, never split', () => {
    expect(smsSegments('🙂')).toMatchObject({ encoding: 'UCS-2', units: 2, segments: 1 });
    // 66 units, then a pair that would straddle the 67-unit boundary.
    expect(smsSegments(`${'ሀ'.repeat(66)}🙂${'ሀ'.repeat(66)}`)).toMatchObject({ units: 134, segments: 3 });
  });
});
