// The web budgets of DESIGN.md §4, "What a family on a weak phone gets", measured on the product as `npm start`
// builds and runs it (scripts/bench-web-product.mjs: the root `npm run build`, then apps/api's start script on
// the embedded database with its demo data):
// - the landing page's initial JavaScript (gzipped), and no Amharic strings in it;
// - the weak link (scripts/bench-web-weak.mjs): `/`, `/tutors`, a tutor page and `/booking/form` in Chromium at
//   400 kbit/s with 400 ms latency, cold, in English and Amharic: when the main heading and the first tutor card
//   appear, bytes over the wire, whether the heading came in the server's HTML (heading ≤ 2.0 s, card ≤ 2.5 s);
// - Lighthouse mobile on `/`, `/tutors` and a tutor page (performance, accessibility, best practices, SEO ≥ 95).
// Scores and times print met / NOT met; only the initial JavaScript's size fails the run (exit code 1).
//
//   npm run bench:web                  builds as `npm start` does, then measures all three
//   npm run bench:web -- --no-build    measures the product as last built (apps/web/dist or WEB_DIST, apps/api/dist)
//   npm run bench:web -- --sizes-only  the initial JavaScript only (no server, no browser)
//   npm run bench:web -- --weak-only   the weak link only (no sizes, no Lighthouse)
//   npm run bench:web -- --lighthouse-only  Lighthouse only (no sizes, no weak link)
//   BENCH_RUNS=5                       cold loads per page and language on the weak link (default 3; the median)
//   BENCH_CPU_SLOWDOWN=4               also slow the page's CPU down on the weak link (default 1: the link alone)
//   BENCH_LIGHTHOUSE_RUNS=3            Lighthouse runs per page (default 1); each category's median is reported, as
//                                      a busy machine moves the performance score by several points between runs
//   BENCH_LIGHTHOUSE_REPORTS=/tmp/lh   also writes each Lighthouse report (JSON) there, to see what an audit found
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildProduct, root, startCommand, startProduct } from './bench-web-product.mjs';
import { CHROMIUM_ARGS, launchBrowser, probeTutorPage, weakLink } from './bench-web-weak.mjs';

const args = new Set(process.argv.slice(2));
const known = new Set(['--no-build', '--sizes-only', '--weak-only', '--lighthouse-only']);
for (const a of args) {
  if (!known.has(a)) {
    console.error(`Unknown option ${a} (known: ${[...known].join(', ')})`);
    process.exit(2);
  }
}
const INITIAL_JS_BUDGET_KB = 100;
const SCORE_TARGET = 95;
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);
const lighthouseRuns = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1) || 1);
const cpuSlowdown = Math.max(1, Number(process.env.BENCH_CPU_SLOWDOWN ?? 1) || 1);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** index.html's entry script and its modulepreloads are what a first visit to / downloads before rendering. */
function reportSizes(dist) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1].replace(/^\//, ''));
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)].map((m) =>
    m[1].replace(/^\//, ''),
  );
  const assets = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const rows = (files) =>
    files
      .map((f) => ({ file: f, raw: fs.statSync(path.join(dist, f)).size, gz: gzipSize(path.join(dist, f)) }))
      .sort((a, b) => b.gz - a.gz);

  console.log('\nInitial JavaScript of / (entry + modulepreloads), gzipped:');
  const first = rows(initial);
  for (const r of first) console.log(`  ${kb(r.gz)} KB gz  ${kb(r.raw)} KB raw  ${r.file}`);
  const total = first.reduce((s, r) => s + r.gz, 0);
  const ok = total / 1024 <= INITIAL_JS_BUDGET_KB;
  console.log(
    `  ${kb(total)} KB gz  total — budget ${INITIAL_JS_BUDGET_KB} KB: ${ok ? 'OK' : 'OVER BUDGET'}`,
  );
  for (const r of rows(css)) console.log(`  ${kb(r.gz)} KB gz  (stylesheet) ${r.file}`);
  const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  if (inlineCss) {
    const gz = zlib.gzipSync(inlineCss, { level: 9 }).length;
    console.log(`  ${kb(gz)} KB gz  (stylesheet, inline in index.html)`);
  }

  // Issue 18: the Amharic strings load only for Amharic. The initial JavaScript may name the language in
  // itself (the switch's 'አማርኛ') and hold the Ethiopic comma dates are composed with, and no other Ethiopic text.
  const allowedEthiopic = new Set(['አማርኛ', '፣']);
  const amharic = new Set(
    initial.flatMap((f) =>
      [...fs.readFileSync(path.join(dist, f), 'utf8').matchAll(/[\u1200-\u139F\u2D80-\u2DDF\uAB00-\uAB2F]+/g)]
        .map((m) => m[0])
        .filter((run) => !allowedEthiopic.has(run)),
    ),
  );
  const noAmharic = amharic.size === 0;
  console.log(
    noAmharic
      ? '  no Amharic strings in the initial JavaScript: OK'
      : `  AMHARIC STRINGS in the initial JavaScript: ${[...amharic].slice(0, 10).join(' ')}`,
  );

  console.log('\nLazy chunks (loaded on demand), gzipped:');
  const lazy = rows(assets.map((f) => `assets/${f}`).filter((f) => !initial.includes(f)));
  for (const r of lazy) console.log(`  ${kb(r.gz)} KB gz  ${r.file}`);
  return ok && noAmharic;
}

