import type { EventSubscription, Mode, WebhookDelivery } from '@glm/domain';
import type { Engine } from '../../core/engine.ts';
import { valueOrThrow } from '../../core/mock-service-error.ts';
import { invoke } from '../../operations/invoke.ts';
import { resendWebhookDelivery } from '../../operations/webhooks/deliveries.ts';
import type { WebhookFlushResult } from '../../operations/webhooks/delivery-queue.ts';
import type { DeliveryFilter } from '../../operations/webhooks/delivery-record.ts';
import { endpointView, type MockWebhookEndpoint } from '../../operations/webhooks/endpoint-registry.ts';
import {
  deleteWebhookEndpoint,
  IN_PROCESS_BASE,
  registerInProcessEndpoint,
  registerWebhookEndpoint,
  updateWebhookEndpoint,
} from '../../operations/webhooks/endpoints.ts';
import type { WebhookHandler } from '../../operations/webhooks/transport/send-webhook.ts';
import { webhooksOf } from '../../operations/webhooks/webhooks.ts';

/** What {@link MockWebhookApi.registerWebhookEndpoint} takes: a URL or an in-process handler, and the events. */
export interface WebhookEndpointInput {
  /** Where deliveries are POSTed with `fetch`; with `handler`, only the URL of the `Request` it receives. */
  readonly url?: string;
  /** A merchant route handler called in-process with each delivery's `Request` (no network). */
  readonly handler?: WebhookHandler;
  /** Event types to receive, or `['*']` for all. */
  readonly events: readonly EventSubscription[];
  /** Free text, at most 500 characters. */
  readonly description?: string;
  /**
   * Its signing secret, `whsec_` and 32 letters or digits; one is generated otherwise. Give the one your
   * receiver is configured with to register it again after a `reset()`, which deletes every endpoint.
   */
  readonly secret?: string;
  /** Fault injection: deliver every event this many times (1–100, default 1). */
  readonly duplicate?: number;
  /** Fault injection: send the deliveries of each burst of events in a random order. */
  readonly shuffle?: boolean;
  /** Register it switched off: it receives nothing until enabled. */
  readonly disabled?: boolean;
  /** The mode whose events it receives. Default `test`. */
  readonly mode?: Mode;
}

/** What {@link MockWebhookApi.updateWebhookEndpoint} may change. */
export interface WebhookEndpointPatch {
  /** New event types. */
  readonly events?: readonly EventSubscription[];
  /** New description. */
  readonly description?: string;
  /** Switch deliveries off (`true`) or on again. */
  readonly disabled?: boolean;
  /** See {@link WebhookEndpointInput.duplicate}. */
  readonly duplicate?: number;
  /** See {@link WebhookEndpointInput.shuffle}. */
  readonly shuffle?: boolean;
}

/** The mode an operation acts in. */
export interface WebhookModeOption {
  /** Default `test`. */
  readonly mode?: Mode;
}

/** What {@link MockWebhookApi.waitForDelivery} waits for: a filter, or any test on the delivery. */
export type DeliveryMatch = DeliveryFilter | ((delivery: WebhookDelivery) => boolean);

/** Options of {@link MockWebhookApi.waitForDelivery}. */
export interface WaitForDeliveryOptions {
  /** Give up after this many real milliseconds. Default 5000. */
  readonly timeoutMs?: number;
  /** Mode of the deliveries to watch (a filter's own `mode` wins). Default `test`. */
  readonly mode?: Mode;
}

