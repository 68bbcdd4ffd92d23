import {
  ok,
  type Subscription,
  type SubscriptionCancel,
  type SubscriptionCreate,
  type SubscriptionListQuery,
} from '@glm/domain';
import { noSuch, type Outcome } from '../../core/outcome.ts';
import type { Page } from '../../core/store/ordered-collection.ts';
import { listPage } from '../list-page.ts';
import type { OperationContext } from '../operation-context.ts';
import * as cancel from './cancel.ts';
import * as start from './start.ts';

/** Subscribes a returning customer to one of their payment methods. */
export function createSubscription(
  { engine, mode }: OperationContext,
  input: SubscriptionCreate,
): Outcome<Subscription> {
  return start.createSubscription(engine, mode, input);
}

/** Cancels a subscription, at once or when its period ends. */
export function cancelSubscription(
  { engine, mode }: OperationContext,
  id: string,
  input: SubscriptionCancel,
): Outcome<Subscription> {
  return cancel.cancelSubscription(engine, mode, id, input);
}

/** One subscription. */
export function getSubscription({ engine, mode }: OperationContext, id: string): Outcome<Subscription> {
  const record = engine.store.modes[mode].subscriptions.get(id);
  return record === undefined ? noSuch('subscription') : ok(record.subscription);
}

/** One page of subscriptions, newest first, filtered by status and customer. */
export function listSubscriptions(
  { engine, mode }: OperationContext,
  query: SubscriptionListQuery,
): Outcome<Page<Subscription, string>> {
  const { status, customer_id } = query;
  return listPage(engine.store.modes[mode].subscriptions, query, {
    noun: 'subscription',
    where: ({ subscription }) =>
      (status === undefined || subscription.status === status) &&
      (customer_id === undefined || subscription.customer_id === customer_id),
    present: (record) => record.subscription,
  });
}
