import type { MockService } from '../../src/index.ts';
import { engineOf } from '../../src/service/private-handles.ts';

/** A JSON snapshot of everything a request could change: catalog, counters, per-mode objects, events. */
export function storeSnapshot(service: MockService): string {
  const { store, events } = engineOf(service);
  const modes = Object.fromEntries(
    (['test', 'live'] as const).map((mode) => {
      const state = store.modes[mode];
      return [
        mode,
        {
          checkouts: [...state.checkouts.newestFirst()],
          orders: [...state.orders.newestFirst()],
          sequences: [...state.orderSequences],
          paymentLinks: [...state.paymentLinks.newestFirst()],
          refunds: [...state.refunds.newestFirst()],
          disputes: [...state.disputes.newestFirst()],
          subscriptions: [...state.subscriptions.newestFirst()],
        },
      ];
    }),
  );
  return JSON.stringify({
    products: [...store.products.newestFirst()],
    lastProductId: store.lastProductId,
    lastImageId: store.lastImageId,
    modes,
    events: events.list(),
  });
}
