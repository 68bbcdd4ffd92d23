import type { Mode, WebhookDelivery } from '@glm/domain';
import type { Engine } from '../../core/engine.ts';
import { createDeliveryLog, type DeliveryLog } from './delivery-log.ts';
import type { DeliveryRecord } from './delivery-record.ts';
import { deliveryView } from './delivery-record.ts';
import { Dispatcher, type ResendRefusal } from './dispatcher.ts';
import type { EndpointRegistry } from './endpoint-registry.ts';
import { type FanOut, startFanOut } from './fan-out.ts';
import type { ResolvedWebhookOptions } from './webhook-options.ts';

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

/**
 * The delivery queue of one service instance: fan-out, attempts, retries, inspection (a page or a
 * list of deliveries, and watching them, as the {@link DeliveryLog} answers them).
 */
export interface DeliveryQueue
  extends Pick<DeliveryLog, 'page' | 'list' | 'watch'>,
    Pick<FanOut, 'send' | 'dress'> {
  /** One delivery. */
  get(mode: Mode, id: string): WebhookDelivery | undefined;
  /** Runs what is due, then waits until no attempt is in flight (at most the attempt timeout per round). */
  flush(mode: Mode): Promise<WebhookFlushResult>;
  /** Attempts a delivered or failed delivery once more, now, and answers it after the attempt. */
  resend(
    mode: Mode,
    id: string,
  ): Promise<{ ok: true; delivery: WebhookDelivery } | ({ ok: false } & ResendRefusal)>;
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

/**
 * Builds the delivery queue of a service: the {@link createDeliveryLog | delivery log}, the
 * {@link Dispatcher | dispatcher} that attempts and retries, and the {@link startFanOut | fan-out}
 * that subscribes it to the event log. Attempts run concurrently and independently, so one slow
 * endpoint delays nobody else; retries are jobs on the server clock.
 */
export function createDeliveryQueue(
  engine: Engine,
  endpoints: EndpointRegistry,
  options: ResolvedWebhookOptions,
): DeliveryQueue {
  const log = createDeliveryLog();
  const dispatcher = new Dispatcher({ engine, endpoints, log, options });
  const fanOut = startFanOut(engine, endpoints, log, dispatcher);
  return {
    page: (mode, limit, startingAfter, filter) => log.page(mode, limit, startingAfter, filter),
    list: (filter) => log.list(filter),
    get(mode, id) {
      const record = log.get(mode, id);
      return record === undefined ? undefined : deliveryView(record);
    },
    async flush(mode) {
      const before = log.tally(mode).attempted;
      await dispatcher.settle(() => {
        if (fanOut.holding) fanOut.release();
      });
      const { counts, attempted } = log.tally(mode);
      return { attempted: attempted - before, ...counts };
    },
    resend: (mode, id) => dispatcher.resend(mode, id),
    watch: (listener) => log.watch(listener),
    send: (event, mode) => fanOut.send(event, mode),
    dress: (write) => fanOut.dress(write),
    reset() {
      dispatcher.reset();
      log.clear();
      fanOut.reset();
    },
    exportRecord(mode, id) {
      const record = log.get(mode, id);
      return record === undefined ? undefined : storedOf(record);
    },
    exportRecords: (mode) => log.records(mode).map(storedOf),
    restoreRecords(records) {
      for (const stored of records) {
        const record: DeliveryRecord = {
          ...stored,
          attempts: stored.attempts.map((attempt) => ({ ...attempt })),
          inFlight: false,
        };
        log.restore(record);
        dispatcher.schedule(record);
      }
    },
  };
}
