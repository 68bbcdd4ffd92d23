import type { EligibilityDatabaseEntry, Mode } from '@glm/domain';
import type { EligibilityService } from '../../core/eligibility-database.ts';
import type { EventLog, ServiceEvent } from '../../core/events/event-log.ts';
import type { KeyRegistry, StoredApiKey } from '../../core/keys/key-registry.ts';
import type { OrderedCollection, StoredId } from '../../core/store/ordered-collection.ts';
import type { Store } from '../../core/store/store.ts';
import type { ClockMode, VirtualClock } from '../../core/virtual-clock.ts';
import type { IdempotencyRecord, IdempotencyStore } from '../../http/idempotency/idempotency-store.ts';
import type { StoredDelivery } from '../../operations/webhooks/delivery-queue.ts';
import type { StoredEndpoint, StoredEndpoints } from '../../operations/webhooks/endpoint-registry.ts';
import type { Webhooks } from '../../operations/webhooks/webhooks.ts';
import type { SnapshotRow } from './mock-snapshot.ts';

/** The parts of a service whose state a snapshot keeps. */
export interface ServiceParts {
  /** The store. */
  readonly store: Store;
  /** The event log. */
  readonly events: EventLog;
  /** The API keys. */
  readonly keys: KeyRegistry;
  /** The idempotency records. */
  readonly idempotency: IdempotencyStore;
  /** The eligibility database. */
  readonly eligibility: EligibilityService;
  /** The clock and its mode. */
  readonly clock: VirtualClock;
  /** `virtual` or `system`. */
  readonly clockMode: ClockMode;
  /** Webhook endpoints and deliveries. */
  readonly webhooks: Webhooks;
  /** The default keys in force (kept in clear: a sandbox must answer them again after a restart). */
  readonly defaultKeys: { readonly test: string; readonly live: string };
  /** The dashboard token. */
  readonly dashboardToken: string;
  /** The eligibility entries the service started with (a database still holding them is not kept). */
  readonly initialEligibility: readonly EligibilityDatabaseEntry[];
}

/** Rows per table name. */
export type Tables = Record<string, SnapshotRow[]>;

/** The clock as a snapshot keeps it. */
export interface StoredClock {
  /** The clock's mode when the snapshot was taken. */
  readonly mode: ClockMode;
  /** See {@link VirtualClock.offset}. */
  readonly offset: number;
  /** The time then, ISO 8601. */
  readonly now: string;
}

const MODES = ['test', 'live'] as const;

interface Table {
  rows(): SnapshotRow[];
  load(key: string, value: unknown): void;
}

const collectionTable = <T, Id extends StoredId>(
  collection: OrderedCollection<T, Id>,
  keyOf: (item: T) => string,
): Table => ({
  rows: () => [...collection.newestFirst()].reverse().map((item): SnapshotRow => [keyOf(item), item]),
  load: (_key, value) => collection.insert(value as T),
});

const mapTable = <K, V>(map: Map<K, V>, parse: (key: string) => K): Table => ({
  rows: () => [...map].map(([key, value]): SnapshotRow => [String(key), value]),
  load: (key, value) => map.set(parse(key), value as V),
});

const text = (key: string): string => key;

/** The store's tables by name (`products`, `<mode>.<collection>`), as the store observer names them. */
function storeTables(store: Store): Record<string, Table> {
  const tables: Record<string, Table> = {
    products: collectionTable(store.products, (product) => String(product.id)),
    productIdByMerchantId: mapTable(store.productIdByMerchantId, text),
  };
  for (const mode of MODES) {
    const state = store.modes[mode];
    Object.assign(tables, {
      [`${mode}.checkouts`]: collectionTable(state.checkouts, (record) => record.session.checkout_id),
      [`${mode}.orders`]: collectionTable(state.orders, (order) => order.id),
      [`${mode}.orderSequences`]: mapTable(state.orderSequences, Number),
      [`${mode}.paymentLinks`]: collectionTable(state.paymentLinks, (record) => record.link.id),
      [`${mode}.refunds`]: collectionTable(state.refunds, (refund) => refund.id),
      [`${mode}.refundIdsByOrder`]: mapTable(state.refundIdsByOrder, text),
      [`${mode}.disputes`]: collectionTable(state.disputes, (dispute) => dispute.id),
      [`${mode}.subscriptions`]: collectionTable(state.subscriptions, (record) => record.subscription.id),
      [`${mode}.customers`]: mapTable(state.customers, text),
      [`${mode}.customerIdByEmail`]: mapTable(state.customerIdByEmail, text),
      [`${mode}.paymentMethods`]: mapTable(state.paymentMethods, text),
      [`${mode}.paymentMethodIdByCard`]: mapTable(state.paymentMethodIdByCard, text),
    });
  }
  return tables;
}

