// The weak link of DESIGN §4 "What a family on a weak phone gets" (issue 28): Debian's Chromium through
// playwright-core, the DevTools protocol's network emulation at 400 kbit/s down and up with 400 ms latency, cache
// disabled and a fresh browser context (no cache, cookies or connections) for every load. For each page, in English
// and in Amharic: when the main heading is painted and when the first tutor card is, from the navigation's start;
// the bytes that came over the wire until the heading and until the network fell idle; and whether the heading was
// in the HTML the server sent first (server-rendered) or was made later by the app's JavaScript. The median of
// BENCH_RUNS loads (3) is printed against DESIGN §4: heading within 2.0 s, first card within 2.5 s.
/* global window, document, matchMedia, getComputedStyle, MutationObserver, requestAnimationFrame -- the code that runs in the page */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, devices } from 'playwright-core';
import { root } from './bench-web-product.mjs';

export const HEADING_BUDGET_MS = 2000;
export const CARD_BUDGET_MS = 2500;
/** 400 kbit/s each way in bytes per second, 400 ms added to every request (the DevTools protocol's units). */
export const LINK = { latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };
/** A directory card (features/tutors/components/tutor-card.tsx): an article carrying the tutor's rating badge. */
export const CARD_SELECTOR = 'article:has([data-testid="rating-badge"])';
/** The browser flags the brief and e2e use. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** No request in flight for this long after the load event: the network is idle. */
const IDLE_MS = 1000;
/** A load that has not settled by then is cut off (its figures are what it reached). */
const LOAD_LIMIT_MS = 90_000;
/** A phone's screen (Pixel 7's size and density), touch; the browser's own user agent. */
const pixel = devices['Pixel 7'];
const PHONE = {
  viewport: pixel.viewport,
  screen: pixel.screen,
  deviceScaleFactor: pixel.deviceScaleFactor,
  isMobile: pixel.isMobile,
  hasTouch: pixel.hasTouch,
};

/** The not-found page's heading in both languages: a tutor page that shows it does not exist yet (a soft 404). */
function notFoundHeadings() {
  const texts = new Set(['Page not found']);
  try {
    const am = JSON.parse(fs.readFileSync(path.join(root, 'apps/web/src/locales/am/public.json'), 'utf8'));
    if (am['Page not found']) texts.add(am['Page not found']);
  } catch {
    // no Amharic strings: English only
  }
  return texts;
}

/**
 * Runs in the page before any of its own code. A MutationObserver notes when a non-empty h1 (and a card) enter
 * the DOM; a requestAnimationFrame poll notes the first frame that can paint them: the element has a box, is not
 * hidden, and every stylesheet in the head has loaded (until then the page cannot render). Times are
 * performance.now(), from the navigation's start.
 */
