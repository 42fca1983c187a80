import { describe, expect, it } from 'vitest';
import { errorCatalog } from '@tibeb/domain/errors/catalog';
import errorsJson from '../locales/am/errors.json';
import { ApiError } from './api-client.ts';
import {
  ERRORS_NS,
  englishText,
  problemOf,
  template,
  translateAnswer,
  translateError,
  translateFieldError,
  translateMessage,
  type Translate,
} from './translate-message.ts';

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

describe('translateError (issue 26)', () => {
  const errorsAm: Record<string, string> = {
    inside_notice: 'ክፍለ ጊዜዎች ከመጀመራቸው {{hours}} ሰዓት በፊት ድረስ ሊዘዋወሩ ይችላሉ።',
    not_movable: 'ይህ ክፍለ ጊዜ ሊዘዋወር አይችልም፦ {{status}} ነው።',
    'no show': 'ያልተገኘ',
  };
  // i18next's t for the 'errors' namespace: the key's Amharic, else the default value (the answer's detail).
  const t: Translate = (key, options) => {
    const entry = options?.ns === ERRORS_NS ? errorsAm[key] : amharic[key];
    return englishText(entry ?? String(options?.defaultValue ?? key), options);
  };

  it('translates an answer by its code and values, never by its English detail', () => {
    const detail =
      'Sessions can be moved up to 24 hours before they start. Please contact us to change this one.';
    expect(translateError(t, { message: detail, code: 'inside_notice', params: { hours: 24 } })).toBe(
      'ክፍለ ጊዜዎች ከመጀመራቸው 24 ሰዓት በፊት ድረስ ሊዘዋወሩ ይችላሉ።',
    );
    // A value that is a key of the namespace is translated too.
    expect(
      translateError(t, {
        message: 'This session cannot be moved: it is no show.',
        code: 'not_movable',
        params: { status: 'no show' },
      }),
    ).toBe('ይህ ክፍለ ጊዜ ሊዘዋወር አይችልም፦ ያልተገኘ ነው።');
    // The same English text under another code is not translated as the first one.
    expect(translateError(t, { message: detail, code: 'something_else' })).toBe(detail);
  });

  it('falls back to the detail for an unknown code or none, and in English', () => {
    expect(translateError(t, { message: 'No such widget.', code: 'widget_missing' })).toBe('No such widget.');
    expect(translateError(t, { message: 'Tutor not found.' })).toBe('Tutor not found.');
    expect(translateMessage(t, { message: 'Odd.', code: 'odd' })).toBe('Odd.');
    const english: Translate = (key, options) => englishText(String(options?.defaultValue ?? key), options);
    expect(translateError(english, { message: 'Slot gone.', code: 'slot_taken' })).toBe('Slot gone.');
  });

  it('reads the code and values of an ApiError', () => {
    const error = new ApiError(409, 'x', {
      detail: 'x',
      code: 'inside_notice',
      params: { hours: 48, bad: {} },
    });
    expect(error.code).toBe('inside_notice');
    expect(error.params).toEqual({ hours: 48 });
    expect(translateMessage(t, error)).toBe('ክፍለ ጊዜዎች ከመጀመራቸው 48 ሰዓት በፊት ድረስ ሊዘዋወሩ ይችላሉ።');
    expect(new ApiError(500, 'Request failed with status 500', 'oops').code).toBeUndefined();
  });

  it('shows a failed request by its answer’s code, a field’s own message first, and leaves no answer to the screen', () => {
    const refused = new ApiError(400, 'Too soon, sorry.', {
      detail: 'Too soon, sorry.',
      code: 'inside_notice',
      params: { hours: 12 },
      errors: { note: ['Tutor not found.'] },
    });
    expect(translateAnswer(t, refused)).toBe('ክፍለ ጊዜዎች ከመጀመራቸው 12 ሰዓት በፊት ድረስ ሊዘዋወሩ ይችላሉ።');
    expect(translateAnswer(t, refused, 'note')).toBe('አስጠኚው አልተገኘም።');
    expect(translateAnswer(t, refused, 'date')).toBe('ክፍለ ጊዜዎች ከመጀመራቸው 12 ሰዓት በፊት ድረስ ሊዘዋወሩ ይችላሉ።');
    expect(translateAnswer(t, new TypeError('Failed to fetch'))).toBeNull();
    expect(problemOf(refused, 'Tutor not found.')).toBe(refused);
    expect(translateMessage(t, problemOf(new TypeError('Failed to fetch'), 'Tutor not found.'))).toBe(
      'አስጠኚው አልተገኘም።',
    );
  });
});

