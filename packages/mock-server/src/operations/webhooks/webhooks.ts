import { generateWebhookSecret, type Mode, ok, type WebhookDelivery } from '@glm/domain';
import { WebhookEndpointCreateRequest } from '@glm/domain/test-helpers';
import { z } from 'zod';
import type { Engine } from '../../core/engine.ts';
import { failure, noSuch, type Outcome } from '../../core/outcome.ts';
import { parseInput } from '../../http/parse.ts';
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

/** Where in-process endpoints registered without a URL say they are (`.invalid` never resolves). */
const IN_PROCESS_BASE = 'http://in-process.invalid/webhooks';

/** The endpoint registration body plus our fault-injection and on/off switches. */
const EndpointRegistration = WebhookEndpointCreateRequest.extend({
  duplicate: z.int().min(1).max(100).optional(),
  shuffle: z.boolean().optional(),
  disabled: z.boolean().optional(),
});

/** What may change on a registered endpoint (the URL and secret may not). */
const EndpointPatch = EndpointRegistration.omit({ url: true }).partial();

/** Webhook endpoints and deliveries of one service instance, as the routes and the JavaScript API use them. */
export interface Webhooks {
  /** The registered endpoints and default secrets. */
  readonly endpoints: EndpointRegistry;
  /** The deliveries. */
  readonly queue: DeliveryQueue;
  /** Registers an endpoint (`201`, the only answer that shows its secret); `handler` makes it in-process. */
  register(
    mode: Mode,
    body: unknown,
    handler?: WebhookHandler,
  ): Outcome<MockWebhookEndpoint & { readonly secret: string }>;
  /** Changes an endpoint's events, description or switches. */
  update(mode: Mode, id: string, body: unknown): Outcome<MockWebhookEndpoint>;
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

/** Builds the webhook module of a service over its engine; it subscribes to the event log at once. */
export function createWebhooks(engine: Engine, options?: WebhookOptions): Webhooks {
  const endpoints = createEndpointRegistry(engine.random);
  const queue = createDeliveryQueue(engine, endpoints, resolveWebhookOptions(options));
  const webhooks: Webhooks = {
    endpoints,
    queue,
    register(mode, body, handler) {
      const given = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
      const bare = handler !== undefined && given !== undefined && given['url'] === undefined;
      const parsed = parseInput(
        EndpointRegistration,
        bare ? { ...given, url: IN_PROCESS_BASE } : body,
        'test_helpers.webhook_endpoint.create',
      );
      if (!parsed.ok) return parsed;
      const { url, events, description, duplicate = 1, shuffle = false, disabled = false } = parsed.value;
      const id = engine.newId('whep_');
      const address = bare ? `${IN_PROCESS_BASE}/${id}` : url;
      const record: EndpointRecord = {
        id,
        mode,
        secret: generateWebhookSecret(engine.random),
        transport:
          handler === undefined
            ? { kind: 'http', url: address }
            : { kind: 'in_process', url: address, handler },
        createdAt: engine.nowIso(),
        events: [...new Set(events)],
        description: description ?? null,
        disabled,
        duplicate,
        shuffle,
        deleted: false,
      };
      endpoints.add(record);
      return ok({ ...endpointView(record), secret: record.secret });
    },
    update(mode, id, body) {
      const record = endpoints.get(mode, id);
      if (record === undefined) return noSuch('webhook endpoint');
      const parsed = parseInput(EndpointPatch, body, 'test_helpers.webhook_endpoint.create');
      if (!parsed.ok) return parsed;
      const patch = parsed.value;
      if (patch.events !== undefined) record.events = [...new Set(patch.events)];
      if (patch.description !== undefined) record.description = patch.description;
      if (patch.disabled !== undefined) record.disabled = patch.disabled;
      if (patch.duplicate !== undefined) record.duplicate = patch.duplicate;
      if (patch.shuffle !== undefined) record.shuffle = patch.shuffle;
      return ok(endpointView(record));
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
          return failure('conflict', 'The endpoint of this delivery was deleted.', {
            param: 'endpoint_id',
          });
        case 'refused':
          return failure('conflict', result.message, { param: 'status' });
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
