import type { EventType, Mode, WebhookDelivery, WebhookDeliveryStatus } from '@glm/domain';
import {
  startWebhookDelivery,
  type WebhookDeliveryState,
  webhookDeliveryTransition,
} from '@glm/domain/machines';
import type { Engine } from '../../core/engine.ts';
import type { ServiceEvent } from '../../core/events/event-log.ts';
import type { OrderedCollection, Page } from '../../core/store/ordered-collection.ts';
import { createOrderedCollection } from '../../core/store/ordered-collection.ts';
import { type DeliveryFilter, type DeliveryRecord, deliveryView, matchesFilter } from './delivery-record.ts';
import type { EndpointRecord, EndpointRegistry } from './endpoint-registry.ts';
import { createConcurrencyGate } from './transport/concurrency-gate.ts';
import { type AttemptOutcome, sendWebhook, type WebhookTransport } from './transport/send-webhook.ts';
import { signatureHeader } from './transport/sign-delivery.ts';
import { WEBHOOK_USER_AGENT } from './transport/user-agent.ts';
import type { ResolvedWebhookOptions } from './webhook-options.ts';
import { webhookUrlOf } from './webhook-url.ts';

/** What a flush did, for the caller's mode. */
export interface WebhookFlushResult {
  /** Attempts whose outcome was recorded during the flush (attempts that finished before it are not counted). */
  readonly attempted: number;
  /** Deliveries still waiting for a retry after it. */
  readonly pending: number;
  /** Deliveries delivered (all time). */
  readonly delivered: number;
  /** Deliveries out of attempts (all time). */
  readonly failed: number;
}

/** Why a resend is refused: no such delivery, its endpoint is gone, or the machine's refusal. */
type ResendRefusal =
  | { readonly reason: 'not_found' | 'endpoint_deleted' }
  | { readonly reason: 'refused'; readonly message: string };

/** The delivery queue of one service instance: fan-out, attempts, retries, inspection. */
export interface DeliveryQueue {
  /** One page of a mode's deliveries, newest first, or `undefined` for an unknown cursor. */
  page(
    mode: Mode,
    limit: number,
    startingAfter: string | undefined,
    filter: DeliveryFilter,
  ): Page<WebhookDelivery, string> | undefined;
  /** A mode's deliveries matching `filter`, oldest first. */
  list(filter: DeliveryFilter): WebhookDelivery[];
  /** One delivery. */
  get(mode: Mode, id: string): WebhookDelivery | undefined;
  /** Runs what is due, then waits until no attempt is in flight (at most the attempt timeout per round). */
  flush(mode: Mode): Promise<WebhookFlushResult>;
  /** Attempts a delivered or failed delivery once more, now, and answers it after the attempt. */
  resend(
    mode: Mode,
    id: string,
  ): Promise<{ ok: true; delivery: WebhookDelivery } | ({ ok: false } & ResendRefusal)>;
  /** Calls `listener` with every created or changed delivery; answers the unsubscribe function. */
  watch(listener: (delivery: WebhookDelivery, mode: Mode) => void): () => void;
  /** Forgets every delivery; attempts in flight finish unrecorded. */
  reset(): void;
  /** A delivery as a snapshot keeps it. */
  exportRecord(mode: Mode, id: string): StoredDelivery | undefined;
  /** A mode's deliveries as a snapshot keeps them, oldest first. */
  exportRecords(mode: Mode): StoredDelivery[];
  /**
   * Loads a snapshot's deliveries, oldest first; pending ones are scheduled again at their next
   * attempt (one that was running when the snapshot was taken is attempted again).
   */
  restoreRecords(records: readonly StoredDelivery[]): void;
}

/** A delivery as a snapshot keeps it: its record without the in-flight flag. */
export type StoredDelivery = Omit<DeliveryRecord, 'inFlight'>;

const storedOf = ({ inFlight: _inFlight, attempts, ...rest }: DeliveryRecord): StoredDelivery => ({
  ...rest,
  attempts: attempts.map((attempt) => ({ ...attempt })),
});

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

const refusedAttempt = (error: string): AttemptOutcome => ({
  delivered: false,
  statusCode: null,
  responseBody: null,
  error,
  durationMs: 0,
});

/**
 * Builds the delivery queue and subscribes it to the event log. Each event fans out at once to every
 * live, enabled endpoint of its mode subscribed to its type (`duplicate` times each) and to its
 * checkout's `metadata.webhook_url` (signed with the mode's default secret). Attempts run concurrently
 * and independently, so one slow endpoint delays nobody else; retries are jobs on the server clock.
 */