describe('field errors by code (issue 31 item 3)', () => {
  const errorsAm: Record<string, string> = {
    field_too_long: 'እባክዎ ከ{{maximum}} ቁምፊዎች አይበልጡ።',
    time_order: 'መጨረሻው ከመጀመሪያው በኋላ መሆን አለበት።',
  };
  const t: Translate = (key, options) => {
    const entry = options?.ns === ERRORS_NS ? errorsAm[key] : amharic[key];
    return englishText(entry ?? String(options?.defaultValue ?? key), options);
  };
  const refused = new ApiError(400, 'x', {
    detail: 'x',
    code: 'invalid_input',
    errors: {
      bio: ['Please enter at most 4000 characters.'],
      'sun.0.end': ['The end must be after the start.'],
      'sun.0.start': ['The end must be after the start.'],
      note: ['Tutor not found.'],
    },
    field_codes: {
      bio: [{ code: 'field_too_long', params: { maximum: 4000 } }],
      'sun.0.end': [{ code: 'time_order' }],
      'sun.0.start': [{ code: 'time_order' }],
      note: [{ code: 'invalid_value' }],
    },
  });

  it('reads each field error with its code and values', () => {
    expect(refused.fieldProblems.bio).toEqual([
      { message: 'Please enter at most 4000 characters.', code: 'field_too_long', params: { maximum: 4000 } },
    ]);
    // An answer without codes (an older server, a proxy) keeps the texts.
    const plain = new ApiError(400, 'x', { errors: { bio: ['Too long.'] } });
    expect(plain.fieldProblems.bio).toEqual([{ message: 'Too long.', code: undefined, params: undefined }]);
  });

  it('translates a field error by its code and values; the thrower’s own words as a key of the screen', () => {
    expect(translateFieldError(t, refused, 'bio')).toBe('እባክዎ ከ4000 ቁምፊዎች አይበልጡ።');
    expect(translateFieldError(t, refused, 'note')).toBe('አስጠኚው አልተገኘም።');
    expect(translateFieldError(t, refused, 'email')).toBeUndefined();
    expect(translateFieldError(t, new TypeError('Failed to fetch'), 'bio')).toBeUndefined();
  });

  it('gathers the errors under a row once, never showing the path', () => {
    expect(translateFieldError(t, refused, 'sun.0.')).toBe('መጨረሻው ከመጀመሪያው በኋላ መሆን አለበት።');
    expect(translateFieldError(t, refused, 'sun.1.')).toBeUndefined();
  });
});

describe('locales/am/errors.json', () => {
  const file: Record<string, string> = errorsJson;
  const byCode = new Map(errorCatalog.map((e) => [e.code, e]));
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

  it('has a code of the domain’s catalog, or a value a message carries, for every key, with its placeholders', () => {
    for (const [key, value] of Object.entries(file)) {
      expect(value.trim(), key).not.toBe('');
      const entry = byCode.get(key);
      if (entry) expect(placeholders(value), key).toEqual([...entry.params].sort());
      else expect(key, 'neither a code nor a value').toMatch(/^[A-Z]?[a-z ]+$/);
    }
  });

  it('translates every code of the domain’s catalog (an answer shows in Amharic whatever its text)', () => {
    const missing = [...byCode.keys()].filter((code) => !file[code]?.trim());
    expect(missing).toEqual([]);
  });
});
