/** How many merchants a server holds at once unless told otherwise. */
const DEFAULT_MAX_MERCHANTS = 1000;

/**
 * Checks the `maxMerchants` option: a positive whole number (default 1,000); anything else is a
 * `TypeError` at creation.
 */
export function resolveMaxMerchants(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_MERCHANTS;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`maxMerchants must be a positive whole number, not ${String(value)}.`);
  }
  return value;
}