function pageProbe(cardSelector) {
  if (window.top !== window) return;
  const marks = {
    heading: null,
    headingText: null,
    headingInDom: null,
    card: null,
    cardInDom: null,
    fcp: null,
  };
  Object.defineProperty(window, '__benchMarks', { value: marks });
  const text = (el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  const stylesLoaded = () =>
    [...document.querySelectorAll('head link[rel~="stylesheet"]')].every(
      (link) => link.sheet !== null || link.disabled || (link.media && !matchMedia(link.media).matches),
    );
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  new MutationObserver(() => {
    const now = performance.now();
    if (marks.headingInDom === null && [...document.querySelectorAll('h1')].some((h) => text(h)))
      marks.headingInDom = now;
    if (marks.cardInDom === null && document.querySelector(cardSelector)) marks.cardInDom = now;
  }).observe(document, { childList: true, subtree: true, characterData: true });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'first-contentful-paint') marks.fcp ??= entry.startTime;
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // no paint timing: the frame poll alone
  }
  const frame = () => {
    const now = performance.now();
    if (stylesLoaded()) {
      if (marks.heading === null) {
        const heading = [...document.querySelectorAll('h1')].find((h) => text(h) && shown(h));
        if (heading) {
          marks.heading = now;
          marks.headingText = text(heading);
        }
      }
      if (marks.card === null) {
        const card = document.querySelector(cardSelector);
        if (card && shown(card)) marks.card = now;
      }
    }
    if ((marks.heading === null || marks.card === null) && now < 120_000) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** The first h1 with text in an HTML document, as text, or null. */
function headingInHtml(html) {
  for (const m of html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/gi)) {
    const text = m[1]
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, '')
      .replace(/&[a-z#0-9]+;/gi, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (text) return text;
  }
  return null;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Launches Chromium as e2e does. */
export function launchBrowser() {
  return chromium.launch({ executablePath: chromePath, headless: true, args: CHROMIUM_ARGS });
}

/** A fresh context in the language: Amharic as the product remembers it (cookie and localStorage) and asks for it. */
async function newContext(browser, base, language) {
  const context = await browser.newContext({
    ...PHONE,
    ...(language === 'am' ? { extraHTTPHeaders: { 'Accept-Language': 'am' } } : {}),
  });
  if (language === 'am') {
    await context.addCookies([{ name: 'tibeb.language', value: 'am', url: base }]);
    await context.addInitScript(() => {
      try {
        localStorage.setItem('tibeb.language', 'am');
      } catch {
        // storage unavailable: the cookie and Accept-Language still say it
      }
    });
  }
  return context;
}

/** One cold load of `url` over the weak link. */
async function loadOnce(browser, base, url, language, { cpuSlowdown = 1 } = {}) {
  const context = await newContext(browser, base, language);
  try {
    await context.addInitScript(pageProbe, CARD_SELECTOR);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
    if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });

    let t0 = null; // the document request's monotonic time (s): the navigation's start on CDP's clock
    const ms = (timestamp) => (t0 === null ? 0 : (timestamp - t0) * 1000);
    const inflight = new Set();
    /**
     * Per request: when its headers came and their bytes, its body's chunks (decoded length: Chromium reports the
     * encoded length only when the request finishes), when it finished and its bytes over the wire in all.
     */
    const requests = new Map();
    let lastActivity = Date.now();
    let loaded = false;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.startsWith('data:')) return;
      if (t0 === null && e.type === 'Document') t0 = e.timestamp;
      inflight.add(e.requestId);
      if (!requests.has(e.requestId)) requests.set(e.requestId, { chunks: [], script: e.type === 'Script' });
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { headersAt: ms(e.timestamp), headerBytes: e.response.encodedDataLength ?? 0 });
    });
    cdp.on('Network.dataReceived', (e) => {
      requests.get(e.requestId)?.chunks.push({ at: ms(e.timestamp), length: e.dataLength });
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (!inflight.delete(e.requestId)) return;
      Object.assign(requests.get(e.requestId), { at: ms(e.timestamp), bytes: e.encodedDataLength });
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFailed', (e) => {
      inflight.delete(e.requestId);
      lastActivity = Date.now();
    });
    /** Bytes over the wire by `until` ms: finished requests whole, a body still arriving by its share received. */
    const bytesBy = (until) => {
      let total = 0;
      for (const r of requests.values()) {
        if (r.bytes === undefined) continue;
        if (r.at <= until) {
          total += r.bytes;
          continue;
        }
        if (r.headersAt === undefined || r.headersAt > until) continue;
        const body = r.chunks.reduce((n, c) => n + c.length, 0);
        const arrived = r.chunks.filter((c) => c.at <= until).reduce((n, c) => n + c.length, 0);
        total += r.headerBytes + (body ? ((r.bytes - r.headerBytes) * arrived) / body : 0);
      }
      return Math.round(total);
    };
    page.on('load', () => {
      loaded = true;
    });

    const started = Date.now();
    const response = await page.goto(url, { waitUntil: 'commit', timeout: LOAD_LIMIT_MS });
    const status = response?.status() ?? 0;
    let marks = null;
    for (;;) {
      await sleep(200);
      marks = (await page.evaluate(() => window.__benchMarks ?? null).catch(() => null)) ?? marks;
      const idleFor = Date.now() - lastActivity;
      const idle = loaded && inflight.size === 0 && idleFor >= IDLE_MS;
      if (idle && marks?.heading != null) break;
      // Idle without a heading: give the page's code a few more seconds, then stop.
      if (idle && idleFor >= 5000) break;
      // The not-found page sends the visitor home after 5 s: its figures are in by then.
      if (status === 404 && marks?.heading != null) break;
      if (Date.now() - started > LOAD_LIMIT_MS) break;
    }
    let html = '';
    try {
      html = (await response?.text()) ?? '';
    } catch {
      // the body is gone from the browser's memory: ask again, outside the measurement
      html = await (
        await fetch(url, {
          headers: language === 'am' ? { cookie: 'tibeb.language=am', 'accept-language': 'am' } : {},
        })
      ).text();
    }
    // The paint can come no earlier than the page's first contentful paint.
    const paintAt = (at) => (at == null ? null : Math.max(at, marks?.fcp ?? 0));
    const heading = paintAt(marks?.heading);
    const done = [...requests.values()].filter((r) => r.bytes !== undefined);
    return {
      status,
      finalUrl: page.url(),
      heading,
      headingText: marks?.headingText ?? null,
      headingInDom: marks?.headingInDom ?? null,
      card: paintAt(marks?.card),
      bytesToHeading: heading == null ? null : bytesBy(heading),
      bytesTotal: done.reduce((n, r) => n + r.bytes, 0),
      requests: done.length,
      // When the last of the page's JavaScript had arrived: the app cannot answer a tap before that.
      scriptsDone: Math.max(0, ...done.filter((r) => r.script).map((r) => r.at)) || null,
      serverRendered: headingInHtml(html) !== null,
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const v = values.filter((x) => x != null).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

/**
 * The tutor page to measure: `/tutors/{id}` of the first tutor of `/api/tutors/public/` (it may redirect to the
 * address with the tutor's name). Answers { path, url, exists, why } with `exists` false while the product has
 * no tutor pages (a 404, or the app's not-found page under a 200).
 */
export async function probeTutorPage(browser, base) {
  let id;
  try {
    const answer = await (await fetch(`${base}/api/tutors/public/`)).json();
    const list = Array.isArray(answer) ? answer : (answer.results ?? []);
    id = list[0]?.id;
  } catch {
    // no list
  }
  if (id == null) return { path: '/tutors/{id}', exists: false, why: 'no published tutor' };
  const pagePath = `/tutors/${id}`;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const response = await page.goto(`${base}${pagePath}`, { waitUntil: 'load' });
    const status = response?.status() ?? 0;
    if (status === 404) return { path: pagePath, exists: false, why: '404' };
    const heading = page.locator('h1').filter({ hasText: /\S/ }).first();
    await heading.waitFor({ timeout: 30_000 }).catch(() => {});
    const text = ((await heading.textContent().catch(() => '')) ?? '').trim();
    if (notFoundHeadings().has(text)) return { path: pagePath, exists: false, why: 'the not-found page' };
    return { path: pagePath, url: page.url(), exists: true };
  } finally {
    await context.close();
  }
}

