import type { Mode } from '@glm/domain';
import type { Engine } from '../core/engine.ts';

/** What every operation acts on: the service's state and services, in the mode of the caller's key. */
export interface OperationContext {
  /** The server's state, clock and services. */
  readonly engine: Engine;
  /** The mode the operation acts in (the key's on HTTP, `test` in the JavaScript test API). */
  readonly mode: Mode;
}
