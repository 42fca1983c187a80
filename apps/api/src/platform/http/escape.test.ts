import { describe, expect, it } from 'vitest';
import { escapeMarkup } from './escape.ts';

describe('escapeMarkup', () => {
  it('escapes the five markup characters and drops forbidden control characters', () => {
    expect(escapeMarkup(`<a href="x">Tom & Jerry's</a>\u0000\u0007`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
    expect(escapeMarkup('Addis Ababa\nአማርኛ\t😀')).toBe('Addis Ababa\nአማርኛ\t😀');
  });
});
