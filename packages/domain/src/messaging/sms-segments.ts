/**
 * How many SMS segments a text costs (issue 18 item 4): a text made only of GSM 03.38 characters travels in the
 * 7-bit alphabet (160 characters alone, 153 per part once split, a character of the extension table costing two);
 * any other character (Ge'ez script, so every Amharic text) turns the whole message into UCS-2 (70 UTF-16 units
 * alone, 67 per part). A part never ends between an escape and its character, nor inside a surrogate pair.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export type SmsSegments = {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) of the whole text. */
  units: number;
  segments: number;
  /** Units one part may hold in this message: 160/153 (GSM-7) or 70/67 (UCS-2). */
  perSegment: number;
};

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Reached through the escape character: two septets each. */
const GSM_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export const GSM7_SINGLE = 160;
export const GSM7_PART = 153;
export const UCS2_SINGLE = 70;
export const UCS2_PART = 67;

/** Whether every character of `text` is in the GSM 7-bit alphabet (basic or extension table). */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!basic.has(ch) && !extension.has(ch)) return false;
  return true;
}

/** Parts needed when each part holds `size` units and no item (a character's units) may be split. */
function partsFor(sizes: number[], size: number): number {
  let parts = 1;
  let used = 0;
  for (const n of sizes) {
    if (used + n > size) {
      parts += 1;
      used = 0;
    }
    used += n;
  }
  return parts;
}

export function smsSegments(text: string): SmsSegments {
  const chars = [...text];
  if (isGsm7(text)) {
    const sizes = chars.map((ch) => (extension.has(ch) ? 2 : 1));
    const units = sizes.reduce((a, b) => a + b, 0);
    if (units <= GSM7_SINGLE) return { encoding: 'GSM-7', units, segments: units ? 1 : 0, perSegment: 160 };
    return { encoding: 'GSM-7', units, segments: partsFor(sizes, GSM7_PART), perSegment: GSM7_PART };
  }
  // A code point outside the Basic Multilingual Plane (an emoji) is a surrogate pair: two units.
  const sizes = chars.map((ch) => ch.length);
  const units = text.length;
  if (units <= UCS2_SINGLE) return { encoding: 'UCS-2', units, segments: 1, perSegment: UCS2_SINGLE };
  return { encoding: 'UCS-2', units, segments: partsFor(sizes, UCS2_PART), perSegment: UCS2_PART };
}
