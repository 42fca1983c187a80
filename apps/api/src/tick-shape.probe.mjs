// Run by tick-shape.test.ts in its own process (`node --allow-natives-syntax --expose-gc`, V8's own test hooks):
// nextTick used, then full collections (as the server's start-up runs them), then nextTick used again; prints
// V8's feedback for the keys of `process.nextTick`'s entry literal. With `held`, one entry is held first, as
// start.mjs does (tick-shape.mjs).
import { tickEntry } from './tick-shape.mjs';

const [mode, collections] = process.argv.slice(2);
const held = mode === 'held' ? await tickEntry() : null;
const burst = () =>
  new Promise((resolve) => {
    for (let i = 0; i < 1000; i += 1) process.nextTick(() => {});
    setImmediate(resolve);
  });
for (let round = 0; round < 3; round += 1) await burst();
for (let i = 0; i < Number(collections); i += 1) globalThis.gc();
for (let round = 0; round < 5; round += 1) await burst();
// V8's own printer, which only this process's flag allows (kept out of the module text, which ESLint parses).
const debugPrint = new Function('value', '%DebugPrint(value)');
debugPrint(process.nextTick);
void held;