/** Lighthouse, mobile form factor with its default (simulated) throttling, on the running product. */
async function lighthouseScores(base, tutor) {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...CHROMIUM_ARGS, '--disable-dev-shm-usage'],
  });
  let allOk = true;
  try {
    const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
    console.log(
      `\nLighthouse, mobile form factor, default (simulated) throttling; target ${SCORE_TARGET} in each:`,
    );
    console.log(`  ${'page'.padEnd(30)} ${categories.map((c) => c.padStart(15)).join('')}`);
    const pages = [
      { label: '/', url: `${base}/` },
      { label: '/tutors', url: `${base}/tutors` },
      tutor.exists
        ? {
            label: (tutor.url ?? `${base}${tutor.path}`).replace(base, ''),
            url: tutor.url ?? `${base}${tutor.path}`,
          }
        : { label: `tutor page (${tutor.path})`, na: tutor.why },
    ];
    for (const page of pages) {
      if (page.na) {
        console.log(`  ${page.label.padEnd(30)} n/a (no tutor page yet: ${page.na})`);
        continue;
      }
      const results = [];
      const failed = [];
      for (let run = 0; run < lighthouseRuns; run++) {
        const result = await lighthouse(page.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: categories,
        });
        // A run Lighthouse could not complete (NO_NAVSTART on a loaded machine) scores 0: it is no measurement.
        if (result.lhr.runtimeError) failed.push(result.lhr.runtimeError.code);
        else results.push(result);
      }
      if (failed.length) console.log(`  ${page.label.padEnd(30)} runs that failed: ${failed.join(', ')}`);
      if (results.length === 0) {
        allOk = false;
        continue;
      }
      const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
      if (reports) {
        fs.mkdirSync(reports, { recursive: true });
        const name = page.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        results.forEach((r, i) => fs.writeFileSync(path.join(reports, `${name}-${i + 1}.json`), r.report));
      }
      const scores = categories.map((c) =>
        median(results.map((r) => Math.round((r.lhr.categories[c]?.score ?? 0) * 100))),
      );
      // The audits and timings shown are those of the run whose performance score is the median.
      const byPerformance = [...results].sort(
        (a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
      );
      const result = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
      if (results.length > 1) {
        const all = results.map((r) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100));
        console.log(`  ${page.label.padEnd(30)} performance in each run: ${all.join(', ')}`);
      }
      const met = scores.every((s) => s >= SCORE_TARGET);
      if (!met) allOk = false;
      console.log(
        `  ${page.label.padEnd(30)} ${scores.map((s) => String(s).padStart(15)).join('')}   ${met ? 'met' : 'NOT met'}`,
      );
      const audits = Object.values(result.lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
        .map((a) => `${a.id} (${a.displayValue ?? Math.round(a.score * 100)})`);
      if (audits.length) console.log(`  ${''.padEnd(30)} below 90: ${audits.join(', ')}`);
      const m = result.lhr.audits;
      console.log(
        `  ${''.padEnd(30)} FCP ${m['first-contentful-paint']?.displayValue} · LCP ${m['largest-contentful-paint']?.displayValue} · TBT ${m['total-blocking-time']?.displayValue} · CLS ${m['cumulative-layout-shift']?.displayValue}`,
      );
    }
  } finally {
    await chrome.kill();
  }
  return allOk;
}

const sizesOnly = args.has('--sizes-only');
const weakOnly = args.has('--weak-only');
const lighthouseOnly = args.has('--lighthouse-only');
console.log(`Web budgets (DESIGN §4). Product: npm run build, then ${startCommand().script} (from apps/api)`);
console.log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`);
if (!args.has('--no-build')) buildProduct();
const dist = path.resolve(process.env.WEB_DIST || path.join(root, 'apps/web/dist'));
const sizesOk = weakOnly || lighthouseOnly ? null : reportSizes(dist);
let weakOk = null;
let scoresOk = null;
if (!sizesOnly) {
  const product = await startProduct();
  console.log(
    `\nThe product answers on ${product.base} (started in ${product.startMs} ms, demo data, embedded database)`,
  );
  try {
    if (!lighthouseOnly) weakOk = (await weakLink(product.base, { runs, cpuSlowdown })).ok;
    if (!weakOnly) {
      const browser = await launchBrowser();
      const tutor = await probeTutorPage(browser, product.base).finally(() => browser.close());
      scoresOk = await lighthouseScores(product.base, tutor);
    }
  } finally {
    await product.stop();
  }
}
const said = (ok) => (ok === null ? 'not run' : ok ? 'met' : 'NOT met');
console.log(
  `\nBudgets: initial JS ≤ ${INITIAL_JS_BUDGET_KB} KB gz with no Amharic strings: ${said(sizesOk)}; weak link (heading ≤ 2.0 s, first card ≤ 2.5 s): ${said(weakOk)}; Lighthouse ≥ ${SCORE_TARGET}: ${said(scoresOk)}.`,
);
console.log(`machine: load average ${os.loadavg()[0].toFixed(1)} at the end`);
if (sizesOk === false) process.exitCode = 1;
