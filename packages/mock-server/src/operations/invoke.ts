import type { Outcome } from '../core/outcome.ts';
import type { Operation } from './define-operation.ts';
import type { OperationContext } from './operation-context.ts';
import { parseInput } from './parse-input.ts';

/**
 * Runs an operation for any caller, the same way: one that creates objects is refused with `507
 * storage_full` once the `maxObjects` cap is reached; then its target is found from `id`, its input
 * is parsed with its schema and rules, and it runs. The first refusal is the answer, and nothing has
 * changed by then.
 */
export function invoke<Input, Target, Value>(
  context: OperationContext,
  operation: Operation<Input, Target, Value>,
  input?: unknown,
  id = '',
): Outcome<Value> | Promise<Outcome<Value>> {
  if (operation.creates && context.seeding !== true) {
    const full = context.engine.storageFull();
    if (full !== undefined) return full;
  }
  const target = operation.target(context, id);
  if (!target.ok) return target;
  if (operation.input === undefined || operation.rules === undefined) {
    return operation.run(context, undefined as Input, target.value);
  }
  const parsed = parseInput(operation.input, input, operation.rules);
  return parsed.ok ? operation.run(context, parsed.value, target.value) : parsed;
}
