/**
 * Typed in-process events: a module says what changed, and whoever keeps something derived from it (a cache)
 * listens, so no module imports another's cache (issue 26). Listeners run synchronously, in the order they were
 * added, after the change has committed; one that throws is logged by the emitter's caller, never swallowed.
 * Other instances learn of the same change through the cache bus (platform/cache/cache-bus.ts), which the
 * listeners' own invalidations publish.
 */
export type DomainEvents = {
  /** A tutor's weekly availability, time off or time zone changed: their free times are to be recomputed. */
  'tutor.schedule-changed': { tutorId: number };
};

type Listener<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => void;
const listeners = new Map<keyof DomainEvents, Set<Listener<keyof DomainEvents>>>();

/** Adds a listener for the process's life; returns a function that removes it. */
export function onEvent<K extends keyof DomainEvents>(name: K, listener: Listener<K>): () => void {
  let set = listeners.get(name);
  if (!set) listeners.set(name, (set = new Set()));
  set.add(listener as Listener<keyof DomainEvents>);
  return () => set.delete(listener as Listener<keyof DomainEvents>);
}

export function emitEvent<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
  for (const listener of listeners.get(name) ?? []) listener(payload);
}
