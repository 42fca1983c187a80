import { describe, expect, it } from 'vitest';
import { englishText, template, translateMessage, type Translate } from './translate-message.ts';

const tooSoon = (hours: number) => `Please pick a time at least ${hours} hours from now.`;
const amharic: Record<string, string> = {
  'Tutor not found.': 'አስጠኚው አልተገኘም።',
  'Please pick a time at least {{hours}} hours from now.': 'እባክዎ ከአሁን ቢያንስ {{hours}} ሰዓት በኋላ ያለ ሰዓት ይምረጡ።',
  '{{time}} on {{day}} is not free.': '{{day}} {{time}} ክፍት አይደለም።',
  Monday: 'ሰኞ',
};
const notFree = (day: string, time: string) => `${time} on ${day} is not free.`;
const am: Translate = (key, options) => englishText(amharic[key] ?? key, options);

describe('translateMessage', () => {
  it('translates a known message, and a message a template fills with its values', () => {
    expect(translateMessage(am, 'Tutor not found.')).toBe('አስጠኚው አልተገኘም።');
    expect(translateMessage(am, tooSoon(2), [template(tooSoon, 'hours')])).toBe(
      'እባክዎ ከአሁን ቢያንስ 2 ሰዓት በኋላ ያለ ሰዓት ይምረጡ።',
    );
  });

  it('translates the values a template carried when they are keys', () => {
    expect(translateMessage(am, notFree('Monday', '16:00'), [template(notFree, 'day', 'time')])).toBe(
      'ሰኞ 16:00 ክፍት አይደለም።',
    );
  });

  it('leaves an unknown message as written, and English unchanged', () => {
    expect(translateMessage(am, 'Something new.', [template(tooSoon, 'hours')])).toBe('Something new.');
    expect(translateMessage(englishText, tooSoon(12), [template(tooSoon, 'hours')])).toBe(tooSoon(12));
  });
});
