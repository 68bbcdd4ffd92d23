import { EventType } from '@glm/domain';
import type { Coverage, CoverageOperation } from '@glm/domain/test-helpers';
import { TEST_CARDS } from '@glm/domain/test-helpers';
import {
  type CoverageCounters,
  type EventTally,
  newOperation,
  type OperationTally,
} from './coverage-counters.ts';

/** An operation of the API a merchant integrates, with the error answers the OpenAPI document lists for it. */
interface CatalogOperation {
  /** Its `operationId`. */
  readonly operation: string;
  /** Its method. */
  readonly method: string;
  /** Its path after the version prefix, `:name` segments for parameters. */
  readonly path: string;
  /** The error statuses the document lists for it, ascending. */
  readonly errorStatuses: readonly number[];
}

/** What coverage is measured against: the merchant API's operations of the document, their error answers. */
export interface CoverageCatalog {
  /** Every operation of the merchant API (no test helper, no service endpoint for tools), in document order. */
  readonly operations: readonly CatalogOperation[];
  /** The error code the error table gives a status, `null` where several codes share it. */
  codeOfStatus(status: number): string | null;
}

/** What a report is made of: the counters of one merchant, or of every merchant of a server. */
export interface CoverageReportInput {
  /** `merchant` or `server`. */
  readonly scope: Coverage['scope'];
  /** The counters to sum (one merchant's, or every merchant's). */
  readonly counters: readonly CoverageCounters[];
  /** What the counters are measured against. */
  readonly catalog: CoverageCatalog;
  /** When counting started, if no counters are given. */
  readonly fallbackSince: string;
}

const addInto = <K>(target: Map<K, number>, source: ReadonlyMap<K, number>): void => {
  for (const [key, count] of source) target.set(key, (target.get(key) ?? 0) + count);
};

const record = <K extends string | number>(map: ReadonlyMap<K, number>): Record<string, number> =>
  Object.fromEntries([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Every merchant's operation counters, summed by operation. */
function sumOperations(counters: readonly CoverageCounters[]): Map<string, OperationTally> {
  const sum = new Map<string, OperationTally>();
  for (const each of counters) {
    for (const [id, tally] of each.operations) {
      const into = sum.get(id) ?? newOperation(tally, id);
      into.requests += tally.requests;
      addInto(into.statuses, tally.statuses);
      addInto(into.errorCodes, tally.errorCodes);
      into.replays += tally.replays;
      into.retries += tally.retries;
      into.faults += tally.faults;
      sum.set(id, into);
    }
  }
  return sum;
}

function sumEvents(counters: readonly CoverageCounters[]): Map<string, EventTally> {
  const sum = new Map<string, EventTally>();
  for (const each of counters) {
    for (const [type, tally] of each.events) {
      const into = sum.get(type) ?? { emitted: 0, delivered: 0, failed: 0 };
      into.emitted += tally.emitted;
      into.delivered += tally.delivered;
      into.failed += tally.failed;
      sum.set(type, into);
    }
  }
  return sum;
}

const operationView = (tally: OperationTally): CoverageOperation => ({
  operation: tally.operation,
  method: tally.method,
  path: `/v2${tally.path}`,
  requests: tally.requests,
  statuses: record(tally.statuses),
  error_codes: record(tally.errorCodes),
  replays: tally.replays,
  retries: tally.retries,
  faults: tally.faults,
});

/**
 * The coverage report: the counters summed, and what is missing against the catalog (operations never
 * called, documented error answers never given, event types never delivered, test cards never used).
 */
export function coverageReport(input: CoverageReportInput): Coverage {
  const { counters, catalog } = input;
  const operations = sumOperations(counters);
  const events = sumEvents(counters);
  const cards = new Map<string, number>();
  for (const each of counters) addInto(cards, each.cards);
  const missingOperations = catalog.operations.filter((entry) => !operations.has(entry.operation));
  const errorAnswers = catalog.operations.flatMap((entry) =>
    entry.errorStatuses.map((status) => ({
      operation: entry.operation,
      status,
      code: catalog.codeOfStatus(status),
      given: operations.get(entry.operation)?.statuses.has(status) === true,
    })),
  );
  const delivered = EventType.options.filter((type) => (events.get(type)?.delivered ?? 0) > 0);
  const usedCards = TEST_CARDS.filter((card) => cards.has(card.number));
  const since = counters.map((each) => each.since()).sort()[0] ?? input.fallbackSince;
  return {
    scope: input.scope,
    since,
    operations: [...operations.values()].map(operationView),
    events: [...events].map(([type, tally]) => ({
      type,
      emitted: tally.emitted,
      delivered: tally.delivered,
      failed_deliveries: tally.failed,
    })),
    test_cards: usedCards.map((card) => ({
      number: card.number,
      outcome: card.outcome,
      decline_code: card.decline_code,
      uses: cards.get(card.number) ?? 0,
    })),
    missing: {
      operations: missingOperations.map((entry) => ({
        operation: entry.operation,
        method: entry.method,
        path: `/v2${entry.path}`,
      })),
      error_answers: errorAnswers
        .filter((answer) => !answer.given)
        .map(({ operation, status, code }) => ({ operation, status, code })),
      event_types_never_delivered: EventType.options.filter((type) => !delivered.includes(type)),
      test_card_outcomes: TEST_CARDS.filter((card) => !cards.has(card.number)).map((card) => ({
        number: card.number,
        outcome: card.outcome,
        decline_code: card.decline_code,
      })),
    },
    totals: {
      requests: counters.reduce((sum, each) => sum + each.requests(), 0),
      operations: {
        used: catalog.operations.length - missingOperations.length,
        total: catalog.operations.length,
      },
      error_answers: {
        used: errorAnswers.filter((answer) => answer.given).length,
        total: errorAnswers.length,
      },
      event_types: { delivered: delivered.length, total: EventType.options.length },
      test_cards: { used: usedCards.length, total: TEST_CARDS.length },
    },
  };
}
