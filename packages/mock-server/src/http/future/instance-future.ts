import type { Mode } from '@glm/domain';
import {
  FUTURE_EVENT_TYPE,
  FUTURE_HEADER,
  type FutureMode,
  type FutureModeRequest,
  futureBody,
  futureEventData,
  NO_FUTURE,
  parseFutureList,
  withChanges,
} from '@glm/domain/test-helpers';
import type { Engine } from '../../core/engine.ts';
import type { ServiceEvent } from '../../core/events/event-log.ts';
import type { DeliveryQueue } from '../../operations/webhooks/delivery-queue.ts';
import { type Answer, refusalAnswer } from '../answer.ts';

/** One merchant's future mode: what it answers as a later API version would. */
export interface InstanceFuture {
  /** The merchant's setting (the server's `--future` until changed; a reset returns to it). */
  current(): FutureMode;
  /** Switches changes on or off; the others stay. */
  set(changes: FutureModeRequest): FutureMode;
  /** Back to the server's setting. */
  reset(): void;
  /**
   * The changes a request gets: the `Glm-Mock-Future` header's when it has one, else the merchant's
   * setting (test mode only); the refusal of a live key (`403`) or a malformed header (`400`).
   */
  forRequest(header: string | null, mode: Mode): FutureMode | Answer;
  /** How many test-mode events the merchant emitted so far (a request's events are those it added). */
  emitted(): number;
  /** Sends one event of a type no contract names today, after a request's events, to endpoints of every event. */
  sendFutureEvents(count: number): void;
}

/** What one merchant's future mode works with. */
export interface InstanceFutureParts {
  /** The merchant's engine: its event log and ids. */
  readonly engine: Engine;
  /** Where future events and the webhook data of later versions go. */
  readonly deliveries: Pick<DeliveryQueue, 'send' | 'dress'>;
  /** The server's setting (`glm-mock serve --future`). */
  readonly initial: FutureMode | undefined;
}

/**
 * Builds a merchant's future mode: with `fields` on, webhook event data gains the members of a later
 * version; with `events` on, every test-mode event is followed by an event of a new type.
 */
export function createInstanceFuture(parts: InstanceFutureParts): InstanceFuture {
  const { engine, deliveries } = parts;
  const initial = parts.initial ?? NO_FUTURE;
  let setting: FutureMode = { ...initial };
  let emitted = 0;
  // Counted ids: the server's random source, and so every id a seeded service makes, stays as it was.
  let sent = 0;
  const futureEvent = (): ServiceEvent => {
    sent += 1;
    return {
      id: `evt_future_${sent}`,
      type: FUTURE_EVENT_TYPE as ServiceEvent['type'],
      created_at: engine.nowIso(),
      test_mode: true,
      api_version: 'v2',
      data: futureEventData(`fut_${sent}`),
    };
  };
  const sendFutureEvents = (count: number): void => {
    for (let index = 0; index < count; index += 1) deliveries.send(futureEvent(), 'test');
  };
  engine.events.subscribe((_event, mode) => {
    if (mode !== 'test') return;
    emitted += 1;
    if (setting.events) sendFutureEvents(1);
  });
  deliveries.dress((event, mode) =>
    mode === 'test' && setting.fields
      ? { ...event, data: futureBody(event.data, { fields: true, enums: false }) as ServiceEvent['data'] }
      : event,
  );
  return {
    current: () => ({ ...setting }),
    set(changes) {
      setting = withChanges(setting, changes);
      return { ...setting };
    },
    reset() {
      setting = { ...initial };
    },
    forRequest(header, mode) {
      if (header === null) return mode === 'test' ? setting : NO_FUTURE;
      if (mode !== 'test') {
        return refusalAnswer('forbidden', `The ${FUTURE_HEADER} header is answered only for test keys.`, {
          param: FUTURE_HEADER,
        });
      }
      const parsed = parseFutureList(header);
      return parsed.ok
        ? parsed.value
        : refusalAnswer('invalid_request', parsed.message, { param: FUTURE_HEADER });
    },
    emitted: () => emitted,
    sendFutureEvents,
  };
}
