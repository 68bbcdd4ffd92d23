import { getSubscription, listSubscriptions } from '../../../operations/subscriptions/read.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';
import { idOf } from '../../openapi/operation-doc.ts';

/** Subscription reads, test helpers: a list filtered by `status` and `customer_id`, newest first, and get. */
export const subscriptionTestHelperEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'testListSubscriptions',
    testOnly: true,
    operation: listSubscriptions,
    doc: {
      success: { description: 'One page of subscriptions.' },
    },
  }),
  endpoint({
    operationId: 'testGetSubscription',
    testOnly: true,
    operation: getSubscription,
    doc: {
      pathParameters: { id: idOf('subscription', 'sub_') },
      success: { description: 'The subscription.' },
    },
  }),
];
