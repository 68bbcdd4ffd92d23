import { z } from 'zod';
import { openEnum } from './open-enum.ts';
import { Cents, Timestamp } from './primitives.ts';
import { DisputeStatus } from './statuses.ts';

/**
 * A dispute (chargeback, `dp_…`, D22). `status` is open; a new dispute is `needs_response`;
 * `closed_at` is null while open.
 */
export const Dispute = z.object({
  id: z.string(),
  order_id: z.string(),
  amount_cents: Cents,
  reason: z.string().nullable(),
  status: openEnum(DisputeStatus),
  evidence_due_by: Timestamp,
  created_at: Timestamp,
  closed_at: Timestamp.nullable(),
});
/** A dispute (chargeback, `dp_…`, D22). */
export type Dispute = z.infer<typeof Dispute>;
