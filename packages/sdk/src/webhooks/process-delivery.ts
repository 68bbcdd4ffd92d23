import { createMemoryDedupeStore, type WebhookDedupeStore } from './dedupe-store.ts';
import type { WebhookHeaders } from './read-header.ts';
import { verifyDelivery, type WebhookSecrets, type WebhookVerificationSettings } from './verify-webhook.ts';
import type { AnyWebhookEvent, EventOfType, KnownEventType } from './webhook-event.ts';

/** One function per event type; each receives that event, narrowed by its `type`. */
export type WebhookEventHandlers = {
  readonly [T in KnownEventType]?: (event: EventOfType<T>) => unknown;
};

/** Options shared by {@link createWebhookHandler} and {@link createNodeWebhookHandler}. */
export type WebhookHandlerOptions = WebhookSecrets &
  WebhookVerificationSettings & {
    /** The handlers, by event type. A handler that throws (or rejects) makes the answer 500, so the service retries. */
    readonly on: WebhookEventHandlers;
    /** Called for events with no handler in `on` (including types this SDK does not know). Default: acknowledge. */
    readonly onUnhandled?: (event: AnyWebhookEvent) => unknown;
    /**
     * Called with every failure before the answer is sent (the answer never carries details): a
     * `WebhookVerificationError` (answered 400) or what a handler threw (answered 500). Use it to log.
     */
    readonly onError?: (error: unknown, event?: AnyWebhookEvent) => void;
    /**
     * Where processed event ids are remembered, so a redelivery runs the handler once. Default: an
     * in-memory store ({@link createMemoryDedupeStore}: one process only). `false` turns deduplication off.
     */
    readonly dedupe?: WebhookDedupeStore | false;
    /** How long an id is remembered, in seconds. Default 86 400 (the service retries for about 7 hours). */
    readonly dedupeTtlSeconds?: number;
    /** The receiver's clock (epoch milliseconds). Default `Date.now`. */
    readonly now?: () => number;
  };

/** What the handler answers: a status and a small JSON body without details. */
export interface WebhookAnswer {
  /** 200 processed or duplicate, 400 refused, 405 not a POST, 413 body too large, 500 the handler failed. */
  readonly status: 200 | 400 | 405 | 413 | 500;
  /** A JSON body naming the outcome only. */
  readonly body: string;
}

const DEFAULT_DEDUPE_TTL_SECONDS = 24 * 60 * 60;

const answers = {
  processed: { status: 200, body: '{"received":true}' },
  duplicate: { status: 200, body: '{"received":true,"duplicate":true}' },
  refused: { status: 400, body: '{"error":"invalid_webhook"}' },
  notPost: { status: 405, body: '{"error":"method_not_allowed"}' },
  tooLarge: { status: 413, body: '{"error":"payload_too_large"}' },
  failed: { status: 500, body: '{"error":"handler_failed"}' },
} as const satisfies Record<string, WebhookAnswer>;

/** A body larger than the handler accepts: reported through `onError`, answered 413. */
export const BODY_TOO_LARGE: unique symbol = Symbol('body too large');

/** One received delivery, however the framework gave it to us. */
export interface Delivery {
  /** The HTTP method. */
  readonly method: string;
  /** The request headers. */
  readonly headers: WebhookHeaders;
  /** The raw body (or something that is not, which verification refuses as `body_not_raw`). */
  readonly body: unknown;
}

/** Builds the framework-neutral core: verify, deduplicate, dispatch, answer. */
export function createDeliveryProcessor(
  options: WebhookHandlerOptions,
): (delivery: Delivery) => Promise<WebhookAnswer> {
  const store = options.dedupe === false ? undefined : (options.dedupe ?? createMemoryDedupeStore());
  const ttl = options.dedupeTtlSeconds ?? DEFAULT_DEDUPE_TTL_SECONDS;
  const report = (error: unknown, event?: AnyWebhookEvent): void => {
    try {
      options.onError?.(error, event);
    } catch {
      // A failing logger must not change the answer.
    }
  };

  return async (delivery) => {
    if (delivery.method.toUpperCase() !== 'POST') return answers.notPost;
    if (delivery.body === BODY_TOO_LARGE) {
      report(new RangeError('The webhook body is larger than maxBodyBytes.'));
      return answers.tooLarge;
    }
    let event: AnyWebhookEvent;
    try {
      event = await verifyDelivery({
        ...options,
        headers: delivery.headers,
        body: delivery.body,
        now: (options.now ?? Date.now)(),
      });
    } catch (error) {
      report(error);
      return answers.refused;
    }
    try {
      if (store !== undefined && !(await store.claim(event.id, ttl))) return answers.duplicate;
    } catch (error) {
      report(error, event);
      return answers.failed;
    }
    try {
      await dispatch(options, event);
      return answers.processed;
    } catch (error) {
      report(error, event);
      try {
        await store?.release(event.id);
      } catch (releaseError) {
        report(releaseError, event);
      }
      return answers.failed;
    }
  };
}

async function dispatch(options: WebhookHandlerOptions, event: AnyWebhookEvent): Promise<void> {
  // `Object.hasOwn`: an event type such as `constructor` or `__proto__` must never reach Object.prototype.
  const handler = Object.hasOwn(options.on, event.type)
    ? (options.on as Readonly<Record<string, ((event: AnyWebhookEvent) => unknown) | undefined>>)[event.type]
    : undefined;
  if (handler !== undefined) await handler(event);
  else await options.onUnhandled?.(event);
}
