import type { Store } from './store.ts';

/**
 * How many objects a store holds: catalog products and, in both modes, checkout sessions, orders,
 * payment links, refunds, disputes, subscriptions, customers and payment methods. Constant time.
 */
export function countObjects(store: Store): number {
  let count = store.products.size;
  for (const state of Object.values(store.modes)) {
    count +=
      state.checkouts.size +
      state.orders.size +
      state.paymentLinks.size +
      state.refunds.size +
      state.disputes.size +
      state.subscriptions.size +
      state.customers.size +
      state.paymentMethods.size;
  }
  return count;
}
