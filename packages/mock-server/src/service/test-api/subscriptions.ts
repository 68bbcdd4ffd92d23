import type { CallOperation } from '../../operations/call-operation.ts';
import { cancelSubscription } from '../../operations/subscriptions/cancel.ts';
import { getSubscription, listSubscriptions } from '../../operations/subscriptions/read.ts';
import { createSubscription } from '../../operations/subscriptions/start.ts';
import { listAll } from './list-all.ts';
import type { PaymentTestApi } from './payment-test-api.ts';

/** The subscription methods of the JavaScript test API, in test mode. */
export function subscriptionTestApi(
  call: CallOperation,
): Pick<
  PaymentTestApi,
  'createSubscription' | 'cancelSubscription' | 'getSubscription' | 'listSubscriptions'
> {
  return {
    createSubscription: (input) => call('test', createSubscription, input),
    cancelSubscription: (id, input = {}) => call('test', cancelSubscription, input, id),
    getSubscription: (id) => call('test', getSubscription, undefined, id),
    listSubscriptions: (filter = {}) => listAll(call, listSubscriptions, filter),
  };
}
