// The server as `npm start` runs it (apps/api's start script; DESIGN §4 budgets). Plain JavaScript, so that this
// process can start from Node's compile cache without ever loading Node's TypeScript stripper (amaro, a
// WebAssembly module that stays resident, about 17 MB): a child process first compiles every module of the API
// into the cache (warm-compile-cache.mjs; quick when nothing changed), then the server's modules load from it.
// `node src/server.ts` (development, tests) still works the same, stripping types as it loads them.
import { spawnSync } from 'node:child_process';
import module from 'node:module';
import path from 'node:path';
import { tickEntry } from './tick-shape.mjs';

// First, before start-up's garbage collections: one nextTick entry held for the process's life (tick-shape.mjs).
export const heldTickEntry = await tickEntry();

const cacheDir =
  process.env.NODE_COMPILE_CACHE ||
  path.join(import.meta.dirname, '../node_modules/.cache/tibeb-api-compile');
// With this process's Node flags: V8 refuses a code cache made under other flags (its flag hash), and the server
// would then compile, and load the TypeScript stripper, on its first start after a deploy. Not its profiling
// flags (`--cpu-prof` of a benchmark): the child has nothing to profile.
const flags = process.execArgv.filter((flag) => !/^--(cpu|heap)-prof/.test(flag));
const warmed = spawnSync(
  process.execPath,
  [...flags, path.join(import.meta.dirname, 'warm-compile-cache.mjs')],
  {
    env: { ...process.env, NODE_COMPILE_CACHE: cacheDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
if (warmed.status !== 0) console.error('compile cache: not warmed; the server compiles as it loads');
// A directory that cannot be written leaves the cache off: the server then compiles as it loads, as before.
module.enableCompileCache(cacheDir);

const { main } = await import('./server.ts');
await main();
