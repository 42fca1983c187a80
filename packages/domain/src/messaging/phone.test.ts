import { describe, expect, it } from 'vitest';
import { toE164 } from './phone.ts';

describe('phone numbers for SMS and WhatsApp (E.164)', () => {
  it('reads Ethiopian mobiles without a country code', () => {
    expect(toE164('0911 23 45 67')).toBe('+251911234567');
    expect(toE164('0711-234567')).toBe('+251711234567');
    expect(toE164('911234567')).toBe('+251911234567');
    expect(toE164('251911234567')).toBe('+251911234567');
  });
  it('keeps international numbers, with + or 00', () => {
    expect(toE164('+1 (202) 555-0143')).toBe('+12025550143');
    expect(toE164('0044 20 7946 0958')).toBe('+442079460958');
    expect(toE164('+251911234567')).toBe('+251911234567');
  });
  it('refuses what cannot be a mobile number', () => {
    expect(toE164('')).toBeNull();
    expect(toE164('011 551 2345')).toBeNull(); // an Addis landline gets no SMS
    expect(toE164('12345')).toBeNull();
    expect(toE164('+0123456789')).toBeNull();
    expect(toE164('call me')).toBeNull();
  });
});
