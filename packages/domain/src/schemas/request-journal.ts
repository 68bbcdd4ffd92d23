import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { ListPage } from './list-page.ts';
import { Timestamp } from './primitives.ts';
import { IdCursor, ListLimit, queryInteger } from './query-params.ts';

/**
 * One request as the reference server's journal keeps it, secrets removed: `Authorization` shows only
 * the key's mode and token id, card numbers only their last four digits, and webhook secrets and API
 * keys never appear. `operation` is the endpoint's `operationId` (null when no endpoint answered);
 * `request_id` is the id the answer carried (a replay answers with the original's); `fault` names the
 * fault that struck (`flt_…` or `header`); `client` is the caller's `x-glm-client` header; `warning` is
 * the `Glm-Mock-Warning` the answer carried (a checkout line item that matches no catalog product), or null.
 */
export const JournalEntry = lazySchema(() =>
  z.object({
    id: z.string(),
    method: z.string(),
    path: z.string(),
    query: z.string(),
    operation: z.string().nullable(),
    status: z.int(),
    request_id: z.string(),
    idempotency_key: z.string().nullable(),
    replayed: z.boolean(),
    fault: z.string().nullable(),
    client: z.string().nullable(),
    warning: z.string().nullable(),
    headers: z.record(z.string(), z.string()),
    body: z.unknown(),
    response_bytes: z.int().nonnegative(),
    duration_ms: z.number().nonnegative(),
    created_at: Timestamp,
  }),
);
/** One request as the reference server's journal keeps it. */
export type JournalEntry = z.infer<typeof JournalEntry>;

/**
 * The query of `GET /v2/test_helpers/requests`: filters by `method`, `path` (with or without the version
 * prefix; a `:name` segment matches any one segment), `operation`, `status` and `idempotency_key`; pages
 * newest first. Unknown parameters are refused.
 */
export const RequestListQuery = lazySchema(() =>
  z.strictObject({
    limit: ListLimit,
    starting_after: IdCursor.optional(),
    method: z
      .string()
      .regex(/^[A-Za-z]{1,16}$/, 'must be an HTTP method')
      .transform((method) => method.toUpperCase())
      .optional(),
    // A pattern rather than startsWith: JSON Schema and OpenAPI know no "starts_with" format.
    path: z.string().regex(/^\//, 'must start with /').max(2048).optional(),
    operation: z.string().min(1).max(100).optional(),
    status: queryInteger(z.int().min(100).max(599)).optional(),
    idempotency_key: z.string().min(1).max(255).optional(),
  }),
);
/** The query of `GET /v2/test_helpers/requests`. */
export type RequestListQuery = z.infer<typeof RequestListQuery>;

/**
 * One page of the request journal, newest first; `dropped` counts the oldest entries the journal let
 * go because it was full.
 */
export const RequestList = lazySchema(() =>
  ListPage(JournalEntry, z.string()).extend({ dropped: z.int().nonnegative() }),
);
/** One page of the request journal. */
export type RequestList = z.infer<typeof RequestList>;
