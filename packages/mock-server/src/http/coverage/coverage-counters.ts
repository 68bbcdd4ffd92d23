import type { Mode, WebhookDelivery } from '@glm/domain';
import { findTestCard } from '@glm/domain/test-helpers';
import type { Answer } from '../answer.ts';

/** One operation's counters. */
export interface OperationTally {
  /** The endpoint's `operationId`. */
  readonly operation: string;
  /** Its method. */
  readonly method: string;
  /** Its path after the version prefix, `:name` segments for parameters. */
  readonly path: string;
  /** Requests answered. */
  requests: number;
  /** Answers by HTTP status (0: the connection was dropped by a network fault). */
  readonly statuses: Map<number, number>;
  /** Error answers by error code. */
  readonly errorCodes: Map<string, number>;
  /** Idempotent replays. */
  replays: number;
  /** Requests sent as a client's retry (`x-glm-retry-count` of 1 or more). */
  retries: number;
  /** Requests a fault struck. */
  faults: number;
}

/** One event type's counters. */
export interface EventTally {
  /** Events emitted. */
  emitted: number;
  /** Deliveries a receiver answered `200`. */
  delivered: number;
  /** Deliveries that ran out of attempts. */
  failed: number;
}

/** The endpoint that answered, as the counters name it. */
interface AnsweringRoute {
  /** Its method. */
  readonly method: string;
  /** Its path after the version prefix. */
  readonly path: string;
  /** Its `operationId`. */
  readonly operationId?: string;
}

/** What the pipeline tells the counters of one answered request. */
interface AnsweredRequest {
  /** The endpoint that answered; `undefined` when no route matched. */
  readonly route: AnsweringRoute | undefined;
  /** The status sent (0 when a network fault dropped the connection). */
  readonly status: number;
  /** The answer, whose body names the error code of an error answer. */
  readonly answer: Answer;
  /** The fault that struck, or `null`. */
  readonly fault: string | null;
  /** The parsed request body, if one was read. */
  readonly body: unknown;
  /** The request's `x-glm-retry-count` header, `null` when absent. */
  readonly retryCount: string | null;
}

/**
 * The coverage counters of one merchant: what its requests, events, deliveries and test cards
 * exercised. They are counters, not a log: their size depends on how many operations, statuses, codes,
 * event types and test cards exist, never on how many requests were made (only deliveries still pending
 * are remembered, to count each one once when it ends).
 */
export interface CoverageCounters {
  /** When counting started: creation or the last {@link CoverageCounters.clear}. */
  readonly since: () => string;
  /** Requests answered, with or without a route. */
  readonly requests: () => number;
  /** Operations called, by `operationId`. */
  readonly operations: ReadonlyMap<string, OperationTally>;
  /** Event types seen, by type. */
  readonly events: ReadonlyMap<string, EventTally>;
  /** Test-card uses by card number. */
  readonly cards: ReadonlyMap<string, number>;
  /** Counts one answered request. */
  recordRequest(request: AnsweredRequest): void;
  /** Counts one emitted event. */
  recordEvent(type: string): void;
  /** Counts a delivery that ended: delivered or failed (each once per attempt schedule). */
  recordDelivery(delivery: WebhookDelivery, mode: Mode): void;
  /** Starts counting again from now. */
  clear(): void;
}

/** The pay helpers, whose bodies name the test cards paid with. */
const PAY_OPERATIONS: ReadonlySet<string> = new Set(['testPayCheckoutSession', 'testPayPaymentLink']);
/** The card a pay helper charges when given none. */
const DEFAULT_CARD = '4242424242424242';

const bump = <K>(map: Map<K, number>, key: K): void => {
  map.set(key, (map.get(key) ?? 0) + 1);
};

const errorCodeOf = (answer: Answer): string | undefined => {
  const error = (answer.body as { error?: { code?: unknown } } | undefined)?.error;
  return typeof error?.code === 'string' ? error.code : undefined;
};

/** The known test cards a pay helper's body names (the default card when it names none). */
function cardsOf(body: unknown): string[] {
  const given = body as { card_number?: unknown; hsa_card_number?: unknown } | undefined;
  const numbers = [given?.card_number, given?.hsa_card_number].filter(
    (value): value is string => typeof value === 'string',
  );
  const used = numbers.length === 0 ? [DEFAULT_CARD] : [...new Set(numbers)];
  return used.filter((number) => findTestCard(number) !== undefined);
}

/** An operation's counters before any request: every count zero. */
export const newOperation = (route: AnsweringRoute, operation: string): OperationTally => ({
  operation,
  method: route.method,
  path: route.path,
  requests: 0,
  statuses: new Map(),
  errorCodes: new Map(),
  replays: 0,
  retries: 0,
  faults: 0,
});

/** Builds empty counters; `now` reads the time counting starts from. */
export function createCoverageCounters(now: () => string): CoverageCounters {
  let since = now();
  let requests = 0;
  const operations = new Map<string, OperationTally>();
  const events = new Map<string, EventTally>();
  const cards = new Map<string, number>();
  // Deliveries still pending, so that each one that ends is counted once.
  const pending = new Set<string>();
  const eventOf = (type: string): EventTally => {
    let tally = events.get(type);
    if (tally === undefined) {
      tally = { emitted: 0, delivered: 0, failed: 0 };
      events.set(type, tally);
    }
    return tally;
  };
  return {
    since: () => since,
    requests: () => requests,
    operations,
    events,
    cards,
    recordRequest({ route, status, answer, fault, body, retryCount }) {
      requests += 1;
      const operation = route?.operationId;
      if (route === undefined || operation === undefined) return;
      let tally = operations.get(operation);
      if (tally === undefined) {
        tally = newOperation(route, operation);
        operations.set(operation, tally);
      }
      tally.requests += 1;
      bump(tally.statuses, status);
      if (status >= 400) {
        const code = errorCodeOf(answer);
        if (code !== undefined) bump(tally.errorCodes, code);
      }
      if (answer.headers?.['idempotent-replayed'] === 'true') tally.replays += 1;
      if (retryCount !== null && Number(retryCount) >= 1) tally.retries += 1;
      if (fault !== null) tally.faults += 1;
      if (status === 200 && PAY_OPERATIONS.has(operation)) {
        for (const number of cardsOf(body)) bump(cards, number);
      }
    },
    recordEvent(type) {
      eventOf(type).emitted += 1;
    },
    recordDelivery(delivery, mode) {
      const key = `${mode}:${delivery.id}`;
      if (delivery.status === 'pending') {
        pending.add(key);
        return;
      }
      if (!pending.delete(key)) return;
      const tally = eventOf(delivery.event_type);
      if (delivery.status === 'delivered') tally.delivered += 1;
      else tally.failed += 1;
    },
    clear() {
      since = now();
      requests = 0;
      operations.clear();
      events.clear();
      cards.clear();
    },
  };
}
