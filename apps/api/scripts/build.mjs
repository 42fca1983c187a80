// Builds the API for `npm start`: an ES module, dist/server.js (with chunks for what loads on demand), run by plain `node` (no type stripping at run
// time). The workspace's own TypeScript (src/ and @tibeb/domain) is bundled; npm dependencies stay external and
// load from node_modules as usual. See docs/deploy.md.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'src/server.ts')],
  outdir: path.join(root, 'dist'),
  // A module the server imports only when it is used (the Stripe provider, PGlite or pg, S3, Twilio, the demo
  // data) stays a chunk of its own, with its npm imports inside it: a single file would hoist every package to
  // start-up and load them all (DESIGN §4 memory budgets).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external,
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS helpers (none today) would need `require`; give them Node's.
  banner: {
    js: "import { createRequire as __tibebRequire } from 'node:module'; const require = __tibebRequire(import.meta.url);",
  },
});
console.log('apps/api/dist/server.js built');
