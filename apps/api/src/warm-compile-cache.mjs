// Compiles every module the API server may load into Node's compile cache (NODE_COMPILE_CACHE, set by start.mjs),
// TypeScript stripped once: imports each source module of src/ (not tests, test helpers or scripts), which runs
// their top-level code only (server.ts starts nothing when imported), then writes the cache and exits.
import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const src = import.meta.dirname;
const skipped =
  /(^|\/)(test|scripts)\/|\.test\.ts$|\.test-helpers\.ts$|\.fixtures\.ts$|(^|\/)fake-[^/]*\.ts$/;
const files = fs
  .readdirSync(src, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !skipped.test(file))
  .sort();
let failed = 0;
for (const file of files) {
  try {
    await import(pathToFileURL(path.join(src, file)).href);
  } catch {
    failed += 1; // a module that cannot load here (an optional dependency) compiles when the server loads it
  }
}
module.flushCompileCache();
if (failed > 0 && process.env.WARM_COMPILE_CACHE_VERBOSE) console.error(`${failed} modules not compiled`);
process.exit(0);
