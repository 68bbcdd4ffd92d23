import type { Mode } from '@glm/domain';
import type { Engine } from '../core/engine.ts';
import { valueOrThrow } from '../core/mock-service-error.ts';
import type { Operation } from './define-operation.ts';
import { invoke } from './invoke.ts';

/**
 * Runs an operation in-process, for the JavaScript test API, the hosted pages and the dashboard: what
 * fell due runs first, as before every HTTP request; then {@link invoke} runs it as its endpoint would,
 * and a refusal throws `MockServiceError` with the status and body the endpoint would answer.
 */
export type CallOperation = <Input, Target, Value>(
  mode: Mode,
  operation: Operation<Input, Target, Value>,
  input?: unknown,
  id?: string,
) => Promise<Value>;

/** Builds the {@link CallOperation} of a service's engine. */
export function createCallOperation(engine: Engine): CallOperation {
  return async (mode, operation, input, id) => {
    engine.runDue();
    return valueOrThrow(await invoke({ engine, mode }, operation, input, id));
  };
}
