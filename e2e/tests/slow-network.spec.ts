import { expect, test, type Browser, type Response } from '@playwright/test';

/**
 * Light on slow networks (issue 18 item 6): each page's first content within 3 s on a 400 kbit/s link with
 * 400 ms latency, in English and in Amharic, from a cold cache, and then usable (its main heading shown).
 * The throttling is Chromium's own (CDP Network.emulateNetworkConditions), applied before the first request.
 */
const KBIT = 1000 / 8; // bytes per second in one kbit/s
const SLOW_LINK = {
  offline: false,
  latency: 400,
  downloadThroughput: 400 * KBIT,
  uploadThroughput: 400 * KBIT,
};
const FCP_BUDGET_MS = 3000;

const pages = [
  { path: '/', name: 'home' },
  { path: '/tutors', name: 'tutor directory' },
  { path: '/booking/form', name: 'booking wizard' },
  { path: '/booking/form?subject=mathematics', name: 'booking wizard by subject' },
] as const;

type Load = { fcp: number; heading: number; ethiopicFont: boolean; amharicText: string[] };

// The only Ethiopic text English pages may carry: the language switch's own 'አማርኛ' and the Ethiopic comma.
const ETHIOPIC = /[\u1200-\u139F\u2D80-\u2DDF\uAB00-\uAB2F]+/g;
const allowedInEnglish = new Set(['አማርኛ', '፣']);

/** One cold, throttled load of `path` in a fresh context: first contentful paint, and when the h1 showed. */
async function throttledLoad(browser: Browser, path: string, language: 'en' | 'am'): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((lang) => localStorage.setItem('tibeb.language', lang), language);
  // The choice as the web app also remembers it for the server, which renders the page in it (issue 28).
  await context.addCookies([
    { name: 'tibeb.language', value: language, url: test.info().project.use.baseURL! },
  ]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  let ethiopicFont = false;
  page.on('request', (r) => {
    if (r.url().includes('noto-sans-ethiopic')) ethiopicFont = true;
  });

  await page.goto(path, { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const timings = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return { fcp: fcp ? fcp.startTime : Number.POSITIVE_INFINITY, now: performance.now() };
  });
  // The font is asked for once Ethiopic text is laid out, a moment after the heading shows.
  if (language === 'am') await expect.poll(() => ethiopicFont, { timeout: 10_000 }).toBe(true);
  else await page.waitForTimeout(1000);
  const scripts = responses.filter((r) => new URL(r.url()).pathname.endsWith('.js'));
  const amharicText = new Set<string>();
  for (const r of scripts) {
    for (const run of (await r.text()).match(ETHIOPIC) ?? []) {
      if (!allowedInEnglish.has(run)) amharicText.add(run);
    }
  }
  await context.close();
  return {
    fcp: Math.round(timings.fcp),
    heading: Math.round(timings.now),
    ethiopicFont,
    amharicText: [...amharicText],
  };
}

test.describe('on a 400 kbit/s link with 400 ms latency', () => {
  // Throttled loads are slow by design; each test loads one page twice over.
  test.describe.configure({ timeout: 90_000 });

  for (const { path, name } of pages) {
    test(`the ${name} (${path}) paints its first content within 3 s, in English and in Amharic`, async ({
      browser,
    }) => {
      const english = await throttledLoad(browser, path, 'en');
      const amharic = await throttledLoad(browser, path, 'am');
      test.info().annotations.push({
        type: 'timings',
        description: `${path}: FCP en ${english.fcp} ms, am ${amharic.fcp} ms; h1 shown by en ${english.heading} ms, am ${amharic.heading} ms`,
      });
      console.log(
        `${path.padEnd(34)} FCP en ${String(english.fcp).padStart(5)} ms  am ${String(amharic.fcp).padStart(5)} ms` +
          `   h1 by en ${String(english.heading).padStart(5)} ms  am ${String(amharic.heading).padStart(5)} ms`,
      );

      expect(english.fcp).toBeLessThan(FCP_BUDGET_MS);
      expect(amharic.fcp).toBeLessThan(FCP_BUDGET_MS);
      // English downloads neither the Amharic strings nor the Ethiopic font; Amharic downloads both.
      expect(english.amharicText).toEqual([]);
      expect(english.ethiopicFont).toBe(false);
      expect(amharic.amharicText.length).toBeGreaterThan(0);
      expect(amharic.ethiopicFont).toBe(true);
    });
  }
});
