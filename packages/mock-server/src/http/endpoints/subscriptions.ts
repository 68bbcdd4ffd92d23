import { cancelSubscription } from '../../operations/subscriptions/cancel.ts';
import { createSubscription } from '../../operations/subscriptions/start.ts';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { idOf } from '../openapi/operation-doc.ts';

/** Subscription endpoints: create and cancel (both idempotent). */
export const subscriptionEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'createSubscription',
    operation: createSubscription,
    doc: {
      description:
        'Charges one of the customer’s payment methods (`pm_…`, from `order.payment.payment_method_id`) every ' +
        '`interval_count` `interval`s. The customer (`cus_…`, from `order.customer.id`) and the method must exist ' +
        'in the key’s mode (404) and the method must be the customer’s (422). Without a trial the first period ' +
        'is charged at once: one order, `subscription.payment_succeeded`, `order.created`, `order.completed`.',
      success: { description: 'The subscription.' },
    },
  }),
  endpoint({
    operationId: 'cancelSubscription',
    operation: cancelSubscription,
    doc: {
      pathParameters: { id: idOf('subscription', 'sub_') },
      description:
        'At once: `cancelled`, `cancelled_at` = `ended_at` = now, `subscription.cancelled`. With ' +
        '`cancel_at_period_end: true`: the status stays, `subscription.updated` now, and at ' +
        '`current_period_end` it becomes `cancelled` with `subscription.cancelled`, uncharged.',
      success: { description: 'The subscription.' },
    },
  }),
];
