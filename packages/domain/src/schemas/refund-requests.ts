import { z } from 'zod';
import { tagged } from './issue-tag.ts';
import { lazySchema } from './lazy-schema.ts';
import { Metadata, PositiveCents, ShortText } from './primitives.ts';
import { IdCursor, ListLimit } from './query-params.ts';
import { RefundReason, RefundStatus } from './statuses.ts';

/**
 * The body of `POST /api/v2/refunds`. `amount` is accepted as an alias of `amount_cents`
 * (both with different values is a 400); the parsed value carries `amount_cents` only, absent for
 * "what is left". An amount that is not a positive integer is `400 invalid_amount`.
 */
export const RefundCreate = z
  .strictObject({
    order_id: z.string().min(1).max(255),
    amount_cents: PositiveCents.optional(),
    amount: PositiveCents.optional(),
    reason: RefundReason,
    notes: ShortText.optional(),
    metadata: Metadata.optional(),
  })
  .refine(
    (body) =>
      body.amount === undefined || body.amount_cents === undefined || body.amount === body.amount_cents,
    {
      path: ['amount'],
      message: 'amount and amount_cents disagree',
      ...tagged('contradiction'),
    },
  )
  .transform(({ amount, amount_cents, ...rest }): typeof rest & { amount_cents?: number } => {
    const cents = amount_cents ?? amount;
    return cents === undefined ? rest : { ...rest, amount_cents: cents };
  });
/** The body of `POST /api/v2/refunds`, with `amount` folded into `amount_cents`. */
export type RefundCreate = z.infer<typeof RefundCreate>;

/** The query of `GET /api/v2/refunds`; unknown parameters are refused. */
export const RefundListQuery = lazySchema(() =>
  z.strictObject({
    limit: ListLimit,
    starting_after: IdCursor.optional(),
    order_id: z.string().min(1).max(255).optional(),
    status: RefundStatus.optional(),
  }),
);
/** The query of `GET /api/v2/refunds`. */
export type RefundListQuery = z.infer<typeof RefundListQuery>;
