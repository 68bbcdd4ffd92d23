import type { EventType, Mode } from '@glm/domain';
import type { OrderedCollection, Page } from '../store/ordered-collection.ts';
import { createOrderedCollection } from '../store/ordered-collection.ts';

/** One event in the webhook event envelope. */
export interface ServiceEvent {
  /** `evt_…` identifier, the deduplication key. */
  readonly id: string;
  /** Event type (`order.created`, …): the service emits only the types of the domain's event union. */
  readonly type: EventType;
  /** When it happened, ISO 8601 UTC. */
  readonly created_at: string;
  /** Whether it belongs to test mode. */
  readonly test_mode: boolean;
  /** Always `v2`. */
  readonly api_version: 'v2';
  /** The resource after the change, plus the origin fields of its event type (`checkout_id`, `order_id`, …). */
  readonly data: Readonly<Record<string, unknown>>;
}

/** Called for every appended event, in order; the seam the webhook delivery module subscribes to. */
export type EventListener = (event: ServiceEvent, mode: Mode) => void;

/** Filters for reading the log. */
export interface EventFilter {
  /** Only this mode (both when omitted). */
  readonly mode?: Mode;
  /** Only this event type. */
  readonly type?: string;
}

/** The append-only event log of one service instance, one ordered collection per mode. */
export interface EventLog {
  /** Appends an event and notifies listeners synchronously, in order. */
  append(mode: Mode, event: ServiceEvent): void;
  /** Events oldest first, optionally filtered. */
  list(filter?: EventFilter): ServiceEvent[];
  /** One page newest first for the test-helper list, or `undefined` for an unknown cursor. */
  page(
    mode: Mode,
    limit: number,
    startingAfter: string | undefined,
    type: string | undefined,
  ): Page<ServiceEvent, string> | undefined;
  /** Whether an event id exists in a mode. */
  has(mode: Mode, id: string): boolean;
  /** Registers a listener; answers the function that removes it. */
  subscribe(listener: EventListener): () => void;
  /** Empties the log (listeners stay). */
  clear(): void;
  /** Every event with its mode, oldest first (what a snapshot keeps). */
  entries(): { readonly mode: Mode; readonly event: ServiceEvent }[];
  /** Appends events from a snapshot, oldest first, without telling listeners (nothing is delivered again). */
  restore(entries: readonly { readonly mode: Mode; readonly event: ServiceEvent }[]): void;
}

const newCollection = (): OrderedCollection<ServiceEvent, string> =>
  createOrderedCollection<ServiceEvent, string>(
    (event) => event.id,
    (event) => Date.parse(event.created_at),
  );

/** Creates an empty {@link EventLog}. */
export function createEventLog(): EventLog {
  let byMode = { test: newCollection(), live: newCollection() };
  let ordered: { mode: Mode; event: ServiceEvent }[] = [];
  const listeners = new Set<EventListener>();
  return {
    append(mode, event) {
      byMode[mode].insert(event);
      ordered.push({ mode, event });
      for (const listener of [...listeners]) listener(event, mode);
    },
    list(filter = {}) {
      return ordered
        .filter(
          ({ mode, event }) => (filter.mode ?? mode) === mode && (filter.type ?? event.type) === event.type,
        )
        .map(({ event }) => event);
    },
    page(mode, limit, startingAfter, type) {
      return byMode[mode].page({
        limit,
        startingAfter,
        where: type === undefined ? undefined : (event) => event.type === type,
      });
    },
    has: (mode, id) => byMode[mode].has(id),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      byMode = { test: newCollection(), live: newCollection() };
      ordered = [];
    },
    entries: () => [...ordered],
    restore(entries) {
      for (const { mode, event } of entries) {
        byMode[mode].insert(event);
        ordered.push({ mode, event });
      }
    },
  };
}
