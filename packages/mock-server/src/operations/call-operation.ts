import type { Mode } from '@glm/domain';
import type { Engine } from '../core/engine.ts';
import { valueOrThrow } from '../core/mock-service-error.ts';
import type { ApiError, Outcome } from '../core/outcome.ts';
import type { OperationContext } from './operation-context.ts';

/**
 * Runs an operation in-process, for the JavaScript test API, the hosted pages and the dashboard: what
 * fell due runs first, as before every HTTP request; a refusal throws `MockServiceError` with the status
 * and body the HTTP endpoint would answer. An operation that adds objects to the store says so
 * (`{ creates: true }`): with a `maxObjects` cap reached it is refused with `507 storage_full`, as its
 * endpoint is.
 */
export type CallOperation = <T>(
  mode: Mode,
  operation: (context: OperationContext) => Outcome<T> | Promise<Outcome<T>>,
  effect?: { readonly creates: true },
) => Promise<T>;

/** Builds the {@link CallOperation} of a service's engine; `full` answers the object cap's refusal, if any. */
export function createCallOperation(
  engine: Engine,
  full: () => ApiError | undefined = () => undefined,
): CallOperation {
  return async (mode, operation, effect) => {
    engine.runDue();
    const refused = effect?.creates === true ? full() : undefined;
    return valueOrThrow(refused ?? (await operation({ engine, mode })));
  };
}
