import { SubscriptionListQuery } from '@glm/domain';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import { listPage } from '../list-page.ts';
import { readOne } from '../read-one.ts';

/** One subscription. */
export const getSubscription = readOne(
  'subscription',
  (state, id) => state.subscriptions.get(id),
  (record) => record.subscription,
  {
    operationId: 'testGetSubscription',
    pathParameters: { id: idOf('subscription', 'sub_') },
    success: { description: 'The subscription.' },
  },
);

/** One page of subscriptions, newest first, filtered by status and customer. */
export const listSubscriptions = defineOperation({
  endpoint: {
    operationId: 'testListSubscriptions',
    success: { description: 'One page of subscriptions.' },
  },
  input: SubscriptionListQuery,
  rules: 'test_helpers.subscription.list',
  run({ engine, mode }, query) {
    const { status, customer_id } = query;
    return listPage(engine.store.modes[mode].subscriptions, query, {
      noun: 'subscription',
      where: ({ subscription }) =>
        (status === undefined || subscription.status === status) &&
        (customer_id === undefined || subscription.customer_id === customer_id),
      present: (record) => record.subscription,
    });
  },
});
