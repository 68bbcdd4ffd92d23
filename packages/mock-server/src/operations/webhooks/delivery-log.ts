import type { Mode, WebhookDelivery, WebhookDeliveryAttempt, WebhookDeliveryStatus } from '@glm/domain';
import type { WebhookDeliveryState } from '@glm/domain/machines';
import type { OrderedCollection, Page } from '../../core/store/ordered-collection.ts';
import { createOrderedCollection } from '../../core/store/ordered-collection.ts';
import { type DeliveryFilter, type DeliveryRecord, deliveryView, matchesFilter } from './delivery-record.ts';

/** What the log counts of one mode's deliveries. */
interface DeliveryTally {
  /** Attempts recorded (all time). */
  readonly attempted: number;
  /** Deliveries by status now. */
  readonly counts: Readonly<Record<WebhookDeliveryStatus, number>>;
}

/**
 * The deliveries of one service instance, per mode: kept in creation order, counted by status, looked
 * up by event, and watched. It records what happens to a delivery; the dispatcher decides it.
 */
export interface DeliveryLog {
  /** Adds a new, pending delivery and tells the watchers. */
  add(record: DeliveryRecord): void;
  /** Loads a delivery as a snapshot kept it (its status counted as it is), telling nobody. */
  restore(record: DeliveryRecord): void;
  /** One delivery's record. */
  get(mode: Mode, id: string): DeliveryRecord | undefined;
  /** One page of a mode's deliveries, newest first, or `undefined` for an unknown cursor. */
  page(
    mode: Mode,
    limit: number,
    startingAfter: string | undefined,
    filter: DeliveryFilter,
  ): Page<WebhookDelivery, string> | undefined;
  /** A mode's deliveries matching `filter` (default mode `test`), oldest first. */
  list(filter: DeliveryFilter): WebhookDelivery[];
  /** A mode's delivery records, oldest first. */
  records(mode: Mode): DeliveryRecord[];
  /** Moves a delivery to the machine's new state, keeping the counts by status. */
  move(record: DeliveryRecord, machine: WebhookDeliveryState): void;
  /** Appends an attempt to a delivery and counts it. */
  recordAttempt(record: DeliveryRecord, attempt: WebhookDeliveryAttempt): void;
  /** Tells the watchers a delivery changed. */
  changed(record: DeliveryRecord): void;
  /** What the log counts of a mode. */
  tally(mode: Mode): DeliveryTally;
  /** Calls `listener` with every created or changed delivery; answers the unsubscribe function. */
  watch(listener: (delivery: WebhookDelivery, mode: Mode) => void): () => void;
  /** Forgets every delivery (the watchers stay). */
  clear(): void;
}

interface ModeDeliveries {
  readonly ordered: OrderedCollection<DeliveryRecord, string>;
  readonly byEvent: Map<string, DeliveryRecord[]>;
  readonly counts: Record<WebhookDeliveryStatus, number>;
  attempted: number;
}

const newModes = (): Record<Mode, ModeDeliveries> => {
  const one = (): ModeDeliveries => ({
    ordered: createOrderedCollection<DeliveryRecord, string>(
      (record) => record.id,
      (record) => Date.parse(record.createdAt),
    ),
    byEvent: new Map(),
    counts: { pending: 0, delivered: 0, failed: 0 },
    attempted: 0,
  });
  return { test: one(), live: one() };
};

/** Builds an empty {@link DeliveryLog}. */
export function createDeliveryLog(): DeliveryLog {
  let modes = newModes();
  const listeners = new Set<(delivery: WebhookDelivery, mode: Mode) => void>();
  const changed = (record: DeliveryRecord): void => {
    if (listeners.size === 0) return;
    const view = deliveryView(record);
    for (const listener of [...listeners]) listener(view, record.mode);
  };
  const insert = (record: DeliveryRecord): void => {
    const state = modes[record.mode];
    state.ordered.insert(record);
    state.counts[record.machine.status] += 1;
    const siblings = state.byEvent.get(record.event.id);
    if (siblings === undefined) state.byEvent.set(record.event.id, [record]);
    else siblings.push(record);
  };
  return {
    add(record) {
      insert(record);
      changed(record);
    },
    restore: insert,
    get: (mode, id) => modes[mode].ordered.get(id),
    page(mode, limit, startingAfter, filter) {
      const page = modes[mode].ordered.page({
        limit,
        startingAfter,
        where: (record) => matchesFilter(record, filter),
      });
      return page === undefined ? undefined : { ...page, data: page.data.map(deliveryView) };
    },
    list(filter) {
      const state = modes[filter.mode ?? 'test'];
      const source =
        filter.eventId === undefined
          ? [...state.ordered.newestFirst()].reverse()
          : (state.byEvent.get(filter.eventId) ?? []);
      return source.filter((record) => matchesFilter(record, filter)).map(deliveryView);
    },
    records: (mode) => [...modes[mode].ordered.newestFirst()].reverse(),
    move(record, machine) {
      const counts = modes[record.mode].counts;
      counts[record.machine.status] -= 1;
      counts[machine.status] += 1;
      record.machine = machine;
    },
    recordAttempt(record, attempt) {
      record.attempts.push(attempt);
      modes[record.mode].attempted += 1;
    },
    changed,
    tally: (mode) => ({ attempted: modes[mode].attempted, counts: { ...modes[mode].counts } }),
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      modes = newModes();
    },
  };
}
