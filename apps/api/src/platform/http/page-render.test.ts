import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { AppInstance } from './app-instance.ts';
import { PublicCache, sharedPreparedBytes } from '../cache/public-cache.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/harness.ts';
import {
  recentRenders,
  RENDERED_PAGES_MAX_BYTES,
  renderedBytes,
  visitorLanguage,
  type RenderResult,
} from './page-render.ts';
import type { FastifyRequest } from 'fastify';

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <title>Tibeb Tutoring — Online tutors from Ethiopia</title>
    <meta name="description" content="Site default description." />
  </head>
  <body>
    <div id="root">
      <div class="shell"><span>spinner</span></div>
    </div>
  </body>
</html>`;

/**
 * A stand-in for the web build's renderer (apps/web/src/entry-server.tsx has the same two functions): it reads
 * the public settings through the transport it is given, as a page's queries do, and counts its renders.
 */
const fakeRenderer = `
let transport;
globalThis.tibebRenders = 0;
export async function setup(next) { transport = next; }
export async function render(url, language, origin) {
  globalThis.tibebRenders += 1;
  const path = new URL(url, origin).pathname;
  if (path === '/old') return { kind: 'redirect', status: 301, location: '/new' };
  if (path === '/broken') throw new Error('render failed');
  const answer = await transport('/api/settings/public/');
  const settings = await answer.json();
  const missing = path === '/missing';
  return {
    kind: 'page',
    status: missing ? 404 : 200,
    html: '<main><h1>' + (missing ? 'Page not found' : 'Rendered ' + path) + '</h1><p>settings ' + answer.status + ' ' + typeof settings + '</p><!-- render ' + globalThis.tibebRenders + ' --></main>',
    head: missing ? null : {
      title: 'Abebe Kebede — Mathematics tutor',
      description: 'Patient <maths> tutor',
      canonical: '/tutors/1-abebe-kebede',
      type: 'profile',
      jsonLd: { '@type': 'Person', name: '</script><script>alert(1)</script>' },
    },
    state: { language, queries: { queries: [], mutations: [] } },
  };
}
`;

describe('public pages rendered on the server (issue 28)', () => {
  let database: TestDatabase;
  let app: AppInstance;
  let webDist: string;
  const renders = () => (globalThis as unknown as { tibebRenders: number }).tibebRenders;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tibeb-ssr-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml);
    fs.mkdirSync(path.join(webDist, '.server'));
    fs.writeFileSync(path.join(webDist, '.server', 'entry-server.js'), fakeRenderer);
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ webDist, publicUrl: 'https://tibeb.example' }),
      database,
      serveWeb: true,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it("sends the page's markup in place of the app shell, its head, and the state the browser hydrates with", async () => {
    const res = await app.inject({ method: 'GET', url: '/tutors/1-abebe-kebede' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers.vary).toContain('Cookie, Accept-Language');
    const html = res.body;
    expect(html).toContain('<div id="root"><main><h1>Rendered /tutors/1-abebe-kebede</h1>');
    expect(html).not.toContain('spinner');
    // The page's reads were answered by the API in this process.
    expect(html).toContain('settings 200 object');
    expect(html).toContain('<title>Abebe Kebede — Mathematics tutor | Tibeb Tutoring</title>');
    expect(html).toContain('<meta name="description" content="Patient &lt;maths&gt; tutor" />');
    expect(html).toContain('<link rel="canonical" href="https://tibeb.example/tutors/1-abebe-kebede" />');
    expect(html).toContain('<meta property="og:type" content="profile" />');
    // Structured data cannot close its element.
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(jsonLd).toBeDefined();
    expect(jsonLd).not.toContain('</script');
    expect(JSON.parse(jsonLd!)).toEqual({ '@type': 'Person', name: '</script><script>alert(1)</script>' });
    // A data block, not a script: the CSP runs no inline script.
    const state = /<script type="application\/json" id="tibeb-ssr-state">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(state!)).toEqual({ language: 'en', queries: { queries: [], mutations: [] } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it("renders in the visitor's language: the language cookie first, then Accept-Language", async () => {
    const lang = async (headers: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url: '/about', headers });
      return /<html lang="(\w+)"/.exec(res.body)?.[1];
    };
    expect(await lang({})).toBe('en');
    expect(await lang({ 'accept-language': 'am-ET,am;q=0.9,en;q=0.8' })).toBe('am');
    expect(await lang({ 'accept-language': 'en-US,am;q=0.5' })).toBe('en');
    expect(await lang({ cookie: 'other=1; tibeb.language=am', 'accept-language': 'en' })).toBe('am');
    expect(await lang({ cookie: 'tibeb.language=en', 'accept-language': 'am' })).toBe('en');
    expect(await lang({ cookie: 'tibeb.language=xx', 'accept-language': 'fr, am;q=0.1' })).toBe('am');
  });

  it('answers an unknown address with the 404 page and status, and follows a redirect the router asks for', async () => {
    const missing = await app.inject({ method: 'GET', url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>Page not found</h1>');
    const moved = await app.inject({ method: 'GET', url: '/old' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/new');
  });

  it('leaves the signed-in areas to the browser, and never sends the renderer itself', async () => {
    for (const url of ['/admin', '/admin/payments', '/tutor', '/tutor/schedule', '/student/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('spinner');
      expect(res.body, url).not.toContain('tibeb-ssr-state');
    }
    const tutors = await app.inject({ method: 'GET', url: '/tutors' });
    expect(tutors.body).toContain('Rendered /tutors');
    const bundle = await app.inject({ method: 'GET', url: '/.server/entry-server.js' });
    expect(bundle.body).not.toContain('globalThis.tibebRenders');
  });

  it('sends the page the browser renders when the server render fails', async () => {
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('spinner');
  });

  it('sends a page rendered a moment ago again, until a public read changes', async () => {
    const first = await app.inject({ method: 'GET', url: '/faq?x=1' });
    const before = renders();
    const again = await app.inject({ method: 'GET', url: '/faq?x=1' });
    expect(renders()).toBe(before);
    expect(again.headers.etag).toBe(first.headers.etag);
    const amharic = await app.inject({
      method: 'GET',
      url: '/faq?x=1',
      headers: { cookie: 'tibeb.language=am' },
    });
    expect(renders()).toBe(before + 1);
    expect(amharic.body).toContain('<html lang="am"');
    new PublicCache(1_000, { name: 'page-render-test' }).invalidate('anything');
    await app.inject({ method: 'GET', url: '/faq?x=1' });
    expect(renders()).toBe(before + 2);
    // A write this instance answered (a newsletter sign-up here; a comment or a booking alike).
    const write = await app.inject({
      method: 'POST',
      url: '/api/newsletter/',
      payload: { email: 'page-render@example.com' },
    });
    expect(write.statusCode).toBeLessThan(400);
    await app.inject({ method: 'GET', url: '/faq?x=1' });
    expect(renders()).toBe(before + 3);
  });

  it("keeps a rendered page's prepared forms with the render, not among the shared prepared bodies", async () => {
    const shared = sharedPreparedBytes();
    for (let i = 0; i < 5; i++) {
      // Each render is a new page text (as a page's data carry when they were read).
      new PublicCache(1_000, { name: 'page-render-test' }).invalidate('anything');
      const res = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<h1>Rendered /about</h1>');
    }
    expect(sharedPreparedBytes()).toBe(shared);
  });
});

describe('what a render leaves behind (decision 280)', () => {
  const page = (text: string): RenderResult => ({
    kind: 'page',
    status: 200,
    html: `<main>${text}</main>`,
    head: null,
    state: { language: 'en', queries: {} },
  });

  it('lets go of the renders of an earlier version at once, and keeps no render a change overtook', () => {
    const recent = recentRenders();
    const first = page('first');
    expect(recent.get('1.0', 'en /faq')).toBeUndefined();
    recent.set('1.0', 'en /faq', first);
    recent.set('1.0', 'en /about', page('about'));
    expect(recent.get('1.0', 'en /faq')).toBe(first);
    expect(recent.size).toBe(2);
    // Asked for under a newer version: the earlier renders can never be sent again.
    expect(recent.get('1.1', 'en /faq')).toBeUndefined();
    expect(recent.size).toBe(0);
    // A render that began before the change and ended after it is not kept.
    recent.set('1.0', 'en /faq', first);
    expect(recent.size).toBe(0);
    recent.set('1.1', 'en /faq', page('second'));
    expect(recent.size).toBe(1);
  });
});

describe('visitorLanguage', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
  it('reads quality values and ignores languages it does not offer', () => {
    expect(visitorLanguage(request({ 'accept-language': 'fr;q=1, am;q=0.2, en;q=0.1' }))).toBe('am');
    expect(visitorLanguage(request({ 'accept-language': 'am;q=0, en' }))).toBe('en');
    expect(visitorLanguage(request({ 'accept-language': 'de' }))).toBe('en');
    expect(visitorLanguage(request({ 'accept-language': 'x'.repeat(5000) }))).toBe('en');
  });
});

describe('rendered pages kept within their byte budget (decision 246)', () => {
  it("counts a page's data as well as its markup, two bytes a character", () => {
    const tutors = Array.from({ length: 50 }, (_, i) => ({
      id: i,
      full_name: `ተማሪ አበበ ${i}`,
      bio: 'መምህር '.repeat(150),
    }));
    const state = { language: 'am' as const, queries: { queries: [{ state: { data: tutors } }] } };
    const page = {
      kind: 'page' as const,
      status: 200,
      html: `<main>${'<p>ገጽ</p>'.repeat(6_000)}</main>`,
      head: null,
      state,
    };
    expect(renderedBytes(page)).toBeGreaterThanOrEqual(2 * JSON.stringify(state).length);
    // About 50–100 such pages fit: the pages visited within 5 s, not every page a crawler walks.
    expect(RENDERED_PAGES_MAX_BYTES / renderedBytes(page)).toBeGreaterThan(50);
  });
});
