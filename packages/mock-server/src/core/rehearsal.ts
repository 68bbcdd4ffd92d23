import type { Engine } from './engine.ts';

/**
 * Runs `run` against a scratch copy of an engine's whole state (store, events, clock, scheduled jobs,
 * webhook endpoints) that delivers nothing and is thrown away afterwards, and answers what `run`
 * answered. How a change made of many steps (a trigger's flow, a seed) learns whether every step
 * would succeed before it makes the first real one.
 */
export type Rehearsal = <T>(run: (scratch: Engine) => T) => T;

// Filled by `createMockService`, which alone can build the copy; operations never import the service.
const rehearsals = new WeakMap<Engine, Rehearsal>();

/** Records how `engine` is rehearsed (called once by `createMockService`). */
export function registerRehearsal(engine: Engine, rehearsal: Rehearsal): void {
  rehearsals.set(engine, rehearsal);
}

/**
 * Runs `run` on a scratch copy of `engine` (see {@link Rehearsal}). Throws a `TypeError` for an engine
 * that no service made, which cannot be copied.
 */
export function rehearse<T>(engine: Engine, run: (scratch: Engine) => T): T {
  const rehearsal = rehearsals.get(engine);
  if (rehearsal === undefined) throw new TypeError('Only the engine of a mock service can be rehearsed.');
  return rehearsal(run);
}
