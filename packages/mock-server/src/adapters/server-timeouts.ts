/** How long the standalone server waits for a client, in milliseconds. */
export interface ServerTimeouts {
  /** Time to receive a request's headers; a client slower than this gets `408`. Default 10 000. */
  readonly headersMs?: number;
  /** Time to receive a whole request, body included; a client slower than this gets `408`. Default 30 000. */
  readonly requestMs?: number;
  /** How long an idle kept-alive connection stays open. Default 5 000. */
  readonly keepAliveMs?: number;
}

/** The timeouts the standalone server uses unless told otherwise. */
export const DEFAULT_SERVER_TIMEOUTS: Required<ServerTimeouts> = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
};

/** {@link ServerTimeouts} checked and filled in, plus how often open connections are checked against them. */
export interface ResolvedServerTimeouts extends Required<ServerTimeouts> {
  /** How often the server looks for connections past their time: at most a quarter of `headersMs`, at most 1 s. */
  readonly checkEveryMs: number;
}

/**
 * Fills in the defaults and checks the values: positive integers, `headersMs` no longer than `requestMs`
 * (Node.js refuses otherwise). A wrong value is a `RangeError` at start, not a surprise later.
 */
export function resolveServerTimeouts(given: ServerTimeouts = {}): ResolvedServerTimeouts {
  const timeouts = { ...DEFAULT_SERVER_TIMEOUTS, ...given };
  for (const [name, value] of Object.entries(timeouts)) {
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new RangeError(`timeouts.${name} must be a positive whole number of milliseconds.`);
    }
  }
  if (timeouts.headersMs > timeouts.requestMs) {
    throw new RangeError('timeouts.headersMs must not be longer than timeouts.requestMs.');
  }
  return { ...timeouts, checkEveryMs: Math.max(50, Math.min(1000, Math.floor(timeouts.headersMs / 4))) };
}