/** An event as its table keeps it. */
interface StoredEvent {
  /** Its mode. */
  readonly mode: Mode;
  /** The event. */
  readonly event: ServiceEvent;
}

/**
 * The small tables, read whole for each journal batch and compared with what was written: `meta`
 * (clock, counters, default keys, dashboard token, default webhook secrets, and the eligibility
 * database once refreshed), `keys` and `webhookEndpoints`.
 */
export function smallTables(parts: ServiceParts): Tables {
  const { store, clock, clockMode, keys, webhooks } = parts;
  const endpoints = webhooks.endpoints.exportState();
  const stored: StoredClock = { mode: clockMode, offset: clock.offset, now: clock.now().toISOString() };
  return {
    meta: [
      ['clock', clockMode === 'system' ? { ...stored, now: '' } : stored],
      ['counters', { lastProductId: store.lastProductId, lastImageId: store.lastImageId }],
      ['defaultKeys', parts.defaultKeys],
      ['dashboardToken', parts.dashboardToken],
      ['webhookSecrets', endpoints.secrets],
      ...(parts.eligibility.entries === parts.initialEligibility
        ? []
        : [
            [
              'eligibility',
              { version: parts.eligibility.version, entries: parts.eligibility.entries },
            ] as SnapshotRow,
          ]),
    ],
    keys: keys.exportKeys().map((key): SnapshotRow => [key.record.id, key]),
    webhookEndpoints: endpoints.endpoints.map((endpoint): SnapshotRow => [endpointKey(endpoint), endpoint]),
  };
}

const endpointKey = (endpoint: StoredEndpoint): string => `${endpoint.mode}:${endpoint.id}`;

/** Every table of a service's state. */
export function captureTables(parts: ServiceParts): Tables {
  const tables: Tables = {};
  for (const [name, table] of Object.entries(storeTables(parts.store))) tables[name] = table.rows();
  tables['events'] = parts.events.entries().map((entry): SnapshotRow => [entry.event.id, entry]);
  tables['idempotency'] = parts.idempotency.exportRecords();
  tables['webhookDeliveries'] = MODES.flatMap((mode) =>
    parts.webhooks.queue.exportRecords(mode).map((record): SnapshotRow => [record.id, record]),
  );
  Object.assign(tables, smallTables(parts));
  return tables;
}

/** A meta row's value, if the snapshot has it. */
export function metaOf<T>(tables: Tables, key: string): T | undefined {
  return tables['meta']?.find((row) => row[0] === key)?.[1] as T | undefined;
}

/**
 * Loads a snapshot's tables into a fresh service's parts (nothing is delivered or journaled again);
 * the clock, default keys and dashboard token are read by the caller first, and jobs are scheduled
 * again by `rescheduleJobs`.
 */
export function restoreTables(parts: ServiceParts, tables: Tables): void {
  const { store } = parts;
  for (const [name, table] of Object.entries(storeTables(store))) {
    for (const [key, value] of tables[name] ?? []) table.load(key, value);
  }
  const counters = metaOf<{ lastProductId: number; lastImageId: number }>(tables, 'counters');
  if (counters !== undefined) {
    store.lastProductId = counters.lastProductId;
    store.lastImageId = counters.lastImageId;
  }
  parts.events.restore((tables['events'] ?? []).map(([, value]) => value as StoredEvent));
  parts.keys.clear();
  parts.keys.restoreKeys((tables['keys'] ?? []).map(([, value]) => value as StoredApiKey));
  // A batch journals a forgotten-then-stored key in its first place: sort back into `storedAt` order.
  const records = (tables['idempotency'] ?? []) as [string, IdempotencyRecord][];
  parts.idempotency.restoreRecords([...records].sort((a, b) => a[1].storedAt - b[1].storedAt));
  const eligibility = metaOf<{ version: string; entries: EligibilityDatabaseEntry[] }>(tables, 'eligibility');
  if (eligibility !== undefined) parts.eligibility.refresh(eligibility.version, eligibility.entries);
  const secrets = metaOf<StoredEndpoints['secrets']>(tables, 'webhookSecrets');
  parts.webhooks.endpoints.restoreState({
    secrets: secrets ?? {
      test: parts.webhooks.endpoints.defaultSecret('test'),
      live: parts.webhooks.endpoints.defaultSecret('live'),
    },
    endpoints: (tables['webhookEndpoints'] ?? []).map(([, value]) => value as StoredEndpoint),
  });
  parts.webhooks.queue.restoreRecords(
    (tables['webhookDeliveries'] ?? []).map(([, value]) => value as StoredDelivery),
  );
}
