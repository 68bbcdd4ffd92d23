import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { ListPage } from './list-page.ts';
import { Cents, MetadataRecord, Timestamp } from './primitives.ts';
import { RefundReason, RefundStatus } from './statuses.ts';

/** How a refund splits between the HSA/FSA card and the regular card. */
const RefundBreakdown = z.object({ hsa_fsa_amount_cents: Cents, regular_amount_cents: Cents });

/**
 * A refund (`ref_…`). `status` and `reason` are open. `processed_at` is null while pending.
 */
export const Refund = z.object({
  id: z.string(),
  order_id: z.string(),
  amount_cents: Cents,
  reason: RefundReason,
  notes: z.string().nullable(),
  status: RefundStatus,
  refund_breakdown: RefundBreakdown,
  metadata: MetadataRecord,
  created_at: Timestamp,
  processed_at: Timestamp.nullable(),
});
/** A refund (`ref_…`). */
export type Refund = z.infer<typeof Refund>;

/** A page of refunds. */
export const RefundList = lazySchema(() => ListPage(Refund, z.string()));
/** A page of refunds. */
export type RefundList = z.infer<typeof RefundList>;
