import { ok } from '@glm/domain';
import { noSuch } from '../core/outcome.ts';
import type { ModeState } from '../core/store/store.ts';
import { defineOperation } from './define-operation.ts';
import type { OperationEndpoint } from './endpoint-doc.ts';

/**
 * The operation that reads one object of the caller's mode by its id: its wire form (`present`), or
 * `404 not_found` naming `noun` when the mode holds none (an id of the other mode is unknown); served
 * at `endpoint` when given.
 */
export function readOne<T, Out>(
  noun: string,
  find: (state: ModeState, id: string) => T | undefined,
  present: (item: T) => Out,
  endpoint?: OperationEndpoint,
) {
  return defineOperation({
    ...(endpoint === undefined ? {} : { endpoint }),
    run({ engine, mode }, _input, id) {
      const found = find(engine.store.modes[mode], id);
      return found === undefined ? noSuch(noun) : ok(present(found));
    },
  });
}
