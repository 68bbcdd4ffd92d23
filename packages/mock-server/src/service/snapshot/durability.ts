import type { Engine } from '../../core/engine.ts';
import { type ApiError, errorBody, refusal, statusOf } from '../../core/outcome.ts';
import type { StoreObserver } from '../../core/store/store-observer.ts';
import type { IdempotencyObserver } from '../../http/idempotency/idempotency-store.ts';
import type { PipelineCore, PipelineReply } from '../../http/pipeline/pipeline-request.ts';
import type { Webhooks } from '../../operations/webhooks/webhooks.ts';
import type { PagesOptions } from '../../pages/pages.ts';
import { type ChangeTracker, createChangeTracker } from './change-tracker.ts';
import { MOCK_SNAPSHOT_VERSION, type MockSnapshot, readSnapshot } from './mock-snapshot.ts';
import { rescheduleJobs } from './reschedule-jobs.ts';
import {
  captureTables,
  clockStartOf,
  metaOf,
  restoreTables,
  type ServiceParts,
  smallTables as smallOf,
  type Tables,
} from './service-state.ts';
import type { StateJournal } from './state-journal.ts';

/** The options {@link createDurability} reads. */
export interface DurabilityOptions extends PagesOptions {
  /** A snapshot to start from. */
  readonly snapshot?: MockSnapshot;
  /** Where changes are journaled. */
  readonly journal?: StateJournal;
}

/**
 * What a service needs to start from a snapshot and, with a journal, to answer a change only once it
 * is durable. Without either, every part is a no-op and costs nothing per request.
 */
export interface Durability {
  /** Whether the service starts from a snapshot. */
  readonly restoring: boolean;
  /** The clock's start read from the snapshot. */
  readonly start: Date | undefined;
  /** The default keys read from the snapshot. */
  readonly defaultKeys: { readonly test: string; readonly live: string } | undefined;
  /** The store observer (journal only). */
  readonly observeStore: StoreObserver | undefined;
  /** The idempotency observer (journal only). */
  readonly observeIdempotency: IdempotencyObserver | undefined;
  /** The pages options with the snapshot's dashboard token unless one is given. */
  pagesOptions<T extends PagesOptions>(options: T): T;
  /** The pipeline answering only once the request's changes are durable. */
  pipeline(core: PipelineCore): PipelineCore;
  /** The fetch handler answering only once the request's changes are durable. */
  handle(handle: (request: Request) => Promise<Response>): (request: Request) => Promise<Response>;
  /** Subscribes the journal to events and deliveries (after the service's parts exist). */
  attach(engine: Engine, webhooks: Webhooks, parts: () => ServiceParts): void;
  /** Runs the service's loading without journaling it. */
  quietly(load: () => void): void;
  /** Loads the snapshot into the parts and schedules its jobs again. */
  restore(parts: ServiceParts, engine: Engine): void;
  /** Journals the whole state in place of the old one (after a reset or a fresh start). */
  replaceAll(parts: ServiceParts): void;
  /** The whole state, as plain JSON. */
  snapshot(parts: ServiceParts, takenAt: string): MockSnapshot;
  /** Makes every change so far durable; answers the refusal of a journal that could not be written. */
  flush(): Promise<ApiError | undefined>;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The refusal of a request whose changes could not be made durable. */
const unavailable = (error: unknown): ApiError =>
  refusal(
    'service_unavailable',
    `The mock server could not write its data directory, so the change may not survive a restart: ${error instanceof Error ? error.message : String(error)}`,
  );

/** Builds the {@link Durability} of a service from its options. */
export function createDurability(options: DurabilityOptions): Durability {
  const snapshot = options.snapshot === undefined ? undefined : readSnapshot(options.snapshot);
  const tables: Tables | undefined = snapshot?.tables;
  const { journal } = options;
  let tracker: ChangeTracker | undefined;
  const change = (table: string, key: string, value: unknown): void => tracker?.change(table, key, value);

  const durable = async (method: string): Promise<ApiError | undefined> => {
    if (tracker === undefined) return undefined;
    try {
      await tracker.commit(MUTATING.has(method));
      return undefined;
    } catch (error) {
      return unavailable(error);
    }
  };

  return {
    restoring: snapshot !== undefined,
    start: tables === undefined ? undefined : clockStartOf(tables),
    defaultKeys: tables === undefined ? undefined : metaOf(tables, 'defaultKeys'),
    observeStore: journal === undefined ? undefined : change,
    observeIdempotency: journal === undefined ? undefined : (id, record) => change('idempotency', id, record),
    pagesOptions(given) {
      const token = tables === undefined ? undefined : metaOf<string>(tables, 'dashboardToken');
      return given.dashboardToken !== undefined || token === undefined
        ? given
        : { ...given, dashboardToken: token };
    },
    pipeline(core) {
      if (journal === undefined) return core;
      return async (request) => {
        const reply = await core(request);
        const refused = await durable(request.method);
        if (refused === undefined) return reply;
        const failed: PipelineReply = {
          status: statusOf(refused),
          headers: { ...reply.headers, 'content-type': 'application/json' },
          body: JSON.stringify(errorBody(refused)),
        };
        return failed;
      };
    },
    handle(handle) {
      if (journal === undefined) return handle;
      return async (request) => {
        const response = await handle(request);
        const refused = await durable(request.method);
        if (refused === undefined) return response;
        return new Response(JSON.stringify(errorBody(refused)), {
          status: statusOf(refused),
          headers: { 'content-type': 'application/json' },
        });
      };
    },
    attach(engine, webhooks, parts) {
      if (journal === undefined) return;
      tracker = createChangeTracker({ journal, smallTables: () => smallOf(parts()) });
      engine.events.subscribe((event, mode) => change('events', event.id, { mode, event }));
      webhooks.queue.watch((delivery, mode) =>
        change('webhookDeliveries', delivery.id, () => webhooks.queue.exportRecord(mode, delivery.id)),
      );
    },
    quietly(load) {
      if (tracker === undefined) load();
      else tracker.quietly(load);
    },
    restore(parts, engine) {
      if (tables === undefined) return;
      restoreTables(parts, tables);
      rescheduleJobs(engine);
      if (tracker !== undefined) {
        tracker.assumeWritten(tables);
        // Whatever the options changed (another dashboard token, clock mode) is written at once.
        tracker.commit(true).catch(() => undefined);
      }
    },
    replaceAll(parts) {
      tracker?.replaceAll(captureTables(parts));
    },
    flush: () => durable('POST'),
    snapshot(parts, takenAt) {
      const value: MockSnapshot = {
        format: 'glm-mock-snapshot',
        version: MOCK_SNAPSHOT_VERSION,
        taken_at: takenAt,
        tables: captureTables(parts),
      };
      return JSON.parse(JSON.stringify(value)) as MockSnapshot;
    },
  };
}
