import { z } from 'zod';
import { TestCardOutcome } from '../test-cards/test-cards.ts';
import { lazySchema } from './lazy-schema.ts';
import { Timestamp } from './primitives.ts';

const Count = z.int().nonnegative();
/** Answers counted by key: HTTP status (`"200"`) or error code (`"conflict"`). */
const Tally = z.record(z.string(), Count);

/**
 * One operation a suite called: how often, with which statuses and error codes, how many answers were
 * idempotent replays, how many requests were a client's retries (`x-glm-retry-count` of 1 or more), and
 * how many were struck by a fault.
 */
export const CoverageOperation = lazySchema(() =>
  z.object({
    operation: z.string(),
    method: z.string(),
    path: z.string(),
    requests: Count,
    statuses: Tally,
    error_codes: Tally,
    replays: Count,
    retries: Count,
    faults: Count,
  }),
);
/** One operation a suite called, counted. */
export type CoverageOperation = z.infer<typeof CoverageOperation>;

/**
 * One event type: events emitted, deliveries a receiver answered `200` (`delivered`), and deliveries
 * that ran out of attempts (`failed_deliveries`).
 */
export const CoverageEvent = lazySchema(() =>
  z.object({
    type: z.string(),
    emitted: Count,
    delivered: Count,
    failed_deliveries: Count,
  }),
);
/** One event type, counted. */
export type CoverageEvent = z.infer<typeof CoverageEvent>;

/** One test card a pay helper was given, with what it does and how often it was used. */
export const CoverageTestCard = lazySchema(() =>
  z.object({
    number: z.string(),
    outcome: TestCardOutcome,
    decline_code: z.string().nullable(),
    uses: Count,
  }),
);
/** One test card, counted. */
export type CoverageTestCard = z.infer<typeof CoverageTestCard>;

/** An operation of the API, named as the OpenAPI document names it. */
export const CoverageOperationRef = z.object({ operation: z.string(), method: z.string(), path: z.string() });
/** An operation of the API. */
export type CoverageOperationRef = z.infer<typeof CoverageOperationRef>;

/**
 * An error answer the OpenAPI document lists for an operation: its status, and the error code the error
 * table gives that status (`null` where several codes share it).
 */
export const CoverageErrorAnswer = lazySchema(() =>
  z.object({
    operation: z.string(),
    status: z.int(),
    code: z.string().nullable(),
  }),
);
/** An error answer the document lists for an operation. */
export type CoverageErrorAnswer = z.infer<typeof CoverageErrorAnswer>;

/** How much of a list was exercised: `used` of `total`. */
const Share = z.object({ used: Count, total: Count });

/**
 * What a suite exercised and what it never did: the requests answered per operation, events emitted
 * and delivered per type, test cards used, and what is missing against the OpenAPI document (operations
 * never called, documented error answers never given, event types never delivered, test cards never
 * used). Counted since `since`: the server's start or the last `DELETE /v2/test_helpers/coverage`.
 * Test helpers and the service's endpoints for tools (the OpenAPI document, the readiness probe) are
 * listed in `operations` when called, but are not operations a merchant integrates: `missing` and
 * `totals` leave them out.
 */
export const Coverage = lazySchema(() =>
  z.object({
    scope: z.enum(['merchant', 'server']),
    since: Timestamp,
    operations: z.array(CoverageOperation),
    events: z.array(CoverageEvent),
    test_cards: z.array(CoverageTestCard),
    missing: z.object({
      operations: z.array(CoverageOperationRef),
      error_answers: z.array(CoverageErrorAnswer),
      event_types_never_delivered: z.array(z.string()),
      test_card_outcomes: z.array(CoverageTestCard.omit({ uses: true })),
    }),
    totals: z.object({
      requests: Count,
      operations: Share,
      error_answers: Share,
      event_types: z.object({ delivered: Count, total: Count }),
      test_cards: Share,
    }),
  }),
);
/** What a suite exercised and what it never did. */
export type Coverage = z.infer<typeof Coverage>;

/**
 * The query of `GET` and `DELETE /v2/test_helpers/coverage`: `scope=server` sums (or clears) every
 * merchant of the server; without it, the calling merchant's.
 */
export const CoverageQuery = z.strictObject({ scope: z.enum(['merchant', 'server']).default('merchant') });
/** The query of the coverage test helpers. */
export type CoverageQuery = z.infer<typeof CoverageQuery>;

/** The answer of `DELETE /v2/test_helpers/coverage`: the counters start again from `since`. */
export const CoverageCleared = lazySchema(() =>
  z.object({
    cleared: z.literal(true),
    scope: z.enum(['merchant', 'server']),
    since: Timestamp,
  }),
);
/** The answer of `DELETE /v2/test_helpers/coverage`. */
export type CoverageCleared = z.infer<typeof CoverageCleared>;
