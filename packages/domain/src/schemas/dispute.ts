import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { ListPage } from './list-page.ts';
import { Cents, Timestamp } from './primitives.ts';
import { IdCursor, ListLimit } from './query-params.ts';
import { DisputeStatus } from './statuses.ts';

/**
 * A dispute (chargeback, `dp_…`). `status` is open; a new dispute is `needs_response`;
 * `closed_at` is null while open.
 */
export const Dispute = z.object({
  id: z.string(),
  order_id: z.string(),
  amount_cents: Cents,
  reason: z.string().nullable(),
  status: DisputeStatus,
  evidence_due_by: Timestamp,
  created_at: Timestamp,
  closed_at: Timestamp.nullable(),
});
/** A dispute (chargeback, `dp_…`). */
export type Dispute = z.infer<typeof Dispute>;

/** A page of disputes, newest first. */
export const DisputeList = lazySchema(() => ListPage(Dispute, z.string()));
/** A page of disputes, newest first. */
export type DisputeList = z.infer<typeof DisputeList>;

/**
 * The query of `GET /v2/test_helpers/disputes` (a mock-only read: the service has no merchant dispute
 * API); unknown parameters are refused.
 */
export const DisputeListQuery = lazySchema(() =>
  z.strictObject({
    limit: ListLimit,
    starting_after: IdCursor.optional(),
    order_id: z.string().min(1).max(255).optional(),
    status: DisputeStatus.optional(),
  }),
);
/** The query of `GET /v2/test_helpers/disputes`. */
export type DisputeListQuery = z.infer<typeof DisputeListQuery>;
