// `npm run bench:tutors` (DESIGN §4, issue 17): the public reads as users run them. Starts the product exactly
// as `npm start` does (apps/api's start script: its environment, Node flags and logging, on a fresh embedded
// database with demo data) and a bare Fastify in its own process, then loads both at 50 connections:
//   GET /api/tutors/public/  beside the bare route sending the same bytes
//   GET /api/health          beside the bare { hello: 'world' } route
// The goal is DESIGN §4's: public reads p99 under 20 ms, no error. The bare route (measured before and after the
// product in each round) and the ratios are printed for information only.
// Options: BENCH_SECONDS (10), BENCH_ROUNDS (2), BENCH_ENCODING=br|gzip (the list as browsers fetch it),
// BENCH_PROFILE=1 (writes a --cpu-prof profile of the product under this load into the run's folder).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { compare, machineLine, startBare, startCommand, startProduct, tempDir } from './bench-lib.mjs';

/** An answer's body as it travelled (compressed, if it was), without decoding it. */
function rawBody(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
}

const dataDir = tempDir('tibeb-bench-tutors-');
const encoding = process.env.BENCH_ENCODING;
const profile = process.env.BENCH_PROFILE === '1';
console.log(`Public reads at 50 connections (DESIGN §4). Product: ${startCommand().script}, logging on`);
console.log(machineLine());

const product = await startProduct({
  dataDir,
  extraFlags: profile ? ['--cpu-prof', `--cpu-prof-dir=${dataDir}`] : [],
});
let bare;
let failed = false;
try {
  console.log(`product started in ${product.startMs} ms (fresh embedded database, demo data)`);
  const headers = encoding ? { 'accept-encoding': encoding } : {};
  const list = await fetch(`${product.base}/api/tutors/public/`);
  const bytes = Buffer.from(await list.arrayBuffer());
  // The bare route sends the bytes exactly as the product sends them to this client (fetch would decode them).
  const raw = encoding ? await rawBody(`${product.base}/api/tutors/public/`, headers) : bytes;
  const bodyFile = path.join(dataDir, 'tutors.json');
  fs.writeFileSync(bodyFile, raw);
  console.log(
    `GET /api/tutors/public/: ${JSON.parse(bytes.toString()).length} tutors, ${bytes.length} bytes` +
      (encoding ? ` (${raw.length} bytes as ${encoding})` : ''),
  );
  bare = await startBare({ tutors: bodyFile });

  const tutors = await compare(
    'Tutor list (beside the bare route sending the same bytes)',
    { label: 'GET /api/tutors/public/', url: `${product.base}/api/tutors/public/`, pid: product.pid },
    { label: `bare Fastify, same ${raw.length} bytes`, url: `${bare.base}/same/tutors`, pid: bare.pid },
    { headers },
  );
  const health = await compare(
    "Health (beside the bare { hello: 'world' } route)",
    { label: 'GET /api/health', url: `${product.base}/api/health`, pid: product.pid },
    { label: "bare Fastify { hello: 'world' }", url: `${bare.base}/hello`, pid: bare.pid },
  );
  const logLines = fs.readFileSync(product.logFile, 'utf8').split('\n').length - 1;
  console.log(
    `\nresident memory of the product after the runs: ${product.rssMb().toFixed(0)} MB; ${logLines} log lines written`,
  );
  const verdict = (name, r) =>
    `${name} p99 ${r.product.p99} ms ${r.product.p99 < 20 && !r.product.non2xx && !r.product.errors ? 'within' : 'OVER'} budget (20 ms); ` +
    `for information: ${(r.ratio * 100).toFixed(1)} % of the bare route's req/s, ${(r.cpuRatio * 100).toFixed(1)} % by CPU per request`;
  console.log(`DESIGN §4: ${verdict('tutor list', tutors)}\nDESIGN §4: ${verdict('health', health)}`);
  failed = [tutors, health].some((r) => r.product.p99 >= 20 || r.product.non2xx + r.product.errors > 0);
} finally {
  await bare?.stop();
  await product.stop();
  if (profile) {
    const prof = fs.readdirSync(dataDir).find((f) => f.endsWith('.cpuprofile'));
    console.log(`CPU profile: ${path.join(dataDir, prof ?? '(none)')}`);
  } else fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