/** The webhook part of the mock service's JavaScript API. */
export interface MockWebhookApi {
  /** Registers an endpoint; the answer is the only place its `whsec_…` secret appears. */
  registerWebhookEndpoint(
    input: WebhookEndpointInput,
  ): Promise<MockWebhookEndpoint & { readonly secret: string }>;
  /** The registered endpoints of a mode, oldest first. */
  listWebhookEndpoints(options?: WebhookModeOption): MockWebhookEndpoint[];
  /** Changes an endpoint's events, description or switches (`disabled`, `duplicate`, `shuffle`). */
  updateWebhookEndpoint(
    id: string,
    patch: WebhookEndpointPatch,
    options?: WebhookModeOption,
  ): Promise<MockWebhookEndpoint>;
  /** Deletes an endpoint; its pending deliveries send nothing more and run out of attempts. */
  deleteWebhookEndpoint(
    id: string,
    options?: WebhookModeOption,
  ): Promise<MockWebhookEndpoint & { readonly deleted: true }>;
  /** The merchant's default secret of a mode (default `test`), which signs `metadata.webhook_url` deliveries. */
  webhookSecret(mode?: Mode): string;
  /** Deliveries oldest first, filtered by event, endpoint, status and mode (default `test`). */
  deliveries(filter?: DeliveryFilter): WebhookDelivery[];
  /** The first delivery (already there, or created or changed later) that matches. */
  waitForDelivery(match: DeliveryMatch, options?: WaitForDeliveryOptions): Promise<WebhookDelivery>;
  /** Attempts every delivery due now (first attempts, due retries) and resolves once their outcomes are recorded. */
  flushWebhooks(options?: WebhookModeOption): Promise<WebhookFlushResult>;
  /** Resends a failed delivery: the retry schedule starts again now; answers it after the first attempt. */
  resendDelivery(id: string, options?: WebhookModeOption): Promise<WebhookDelivery>;
}

const matchesView = (delivery: WebhookDelivery, filter: DeliveryFilter): boolean =>
  (filter.eventId === undefined || delivery.event_id === filter.eventId) &&
  (filter.endpointId === undefined || delivery.endpoint_id === filter.endpointId) &&
  (filter.status === undefined || delivery.status === filter.status);

/**
 * Builds {@link MockWebhookApi} over the webhook module of a service's engine: its changes run the
 * webhook operations through `invoke`, as their endpoints do; refusals throw `MockServiceError`.
 */
export function createWebhookApi(engine: Engine): MockWebhookApi {
  const { endpoints, queue } = webhooksOf(engine);
  return {
    async registerWebhookEndpoint({ handler, mode = 'test', ...body }) {
      if (handler === undefined)
        return valueOrThrow(await invoke({ engine, mode }, registerWebhookEndpoint, body));
      const bare = body.url === undefined;
      const registration = registerInProcessEndpoint(handler, bare);
      return valueOrThrow(
        await invoke({ engine, mode }, registration, bare ? { ...body, url: IN_PROCESS_BASE } : body),
      );
    },
    listWebhookEndpoints: ({ mode = 'test' } = {}) => endpoints.all(mode).map(endpointView),
    async updateWebhookEndpoint(id, patch, { mode = 'test' } = {}) {
      return valueOrThrow(await invoke({ engine, mode }, updateWebhookEndpoint, patch, id));
    },
    async deleteWebhookEndpoint(id, { mode = 'test' } = {}) {
      return valueOrThrow(await invoke({ engine, mode }, deleteWebhookEndpoint, undefined, id));
    },
    webhookSecret: (mode = 'test') => endpoints.defaultSecret(mode),
    deliveries: (filter = {}) => queue.list(filter),
    waitForDelivery(match, { timeoutMs = 5000, mode = 'test' } = {}) {
      const watched = typeof match === 'function' ? mode : (match.mode ?? mode);
      const test =
        typeof match === 'function' ? match : (delivery: WebhookDelivery) => matchesView(delivery, match);
      const existing = queue.list({ mode: watched }).find(test);
      if (existing !== undefined) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          unwatch();
          reject(new Error(`No matching webhook delivery within ${timeoutMs} ms.`));
        }, timeoutMs);
        const unwatch = queue.watch((delivery, deliveryMode) => {
          if (deliveryMode !== watched || !test(delivery)) return;
          clearTimeout(timer);
          unwatch();
          resolve(delivery);
        });
      });
    },
    flushWebhooks: ({ mode = 'test' } = {}) => queue.flush(mode),
    async resendDelivery(id, { mode = 'test' } = {}) {
      return valueOrThrow(await invoke({ engine, mode }, resendWebhookDelivery, undefined, id));
    },
  };
}
