// The web budgets of DESIGN.md §4: the landing page's initial JavaScript (gzipped) and Lighthouse mobile scores of
// / and /tutors (performance, accessibility, best practices, SEO) against the real server with demo data.
//
//   npm run bench:web                 builds the web app into a temp dir, then measures
//   npm run bench:web -- --no-build   measures WEB_DIST (or apps/web/dist) as it is
//   npm run bench:web -- --sizes-only skips Lighthouse
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const INITIAL_JS_BUDGET_KB = 150;
const SCORE_TARGET = 90;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

function build() {
  if (args.has('--no-build')) return path.resolve(process.env.WEB_DIST || path.join(root, 'apps/web/dist'));
  const outDir = path.join(os.tmpdir(), `tibeb-bench-web-${process.pid}`);
  console.log(`Building the web app into ${outDir} …`);
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  return outDir;
}

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

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms`);
}

async function lighthouseRuns(dist) {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tibeb-bench-data-'));
  const base = `http://127.0.0.1:${port}`;
  console.log(`\nStarting the server on ${base} (demo data in ${dataDir}) …`);
  // The API as `npm start` runs it: built first.
  const built = spawnSync(process.execPath, [path.join(root, 'apps/api/scripts/build.mjs')], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('API build failed');
  const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      SEED_DEMO: '1',
      WEB_DIST: dist,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let chrome;
  let allOk = true;
  try {
    await waitFor(`${base}/api/health`, 120_000);
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
      ],
    });
    const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
    console.log('\nLighthouse, mobile form factor, default (simulated) throttling:');
    console.log(`  ${'page'.padEnd(10)} ${categories.map((c) => c.padStart(15)).join('')}`);
    for (const page of ['/', '/tutors']) {
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
      });
      const scores = categories.map((c) => Math.round((result.lhr.categories[c]?.score ?? 0) * 100));
      if (scores.some((s) => s < SCORE_TARGET)) allOk = false;
      console.log(`  ${page.padEnd(10)} ${scores.map((s) => String(s).padStart(15)).join('')}`);
      const audits = Object.values(result.lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
        .map((a) => `${a.id} (${a.displayValue ?? Math.round(a.score * 100)})`);
      if (audits.length) console.log(`             below 90: ${audits.join(', ')}`);
      const m = result.lhr.audits;
      console.log(
        `             FCP ${m['first-contentful-paint']?.displayValue} · LCP ${m['largest-contentful-paint']?.displayValue} · TBT ${m['total-blocking-time']?.displayValue} · CLS ${m['cumulative-layout-shift']?.displayValue}`,
      );
    }
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return allOk;
}

const dist = build();
const sizesOk = reportSizes(dist);
const scoresOk = args.has('--sizes-only') ? true : await lighthouseRuns(dist);
console.log(
  `\nBudgets: initial JS (size, no Amharic strings) ${sizesOk ? 'met' : 'NOT met'}; Lighthouse ≥ ${SCORE_TARGET}: ${args.has('--sizes-only') ? 'not run' : scoresOk ? 'met' : 'NOT met'}.`,
);
if (!sizesOk || !scoresOk) process.exitCode = 1;
