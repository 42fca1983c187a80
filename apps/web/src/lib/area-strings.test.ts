import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadAreaStrings, namespaces } from './i18n.ts';

const areas = [
  'family',
  'tutor',
  'admin',
  'admin-extra',
  'messages',
  'applications',
  'earnings',
  'admin-ledger',
];
/** Error texts by code: fetched right after the first render, not before it. */
const later = ['errors'];

describe('Amharic strings on a visit that starts in Amharic', () => {
  it("load the public pages' namespaces before the first render, and the areas' only with an area", async () => {
    for (const ns of namespaces) i18n.removeResourceBundle('am', ns);

    await initI18n('am');
    for (const ns of namespaces.filter((n) => !areas.includes(n) && !later.includes(n))) {
      expect(i18n.hasResourceBundle('am', ns), ns).toBe(true);
    }
    for (const ns of areas) expect(i18n.hasResourceBundle('am', ns), ns).toBe(false);
    expect(i18n.t('Home', { ns: 'common' })).toBe('መነሻ');
    await expect.poll(() => i18n.hasResourceBundle('am', 'errors')).toBe(true);

    await loadAreaStrings();
    for (const ns of areas) expect(i18n.hasResourceBundle('am', ns), ns).toBe(true);
  });

  it('fetch nothing more for an area in English', async () => {
    for (const ns of namespaces) i18n.removeResourceBundle('am', ns);
    await loadAreaStrings();
    for (const ns of areas) expect(i18n.hasResourceBundle('am', ns), ns).toBe(false);
  });
});
