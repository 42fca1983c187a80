// Keeps the shape of Node's `process.nextTick` entries alive for the life of the process (issue 17).
//
// Node makes each nextTick entry with an object literal whose keys are symbols. V8 records the shape (map) each
// of those keys is added to, and that record knows only two states: one shape, or "any shape" for good. The
// intermediate shapes are held weakly. When a full garbage collection finds no entry alive (the server's
// start-up, with the embedded database, runs many), they are collected; the next entry is built on new shapes,
// and every nextTick from then on defines its keys through V8's slow runtime path (seven entries a request:
// the health answer's CPU was 32-40 µs with it, 21-25 µs without; decision 213). One entry held here keeps the
// shapes alive, so the record stays on one shape and the optimised nextTick builds entries inline.
import { executionAsyncResource } from 'node:async_hooks';

/** Resolves with one nextTick entry (the running tick's resource), to be held for the life of the process. */
export function tickEntry() {
  return new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource())));
}
