import {
  type EventSubscription,
  generateWebhookSecret,
  type Mode,
  ok,
  type WebhookDelivery,
} from '@glm/domain';
import type { Engine } from '../../core/engine.ts';
import { noSuch, type Outcome, refusal } from '../../core/outcome.ts';
import type { DeliveryFaults } from './delivery-faults.ts';
import { createDeliveryQueue, type DeliveryQueue } from './delivery-queue.ts';
import {
  createEndpointRegistry,
  type EndpointRecord,
  type EndpointRegistry,
  endpointView,
  type MockWebhookEndpoint,
} from './endpoint-registry.ts';
import type { WebhookHandler } from './transport/send-webhook.ts';
import { resolveWebhookOptions, type WebhookOptions } from './webhook-options.ts';

/** What registering an endpoint takes: its URL and events, with the switches of the JavaScript API. */
interface EndpointFields {
  /** Where deliveries go (with an in-process handler, only the URL of the `Request` it receives). */
  readonly url: string;
  /** Event types to receive, or `*`. */
  readonly events: readonly EventSubscription[];
  /** Free text. */
  readonly description?: string | undefined;
  /** Deliver every event this many times (default 1). */
  readonly duplicate?: number | undefined;
  /** Send the deliveries of each burst of events in a random order. */
  readonly shuffle?: boolean | undefined;
  /** Registered switched off. */
  readonly disabled?: boolean | undefined;
  /** Its signing secret (`whsec_…`, well formed); one is generated otherwise. */
  readonly secret?: string | undefined;
}

/** What may change on a registered endpoint (the URL and secret may not); what is left out stays. */
interface EndpointChanges {
  /** New event types. */
  readonly events?: readonly EventSubscription[] | undefined;
  /** New description. */
  readonly description?: string | undefined;
  /** See {@link EndpointFields.duplicate}. */
  readonly duplicate?: number | undefined;
  /** See {@link EndpointFields.shuffle}. */
  readonly shuffle?: boolean | undefined;
  /** See {@link EndpointFields.disabled}. */
  readonly disabled?: boolean | undefined;
}

/** An endpoint reached in-process: its handler, and the address it says it has once its id is known. */
interface InProcessDelivery {
  /** The merchant's route handler, called with each delivery's `Request`. */
  readonly handler: WebhookHandler;
  /** The address of the endpoint with this id (the URL given, or one made up for it). */
  readonly address: (id: string) => string;
}

/** Webhook endpoints and deliveries of one service instance, as the routes and the JavaScript API use them. */
export interface Webhooks {
  /** The registered endpoints and default secrets. */
  readonly endpoints: EndpointRegistry;
  /** The deliveries. */
  readonly queue: DeliveryQueue;
  /** Registers an endpoint (`201`, the only answer that shows its secret); `inProcess` makes it in-process. */
  register(
    mode: Mode,
    fields: EndpointFields,
    inProcess?: InProcessDelivery,
  ): MockWebhookEndpoint & { readonly secret: string };
  /** Changes an endpoint's events, description or switches. */
  update(record: EndpointRecord, changes: EndpointChanges): MockWebhookEndpoint;
  /** Deletes an endpoint: it receives nothing more; its pending deliveries send nothing and run out of attempts. */
  remove(mode: Mode, id: string): Outcome<MockWebhookEndpoint & { readonly deleted: true }>;
  /** Resends a failed delivery (its retry schedule starts again now); answers it after the first attempt. */
  resend(mode: Mode, id: string): Promise<Outcome<WebhookDelivery>>;
  /** Back to no endpoints and no deliveries (the default secrets stay). */
  reset(): void;
}

const modules = new WeakMap<Engine, Webhooks>();

/** The webhook module of the service an engine belongs to (how route handlers reach it). */
export function webhooksOf(engine: Engine): Webhooks {
  const found = modules.get(engine);
  if (found === undefined) throw new TypeError('This engine has no webhook module.');
  return found;
}

/**
 * Builds the webhook module of a service over its engine; it subscribes to the event log at once.
 * `faults` says whether a fault rule alters an attempt (none by default).
 */
export function createWebhooks(engine: Engine, options?: WebhookOptions, faults?: DeliveryFaults): Webhooks {
  const endpoints = createEndpointRegistry(engine.random);
  const queue = createDeliveryQueue(engine, endpoints, resolveWebhookOptions(options, faults));
  const webhooks: Webhooks = {
    endpoints,
    queue,
    register(mode, fields, inProcess) {
      const { url, events, description, duplicate = 1, shuffle = false, disabled = false } = fields;
      const id = engine.newId('whep_');
      const address = inProcess === undefined ? url : inProcess.address(id);
      const record: EndpointRecord = {
        id,
        mode,
        secret: fields.secret ?? generateWebhookSecret(engine.random),
        transport:
          inProcess === undefined
            ? { kind: 'http', url: address }
            : { kind: 'in_process', url: address, handler: inProcess.handler },
        createdAt: engine.nowIso(),
        events: [...new Set(events)],
        description: description ?? null,
        disabled,
        duplicate,
        shuffle,
        deleted: false,
      };
      endpoints.add(record);
      return { ...endpointView(record), secret: record.secret };
    },
    update(record, changes) {
      if (changes.events !== undefined) record.events = [...new Set(changes.events)];
      if (changes.description !== undefined) record.description = changes.description;
      if (changes.disabled !== undefined) record.disabled = changes.disabled;
      if (changes.duplicate !== undefined) record.duplicate = changes.duplicate;
      if (changes.shuffle !== undefined) record.shuffle = changes.shuffle;
      return endpointView(record);
    },
    remove(mode, id) {
      const record = endpoints.get(mode, id);
      if (record === undefined) return noSuch('webhook endpoint');
      record.deleted = true;
      return ok({ ...endpointView(record), deleted: true as const });
    },
    async resend(mode, id) {
      const result = await queue.resend(mode, id);
      if (result.ok) return ok(result.delivery);
      switch (result.reason) {
        case 'not_found':
          return noSuch('webhook delivery');
        case 'endpoint_deleted':
          return refusal('conflict', 'The endpoint of this delivery was deleted.', {
            param: 'endpoint_id',
          });
        case 'refused':
          return refusal('conflict', result.message, { param: 'status' });
        default: {
          const never: never = result;
          return never;
        }
      }
    },
    reset() {
      endpoints.clear();
      queue.reset();
    },
  };
  modules.set(engine, webhooks);
  return webhooks;
}
