import type { Mode } from '@glm/domain';
import type { Engine } from '../core/engine.ts';

/** What every operation acts on: the service's state and services, in the mode of the caller's key. */
export interface OperationContext {
  /** The server's state, clock and services. */
  readonly engine: Engine;
  /** The mode the operation acts in (the key's on HTTP, `test` in the JavaScript test API). */
  readonly mode: Mode;
  /**
   * Set while the service loads its seed, its own starting data: the `maxObjects` cap does not count
   * against it (the cap refuses what callers create once the service holds that many objects).
   */
  readonly seeding?: true;
}
