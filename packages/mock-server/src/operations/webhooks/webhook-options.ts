import { type DeliveryFaults, NO_DELIVERY_FAULTS } from './delivery-faults.ts';

/** Webhook delivery settings of one service instance (`createMockService({ webhooks })`). */
export interface WebhookOptions {
  /**
   * Real milliseconds an attempt may take before it fails as a timeout. Default 5000. Tests of
   * hanging receivers may lower it; the schedule of retries is unaffected (it runs on the server clock).
   */
  readonly timeoutMs?: number;
  /** Attempts that may run at once per endpoint (or per `metadata.webhook_url`); the rest wait. Default 32. */
  readonly maxConcurrentPerEndpoint?: number;
  /** The `fetch` used by the HTTP transport. Default: the global `fetch` at call time (so msw sees it). */
  readonly fetch?: typeof globalThis.fetch;
}

/** {@link WebhookOptions} with defaults applied, and the fault rules that may alter attempts. */
export interface ResolvedWebhookOptions {
  /** Whether a fault rule alters an attempt. */
  readonly faults: DeliveryFaults;
  /** See {@link WebhookOptions.timeoutMs}. */
  readonly timeoutMs: number;
  /** See {@link WebhookOptions.maxConcurrentPerEndpoint}. */
  readonly maxConcurrentPerEndpoint: number;
  /** The `fetch` to call, read at call time. */
  readonly fetch: () => typeof globalThis.fetch;
}

/** The limit for one attempt: 5 seconds. */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 5000;

const positiveInteger = (value: number | undefined, fallback: number, name: string): number => {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`webhooks.${name} must be a positive integer.`);
  return value;
};

/** Applies the defaults; an invalid number is a `RangeError` at creation, not a surprise later. */
export function resolveWebhookOptions(
  options: WebhookOptions = {},
  faults: DeliveryFaults = NO_DELIVERY_FAULTS,
): ResolvedWebhookOptions {
  const given = options.fetch;
  return {
    faults,
    timeoutMs: positiveInteger(options.timeoutMs, DEFAULT_WEBHOOK_TIMEOUT_MS, 'timeoutMs'),
    maxConcurrentPerEndpoint: positiveInteger(
      options.maxConcurrentPerEndpoint,
      32,
      'maxConcurrentPerEndpoint',
    ),
    fetch: () => given ?? globalThis.fetch,
  };
}
