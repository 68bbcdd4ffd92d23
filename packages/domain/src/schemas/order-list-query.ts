import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { createdRange, IdCursor, ListLimit } from './query-params.ts';
import { OrderStatus, PaymentStatus } from './statuses.ts';

/** The query of `GET /v2/orders`; unknown parameters are refused. */
export const OrderListQuery = lazySchema(() =>
  z.strictObject({
    limit: ListLimit,
    starting_after: IdCursor.optional(),
    status: OrderStatus.optional(),
    payment_status: PaymentStatus.optional(),
    customer_email: z.string().min(1).max(255).optional(),
    reference_id: z.string().min(1).max(255).optional(),
    subscription_id: z.string().min(1).max(255).optional(),
    ...createdRange,
  }),
);
/** The query of `GET /v2/orders`. */
export type OrderListQuery = z.infer<typeof OrderListQuery>;