export function createDeliveryQueue(
  engine: Engine,
  endpoints: EndpointRegistry,
  options: ResolvedWebhookOptions,
): DeliveryQueue {
  let modes = newModes();
  let generation = 0;
  const inFlight = new Set<Promise<void>>();
  const listeners = new Set<(delivery: WebhookDelivery, mode: Mode) => void>();
  const gate = createConcurrencyGate(options.maxConcurrentPerEndpoint);
  let shuffled = new Map<string, DeliveryRecord[]>();
  let releaseQueued = false;

  const notify = (record: DeliveryRecord): void => {
    if (listeners.size === 0) return;
    const view = deliveryView(record);
    for (const listener of [...listeners]) listener(view, record.mode);
  };
  const setMachine = (record: DeliveryRecord, machine: WebhookDeliveryState): void => {
    const counts = modes[record.mode].counts;
    counts[record.machine.status] -= 1;
    counts[machine.status] += 1;
    record.machine = machine;
  };

  const target = (
    record: DeliveryRecord,
  ): { transport: WebhookTransport; secret: string } | { refusal: string; final: boolean } => {
    if (record.endpointId === null) {
      return { transport: { kind: 'http', url: record.url }, secret: endpoints.defaultSecret(record.mode) };
    }
    const endpoint = endpoints.get(record.mode, record.endpointId);
    if (endpoint === undefined)
      return { refusal: 'The endpoint was deleted; nothing was sent.', final: true };
    if (endpoint.disabled) return { refusal: 'The endpoint is disabled; nothing was sent.', final: false };
    return { transport: endpoint.transport, secret: endpoint.secret };
  };

  const send = async (record: DeliveryRecord, number: number, transport: WebhookTransport, secret: string) =>
    gate.run(record.endpointId ?? `url:${record.url}`, async () =>
      sendWebhook(transport, {
        headers: {
          authorization: `Bearer ${secret}`,
          // Signed with the sender's wall clock at the moment of sending, never the virtual clock: a
          // receiver checks `t` against its own real clock, also after the test clock moved days ahead.
          'x-service-signature': await signatureHeader(secret, Math.floor(Date.now() / 1000), record.body),
          'x-webhook-id': record.event.id,
          'x-webhook-attempt': String(number),
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
        },
        body: record.body,
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      }),
    );

  const schedule = (record: DeliveryRecord): void => {
    const due = record.machine.next_attempt_at;
    if (record.machine.status !== 'pending' || due === null) return;
    const started = generation;
    engine.schedule(Date.parse(due), () => {
      if (started === generation && record.machine.next_attempt_at === due && !record.inFlight)
        void attempt(record);
    });
  };

  /** One attempt; the domain machine decides delivered, the next due time, or failed. */
  const attempt = (record: DeliveryRecord): Promise<void> => {
    const started = generation;
    // The attempt's recorded time is the server clock when it starts, which schedules the next attempt;
    // the signature's t is the wall clock (see send).
    const at = engine.clockNow().getTime();
    const number = record.attempts.length + 1;
    record.inFlight = true;
    const run = async (): Promise<void> => {
      const reached = target(record);
      const outcome =
        'refusal' in reached
          ? refusedAttempt(reached.refusal)
          : await send(record, number, reached.transport, reached.secret);
      if (started !== generation) return;
      record.inFlight = false;
      const attemptedAt = new Date(at).toISOString();
      record.attempts.push({
        attempt: number,
        attempted_at: attemptedAt,
        status_code: outcome.statusCode,
        duration_ms: outcome.durationMs,
        response_body: outcome.responseBody,
        error: outcome.error,
      });
      modes[record.mode].attempted += 1;
      const moved = webhookDeliveryTransition(record.machine, {
        type: 'attempt',
        now: attemptedAt,
        // A 200 whose body did not arrive in time is not a 200 that counts.
        response_status: outcome.delivered ? 200 : outcome.statusCode === 200 ? null : outcome.statusCode,
      });
      // Refused only if this attempt was not due, which the scheduling above rules out; fail loudly in the record.
      setMachine(
        record,
        moved.ok
          ? moved.state
          : { status: 'failed', attempts: record.machine.attempts, next_attempt_at: null },
      );
      schedule(record);
      notify(record);
    };
    const promise = run().finally(() => inFlight.delete(promise));
    inFlight.add(promise);
    return promise;
  };

  const release = (): void => {
    releaseQueued = false;
    const batches = shuffled;
    shuffled = new Map();
    for (const batch of batches.values()) {
      // Fisher–Yates with the instance's random source, so a seeded service shuffles reproducibly.
      for (let i = batch.length - 1; i > 0; i--) {
        const [a = 0, b = 0, c = 0, d = 0] = engine.random(4);
        const j = (((a << 24) | (b << 16) | (c << 8) | d) >>> 0) % (i + 1);
        const swap = batch[i];
        const other = batch[j];
        if (swap === undefined || other === undefined) continue;
        batch[i] = other;
        batch[j] = swap;
      }
      for (const record of batch) void attempt(record);
    }
  };

  const create = (
    mode: Mode,
    event: ServiceEvent,
    body: string,
    endpointId: string | null,
    url: string,
  ): DeliveryRecord => {
    const record: DeliveryRecord = {
      id: `whdel_${engine.token(24)}`,
      mode,
      event,
      body,
      endpointId,
      url,
      createdAt: engine.clockNow().toISOString(),
      machine: startWebhookDelivery(engine.clockNow().toISOString()),
      attempts: [],
      inFlight: false,
    };
    const state = modes[mode];
    state.ordered.insert(record);
    state.counts.pending += 1;
    const siblings = state.byEvent.get(event.id);
    if (siblings === undefined) state.byEvent.set(event.id, [record]);
    else siblings.push(record);
    notify(record);
    return record;
  };

  const subscribed = (endpoint: EndpointRecord, type: EventType): boolean =>
    !endpoint.disabled && (endpoint.events.includes('*') || endpoint.events.includes(type));

  engine.events.subscribe((event, mode) => {
    let body: string | undefined;
    const bodyOf = (): string => {
      body ??= JSON.stringify(event);
      return body;
    };
    for (const endpoint of endpoints.all(mode)) {
      if (!subscribed(endpoint, event.type)) continue;
      for (let copy = 0; copy < endpoint.duplicate; copy++) {
        const record = create(mode, event, bodyOf(), endpoint.id, endpoint.transport.url);
        if (!endpoint.shuffle) {
          void attempt(record);
          continue;
        }
        const batch = shuffled.get(endpoint.id);
        if (batch === undefined) shuffled.set(endpoint.id, [record]);
        else batch.push(record);
        if (!releaseQueued) {
          releaseQueued = true;
          // A burst of events emitted by one operation ends before microtasks run.
          queueMicrotask(release);
        }
      }
    }
    const url = webhookUrlOf(engine.store, mode, event.data);
    if (url !== undefined) void attempt(create(mode, event, bodyOf(), null, url));
  });

  const view = (mode: Mode, id: string): DeliveryRecord | undefined => modes[mode].ordered.get(id);

  return {
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
    get(mode, id) {
      const record = view(mode, id);
      return record === undefined ? undefined : deliveryView(record);
    },
    async flush(mode) {
      const before = modes[mode].attempted;
      const started = generation;
      // Until a round starts nothing: a retry whose due time passed while its attempt ran is due now.
      for (;;) {
        if (releaseQueued) release();
        engine.runDue();
        if (inFlight.size === 0 || started !== generation) break;
        await Promise.allSettled([...inFlight]);
      }
      const { counts, attempted } = modes[mode];
      return { attempted: attempted - before, ...counts };
    },
    async resend(mode, id) {
      const record = view(mode, id);
      if (record === undefined) return { ok: false, reason: 'not_found' } as const;
      if (record.endpointId !== null && endpoints.get(mode, record.endpointId) === undefined) {
        return { ok: false, reason: 'endpoint_deleted' } as const;
      }
      const moved = webhookDeliveryTransition(record.machine, {
        type: 'resend',
        now: engine.clockNow().toISOString(),
      });
      if (!moved.ok || record.inFlight) {
        const message = moved.ok ? 'An attempt of this delivery is running.' : moved.message;
        return { ok: false, reason: 'refused', message } as const;
      }
      setMachine(record, moved.state);
      await attempt(record);
      return { ok: true, delivery: deliveryView(record) } as const;
    },
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      generation += 1;
      modes = newModes();
      shuffled = new Map();
    },
    exportRecord(mode, id) {
      const record = view(mode, id);
      return record === undefined ? undefined : storedOf(record);
    },
    exportRecords: (mode) => [...modes[mode].ordered.newestFirst()].reverse().map(storedOf),
    restoreRecords(records) {
      for (const stored of records) {
        const record: DeliveryRecord = {
          ...stored,
          attempts: stored.attempts.map((attempt) => ({ ...attempt })),
          inFlight: false,
        };
        const state = modes[record.mode];
        state.ordered.insert(record);
        state.counts[record.machine.status] += 1;
        const siblings = state.byEvent.get(record.event.id);
        if (siblings === undefined) state.byEvent.set(record.event.id, [record]);
        else siblings.push(record);
        schedule(record);
      }
    },
  };
}
