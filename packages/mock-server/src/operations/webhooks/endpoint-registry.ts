import {
  type EventSubscription,
  generateWebhookSecret,
  type Mode,
  type RandomBytes,
  type WebhookEndpoint,
} from '@glm/domain';
import type { Page } from '../../core/store/ordered-collection.ts';
import { createOrderedCollection } from '../../core/store/ordered-collection.ts';
import type { WebhookTransport } from './transport/send-webhook.ts';

/** A registered endpoint as the mock answers it: the endpoint object plus its switches (our addition). */
export type MockWebhookEndpoint = WebhookEndpoint & {
  /** A disabled endpoint receives nothing until enabled again. */
  readonly disabled: boolean;
  /** Fault injection: every event is delivered this many times (1 = once). */
  readonly duplicate: number;
  /** Fault injection: deliveries of one burst of events go out in a random order. */
  readonly shuffle: boolean;
};

/** An endpoint as the registry keeps it. */
export interface EndpointRecord {
  /** `whep_…`. */
  readonly id: string;
  /** Endpoints, like deliveries, belong to one mode. */
  readonly mode: Mode;
  /** `whsec_…`, shown once at registration. */
  readonly secret: string;
  /** How deliveries reach it. */
  readonly transport: WebhookTransport;
  /** Registration time, ISO 8601 UTC. */
  readonly createdAt: string;
  /** Subscribed event types, or `*`. */
  events: readonly EventSubscription[];
  /** Free text. */
  description: string | null;
  /** See {@link MockWebhookEndpoint}. */
  disabled: boolean;
  /** See {@link MockWebhookEndpoint}. */
  duplicate: number;
  /** See {@link MockWebhookEndpoint}. */
  shuffle: boolean;
  /** Deleted endpoints stay in the ordered collection (cursors keep working) but are invisible. */
  deleted: boolean;
}

/** An endpoint as a snapshot keeps it: its record without the transport, whose URL it keeps. */
export type StoredEndpoint = Omit<EndpointRecord, 'transport'> & {
  /** Where deliveries go. */
  readonly url: string;
  /** Whether it was registered with an in-process handler (which no snapshot can keep). */
  readonly inProcess: boolean;
};

/** The registry as a snapshot keeps it. */
export interface StoredEndpoints {
  /** The per-mode default secrets. */
  readonly secrets: Readonly<Record<Mode, string>>;
  /** Every endpoint, deleted ones included (cursors keep working), oldest first. */
  readonly endpoints: readonly StoredEndpoint[];
}

/** The endpoints of one service instance and the per-mode default secrets for `metadata.webhook_url`. */
export interface EndpointRegistry {
  /** Adds an endpoint. */
  add(record: EndpointRecord): void;
  /** A live (not deleted) endpoint of a mode. */
  get(mode: Mode, id: string): EndpointRecord | undefined;
  /** Live endpoints of a mode, oldest first. */
  all(mode: Mode): EndpointRecord[];
  /** One page, newest first, or `undefined` when the cursor names no endpoint. */
  page(
    mode: Mode,
    limit: number,
    startingAfter: string | undefined,
  ): Page<MockWebhookEndpoint, string> | undefined;
  /** The merchant's default secret of a mode; stable across `reset()`, like the default API keys. */
  defaultSecret(mode: Mode): string;
  /** Drops every endpoint (default secrets stay). */
  clear(): void;
  /** The secrets and endpoints, for a snapshot. */
  exportState(): StoredEndpoints;
  /**
   * Loads a snapshot's secrets and endpoints. An endpoint registered with an in-process handler comes
   * back without it: deliveries to it fail until it is registered again.
   */
  restoreState(state: StoredEndpoints): void;
}

/** The wire view of an endpoint (never the secret). */
export function endpointView(record: EndpointRecord): MockWebhookEndpoint {
  return {
    id: record.id,
    url: record.transport.url,
    events: [...record.events],
    description: record.description,
    created_at: record.createdAt,
    disabled: record.disabled,
    duplicate: record.duplicate,
    shuffle: record.shuffle,
  };
}

const newCollections = () => ({
  test: createOrderedCollection<EndpointRecord, string>(
    (record) => record.id,
    (record) => Date.parse(record.createdAt),
  ),
  live: createOrderedCollection<EndpointRecord, string>(
    (record) => record.id,
    (record) => Date.parse(record.createdAt),
  ),
});

/** Creates an empty {@link EndpointRegistry} with fresh default secrets drawn from `random`. */
export function createEndpointRegistry(random: RandomBytes): EndpointRegistry {
  let secrets = { test: generateWebhookSecret(random), live: generateWebhookSecret(random) };
  let byMode = newCollections();
  return {
    add: (record) => byMode[record.mode].insert(record),
    get(mode, id) {
      const record = byMode[mode].get(id);
      return record === undefined || record.deleted ? undefined : record;
    },
    all: (mode) => [...byMode[mode].newestFirst()].filter((record) => !record.deleted).reverse(),
    page(mode, limit, startingAfter) {
      const page = byMode[mode].page({ limit, startingAfter, where: (record) => !record.deleted });
      return page === undefined ? undefined : { ...page, data: page.data.map(endpointView) };
    },
    defaultSecret: (mode) => secrets[mode],
    clear() {
      byMode = newCollections();
    },
    exportState: () => ({
      secrets: { ...secrets },
      endpoints: (['test', 'live'] as const).flatMap((mode) =>
        [...byMode[mode].newestFirst()].reverse().map(({ transport, ...rest }) => ({
          ...rest,
          events: [...rest.events],
          url: transport.url,
          inProcess: transport.kind === 'in_process',
        })),
      ),
    }),
    restoreState(state) {
      secrets = { ...(state.secrets as typeof secrets) };
      for (const { url, inProcess: _inProcess, ...rest } of state.endpoints) {
        byMode[rest.mode].insert({ ...rest, events: [...rest.events], transport: { kind: 'http', url } });
      }
    },
  };
}
