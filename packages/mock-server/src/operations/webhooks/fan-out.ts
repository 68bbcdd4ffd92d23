import type { EventType, Mode } from '@glm/domain';
import { startWebhookDelivery } from '@glm/domain/machines';
import type { Engine } from '../../core/engine.ts';
import type { ServiceEvent } from '../../core/events/event-log.ts';
import type { DeliveryLog } from './delivery-log.ts';
import type { DeliveryRecord } from './delivery-record.ts';
import type { Dispatcher } from './dispatcher.ts';
import type { EndpointRecord, EndpointRegistry } from './endpoint-registry.ts';
import { seededShuffle } from './seeded-shuffle.ts';
import { webhookUrlOf } from './webhook-url.ts';

/** The fan-out of events into deliveries, with the shuffled endpoints' deliveries held back until released. */
export interface FanOut {
  /** Attempts the held-back deliveries of shuffled endpoints now, each batch in a random order. */
  release(): void;
  /** Whether deliveries are held back, waiting for {@link FanOut.release}. */
  readonly holding: boolean;
  /** Drops the held-back deliveries. */
  reset(): void;
  /** Fans out an event that is not in the event log (an event type of a later API version). */
  send(event: ServiceEvent, mode: Mode): void;
  /** Sets how an event is written into delivery bodies (members of a later API version added). */
  dress(write: (event: ServiceEvent, mode: Mode) => ServiceEvent): void;
}

const subscribed = (endpoint: EndpointRecord, type: EventType): boolean =>
  !endpoint.disabled && (endpoint.events.includes('*') || endpoint.events.includes(type));

/**
 * Subscribes the deliveries to the event log. Each event fans out at once to every live, enabled
 * endpoint of its mode subscribed to its type (`duplicate` times each) and to its checkout's
 * `metadata.webhook_url` (signed with the mode's default secret), and each delivery is attempted at
 * once. A shuffled endpoint's deliveries wait until the burst of events that made them ends (the
 * operation that emitted them returns), then go out in a random order drawn from the engine's random
 * source, so a seeded service shuffles reproducibly.
 */
export function startFanOut(
  engine: Engine,
  endpoints: EndpointRegistry,
  log: DeliveryLog,
  dispatcher: Dispatcher,
): FanOut {
  let shuffled = new Map<string, DeliveryRecord[]>();
  let releaseQueued = false;

  const release = (): void => {
    releaseQueued = false;
    const batches = shuffled;
    shuffled = new Map();
    for (const batch of batches.values()) {
      seededShuffle(batch, engine.random);
      for (const record of batch) void dispatcher.attempt(record);
    }
  };

  const create = (
    addressed: Pick<DeliveryRecord, 'mode' | 'event' | 'body' | 'endpointId' | 'url'>,
  ): DeliveryRecord => {
    const record: DeliveryRecord = {
      id: `whdel_${engine.token(24)}`,
      ...addressed,
      createdAt: engine.clockNow().toISOString(),
      machine: startWebhookDelivery(engine.clockNow().toISOString()),
      attempts: [],
      inFlight: false,
    };
    log.add(record);
    return record;
  };

  let dressed = (event: ServiceEvent, _mode: Mode): ServiceEvent => event;
  const send = (event: ServiceEvent, mode: Mode): void => {
    let body: string | undefined;
    const bodyOf = (): string => {
      body ??= JSON.stringify(dressed(event, mode));
      return body;
    };
    for (const endpoint of endpoints.all(mode)) {
      if (!subscribed(endpoint, event.type)) continue;
      for (let copy = 0; copy < endpoint.duplicate; copy++) {
        const record = create({
          mode,
          event,
          body: bodyOf(),
          endpointId: endpoint.id,
          url: endpoint.transport.url,
        });
        if (!endpoint.shuffle) {
          void dispatcher.attempt(record);
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
    if (url !== undefined)
      void dispatcher.attempt(create({ mode, event, body: bodyOf(), endpointId: null, url }));
  };
  engine.events.subscribe(send);

  return {
    release,
    get holding() {
      return releaseQueued;
    },
    reset() {
      shuffled = new Map();
    },
    send,
    dress(write) {
      dressed = write;
    },
  };
}