const secondsText = (ms) => (ms == null ? '—' : `${(ms / 1000).toFixed(2)} s`);
const kbText = (bytes) => (bytes == null ? '—' : `${(bytes / 1024).toFixed(1)} KB`);

/**
 * Measures every page in both languages; prints one line per page and language, and answers whether every
 * figure met its budget (pages that do not exist yet are left out).
 */
export async function weakLink(base, { runs = 3, cpuSlowdown = 1 } = {}) {
  const browser = await launchBrowser();
  const notFound = notFoundHeadings();
  const rows = [];
  try {
    const tutor = await probeTutorPage(browser, base);
    const pages = [
      { label: '/', path: '/', cards: false },
      { label: '/tutors', path: '/tutors', cards: true },
      {
        label: 'tutor page',
        // The address the tutor's own links give (after `/tutors/{id}` redirects there, if it does).
        path: tutor.exists && tutor.url ? new URL(tutor.url).pathname : tutor.path,
        cards: false,
        tutor,
      },
      { label: '/booking/form', path: '/booking/form', cards: false },
    ];
    console.log(
      `\nWeak link (DESIGN §4): ${(LINK.downloadThroughput * 8) / 1000} kbit/s down and up, ${LINK.latency} ms latency, cache disabled, a fresh browser context per load, ${PHONE.viewport.width}×${PHONE.viewport.height} phone screen${cpuSlowdown > 1 ? `, CPU ${cpuSlowdown}× slower` : ''}; median of ${runs} cold loads`,
    );
    console.log(
      `  ${'page'.padEnd(30)} ${'lang'.padEnd(4)} ${'heading'.padStart(8)} ${'1st card'.padStart(8)} ${'to heading'.padStart(11)} ${'total'.padStart(10)}  heading in first HTML    DESIGN §4 (heading ≤ ${(HEADING_BUDGET_MS / 1000).toFixed(1)} s, card ≤ ${(CARD_BUDGET_MS / 1000).toFixed(1)} s)`,
    );
    for (const p of pages) {
      for (const language of ['en', 'am']) {
        // A warm server, a cold browser: one unmeasured request so the first load does not pay the server's start.
        await fetch(`${base}${p.path}`, {
          headers: language === 'am' ? { cookie: 'tibeb.language=am', 'accept-language': 'am' } : {},
        }).catch(() => {});
        const label =
          p.tutor?.exists === false
            ? `${p.label} (${p.path})`
            : `${p.label === 'tutor page' ? p.path : p.label}`;
        if (p.tutor && !p.tutor.exists) {
          console.log(`  ${label.padEnd(30)} ${language.padEnd(4)} n/a (no tutor page yet: ${p.tutor.why})`);
          rows.push({ page: p.label, language, na: true });
          continue;
        }
        const results = [];
        for (let i = 0; i < runs; i++)
          results.push(await loadOnce(browser, base, `${base}${p.path}`, language, { cpuSlowdown }));
        const notFoundPage = results.every((r) => r.status === 404 || notFound.has(r.headingText ?? ''));
        if (notFoundPage) {
          console.log(`  ${label.padEnd(30)} ${language.padEnd(4)} n/a (the not-found page answered)`);
          rows.push({ page: p.label, language, na: true });
          continue;
        }
        const heading = median(results.map((r) => r.heading));
        const card =
          p.cards || results.some((r) => r.card != null) ? median(results.map((r) => r.card)) : null;
        const hasCards = p.cards || card != null;
        const toHeading = median(results.map((r) => r.bytesToHeading));
        const total = median(results.map((r) => r.bytesTotal));
        const ssr = results.map((r) => r.serverRendered);
        const ssrText = ssr.every(Boolean)
          ? 'yes (server-rendered)'
          : ssr.some(Boolean)
            ? 'in some loads'
            : 'no (made by the app)';
        const headingOk = heading != null && heading <= HEADING_BUDGET_MS;
        const cardOk = !hasCards || (card != null && card <= CARD_BUDGET_MS);
        const verdict = `heading ${headingOk ? 'met' : 'NOT met'}${hasCards ? `, card ${cardOk ? 'met' : 'NOT met'}` : ''}`;
        console.log(
          `  ${label.padEnd(30)} ${language.padEnd(4)} ${secondsText(heading).padStart(8)} ${(hasCards ? secondsText(card) : '—').padStart(8)} ${kbText(toHeading).padStart(11)} ${kbText(total).padStart(10)}  ${ssrText.padEnd(23)} ${verdict}`,
        );
        console.log(
          `  ${''.padEnd(30)} ${''.padEnd(4)} runs: heading ${results.map((r) => secondsText(r.heading)).join(' / ')}${hasCards ? `; card ${results.map((r) => secondsText(r.card)).join(' / ')}` : ''}; ${median(results.map((r) => r.requests))} requests; JavaScript in by ${secondsText(median(results.map((r) => r.scriptsDone)))}; h1 “${(results[0].headingText ?? '').slice(0, 40)}”${results[0].finalUrl !== `${base}${p.path}` ? `; ended at ${results[0].finalUrl.replace(base, '')}` : ''}`,
        );
        rows.push({
          page: p.label,
          language,
          heading,
          card,
          toHeading,
          total,
          ssr: ssrText,
          headingOk,
          cardOk,
          hasCards,
        });
      }
    }
    console.log(
      `  Times are from the navigation's start to the first frame that paints the element. The DevTools emulation adds the ${LINK.latency} ms once per request: a real link also spends round trips connecting (DNS, TCP, TLS: DESIGN §4's floor of about 1.5 s counts three), which this does not model.`,
    );
  } finally {
    await browser.close();
  }
  const measured = rows.filter((r) => !r.na);
  return { rows, ok: measured.every((r) => r.headingOk && r.cardOk) };
}
