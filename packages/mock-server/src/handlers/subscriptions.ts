import { SubscriptionListQuery } from '@glm/domain';
import { idOf } from '../openapi/operation-doc.ts';
import {
  cancelSubscription,
  createSubscription,
  getSubscription,
  listSubscriptions,
} from '../operations/subscriptions/read.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

/** Subscription endpoints: create and cancel (both idempotent). */
export const subscriptionEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/subscriptions',
    creates: true,
    operation: (context, { body }) => createSubscription(context, body),
    doc: {
      operationId: 'createSubscription',
      summary: 'Subscribe a returning customer',
      tag: 'Subscriptions',
      body: 'SubscriptionCreate',
      validation: 'subscription.create',
      description:
        'Charges one of the customer’s payment methods (`pm_…`, from `order.payment.payment_method_id`) every ' +
        '`interval_count` `interval`s. The customer (`cus_…`, from `order.customer.id`) and the method must exist ' +
        'in the key’s mode (404) and the method must be the customer’s (422). Without a trial the first period ' +
        'is charged at once: one order, `subscription.payment_succeeded`, `order.created`, `order.completed`.',
      success: { status: 201, schema: 'Subscription', description: 'The subscription.' },
      errors: ['not_found'],
    },
  }),
  endpoint({
    method: 'POST',
    path: '/subscriptions/:id/cancel',
    operation: (context, { body, id }) => cancelSubscription(context, id, body),
    doc: {
      operationId: 'cancelSubscription',
      summary: 'Cancel a subscription, at once or at period end',
      tag: 'Subscriptions',
      pathParameters: { id: idOf('subscription', 'sub_') },
      body: 'SubscriptionCancel',
      validation: 'subscription.cancel',
      description:
        'At once: `cancelled`, `cancelled_at` = `ended_at` = now, `subscription.cancelled`. With ' +
        '`cancel_at_period_end: true`: the status stays, `subscription.updated` now, and at ' +
        '`current_period_end` it becomes `cancelled` with `subscription.cancelled`, uncharged.',
      success: { status: 200, schema: 'Subscription', description: 'The subscription.' },
      errors: ['not_found', 'invalid_state'],
    },
  }),
];

/** Subscription reads, test helpers: a list filtered by `status` and `customer_id`, newest first, and get. */
export const subscriptionTestHelperEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'GET',
    path: '/test_helpers/subscriptions',
    testOnly: true,
    operation: (context, { query }) => listSubscriptions(context, query),
    doc: {
      operationId: 'testListSubscriptions',
      summary: 'List subscriptions, newest first',
      tag: 'Test helpers',
      query: SubscriptionListQuery,
      validation: 'test_helpers.subscription.list',
      success: { status: 200, schema: 'SubscriptionList', description: 'One page of subscriptions.' },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/test_helpers/subscriptions/:id',
    testOnly: true,
    operation: (context, { id }) => getSubscription(context, id),
    doc: {
      operationId: 'testGetSubscription',
      summary: 'Get a subscription',
      tag: 'Test helpers',
      pathParameters: { id: idOf('subscription', 'sub_') },
      success: { status: 200, schema: 'Subscription', description: 'The subscription.' },
      errors: ['not_found'],
    },
  }),
];
