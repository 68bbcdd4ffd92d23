// What the shop does with each verified webhook event. It acts on the few types it cares about and
// acknowledges every other one, including types a later API version adds: an event handler that throws
// on a type it does not know gets that event retried by the service for hours, and never processes it.
import type { AnyWebhookEvent, WebhookEvent } from '@glm/sdk/webhooks';

/** What the shop did with an event: acted on it, or acknowledged it without acting. */
export type EventOutcome = 'handled' | 'acknowledged';

/** The shop's side effects, recorded: orders shipped, refunds recorded, event types only acknowledged. */
export interface ShopEvents {
  /** Ids of the orders shipped, once each. */
  readonly shipped: ReadonlySet<string>;
  /** Ids of the orders whose payment failed: their stock goes back on the shelf. */
  readonly released: ReadonlySet<string>;
  /** Ids of the refunds recorded, once each. */
  readonly refunded: ReadonlySet<string>;
  /** Ids of the refunds that failed: the customer is told to expect no money back. */
  readonly refundsFailed: ReadonlySet<string>;
  /** The types acknowledged without acting, with how many of each. */
  readonly acknowledged: ReadonlyMap<string, number>;
  /** Acts on one verified event; never throws for a type it does not know. */
  handle(event: WebhookEvent): EventOutcome;
}

/** The shop's event handling, starting with nothing shipped. */
export function createShopEvents(): ShopEvents {
  const shipped = new Set<string>();
  const released = new Set<string>();
  const refunded = new Set<string>();
  const refundsFailed = new Set<string>();
  const acknowledged = new Map<string, number>();
  const acknowledge = (event: AnyWebhookEvent): EventOutcome => {
    acknowledged.set(event.type, (acknowledged.get(event.type) ?? 0) + 1);
    return 'acknowledged';
  };
  return {
    shipped,
    released,
    refunded,
    refundsFailed,
    acknowledged,
    handle(event) {
      switch (event.type) {
        case 'order.completed':
          shipped.add(event.data.id);
          return 'handled';
        case 'order.failed':
          released.add(event.data.id);
          return 'handled';
        case 'refund.succeeded':
          refunded.add(event.data.id);
          return 'handled';
        case 'refund.failed':
          refundsFailed.add(event.data.id);
          return 'handled';
        default:
          // Every other type, including one newer than this SDK: acknowledged, so it is not retried.
          return acknowledge(event);
      }
    },
  };
}
