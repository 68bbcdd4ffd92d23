import { type ApiError, refusal } from './outcome.ts';

/**
 * Checks the `maxObjects` option: `undefined` (no cap) or a positive whole number; anything else is a
 * `TypeError` at creation.
 */
export function resolveMaxObjects(value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`maxObjects must be a positive whole number, not ${String(value)}.`);
  }
  return value;
}

/**
 * `507 storage_full`: the service holds `count` objects and its cap is `cap`. Given before the
 * operation ran, so an idempotency key used with it is not kept and the same request can run later.
 */
function storageFull(count: number, cap: number): ApiError {
  const message =
    `The mock server holds ${count} ${count === 1 ? 'object' : 'objects'}, its cap (maxObjects ${cap}): ` +
    'nothing more is created. ' +
    'Raise the cap with --max-objects N (glm-mock serve) or createMockService({ maxObjects }), or call ' +
    'reset() to start again.';
  return { ...refusal('storage_full', message), beforeOperation: true };
}

/**
 * The refusal a creating operation gets now: {@link storageFull} once `count()` reaches `cap`, else
 * `undefined` (always, without a cap).
 */
export function capacityCheck(cap: number | undefined, count: () => number): () => ApiError | undefined {
  return () => {
    if (cap === undefined) return undefined;
    const held = count();
    return held >= cap ? storageFull(held, cap) : undefined;
  };
}
