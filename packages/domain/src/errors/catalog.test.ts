import { describe, expect, it } from 'vitest';
import { lifecycleMessages } from '../bookings/lifecycle-messages.ts';
import { bookingMessages } from '../bookings/messages.ts';
import { isErrorCode } from '../shared/error-codes.ts';
import { errorCatalog } from './catalog.ts';

describe('the error catalog', () => {
  it('gives each code one text, in snake_case, with the placeholders it names', () => {
    const byCode = new Map<string, string>();
    for (const entry of errorCatalog) {
      expect(isErrorCode(entry.code), entry.code).toBe(true);
      const seen = byCode.get(entry.code);
      if (seen !== undefined) expect(entry.template, `two texts for ${entry.code}`).toBe(seen);
      byCode.set(entry.code, entry.template);
      const placeholders = [...entry.template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
      expect(placeholders.sort(), entry.code).toEqual([...entry.params].sort());
    }
  });

  it('codes the spec’s and the lifecycle’s answers by name', () => {
    const code = (template: string) => errorCatalog.find((e) => e.template === template)?.code;
    expect(code(bookingMessages.slotTaken)).toBe('slot_taken');
    expect(code(lifecycleMessages.sessionNotFound)).toBe('session_not_found');
    expect(errorCatalog.find((e) => e.code === 'inside_notice')).toEqual({
      code: 'inside_notice',
      template: lifecycleMessages.insideNotice(Number.NaN).replace('NaN', '{{hours}}'),
      params: ['hours'],
    });
  });
});
