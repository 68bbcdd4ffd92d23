import { Subscription, SubscriptionList } from '@glm/domain';
import { getSubscription, listSubscriptions } from '../../../operations/subscriptions/read.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';
import { idOf } from '../../openapi/operation-doc.ts';

/** Subscription reads, test helpers: a list filtered by `status` and `customer_id`, newest first, and get. */
export const subscriptionTestHelperEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'GET',
    path: '/test_helpers/subscriptions',
    testOnly: true,
    operation: listSubscriptions,
    doc: {
      operationId: 'testListSubscriptions',
      summary: 'List subscriptions, newest first',
      tag: 'Test helpers',
      success: { status: 200, schema: SubscriptionList, description: 'One page of subscriptions.' },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/test_helpers/subscriptions/:id',
    testOnly: true,
    operation: getSubscription,
    doc: {
      operationId: 'testGetSubscription',
      summary: 'Get a subscription',
      tag: 'Test helpers',
      pathParameters: { id: idOf('subscription', 'sub_') },
      success: { status: 200, schema: Subscription, description: 'The subscription.' },
      errors: ['not_found'],
    },
  }),
];
