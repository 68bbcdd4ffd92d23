import type { Dispute, Mode, Order, Refund, Subscription, WebhookDelivery } from '@glm/domain';
import type { Engine } from '../../../core/engine.ts';
import type { ServiceEvent } from '../../../core/events/event-log.ts';
import { webhooksOf } from '../../../operations/webhooks/webhooks.ts';

/** An event and the webhook deliveries it made. */
export interface EventWithDeliveries {
  /** The event, in its webhook envelope. */
  readonly event: ServiceEvent;
  /** Its deliveries, oldest first. */
  readonly deliveries: readonly WebhookDelivery[];
}

/** What happened to an order after it was made, as stored: refunds, disputes, its subscription. */
export interface OrderTrail {
  /** The order's refunds, oldest first. */
  readonly refunds: readonly Refund[];
  /** The order's disputes, oldest first. */
  readonly disputes: readonly Dispute[];
  /** The subscription the order belongs to, if any. */
  readonly subscription: Subscription | undefined;
}

/** Reads an order's refunds, disputes and subscription from the store of `mode`. */
export function orderTrail(engine: Engine, mode: Mode, order: Order): OrderTrail {
  const state = engine.store.modes[mode];
  const refunds = (state.refundIdsByOrder.get(order.id) ?? []).flatMap((id) => {
    const refund = state.refunds.get(id);
    return refund === undefined ? [] : [refund];
  });
  const disputes = [...state.disputes.newestFirst()]
    .filter((dispute) => dispute.order_id === order.id)
    .reverse();
  const subscriptionId = order.subscription_id;
  const subscription =
    subscriptionId === null || subscriptionId === undefined
      ? undefined
      : state.subscriptions.get(subscriptionId)?.subscription;
  return { refunds, disputes, subscription };
}

const idsIn = (data: Readonly<Record<string, unknown>>): string[] => {
  const nested = data['subscription'];
  const subscriptionId =
    typeof nested === 'object' && nested !== null ? (nested as Record<string, unknown>)['id'] : undefined;
  return [data['id'], data['order_id'], data['checkout_id'], subscriptionId].filter(
    (id): id is string => typeof id === 'string',
  );
};

/**
 * The events of `mode` about any of `ids` (an order, its checkout session, refunds, disputes), oldest
 * first, each with its webhook deliveries. An event is about an object when its data is that object or
 * names it (`order_id`, `checkout_id`).
 */
export function eventsAbout(engine: Engine, mode: Mode, ids: ReadonlySet<string>): EventWithDeliveries[] {
  const { queue } = webhooksOf(engine);
  return engine.events
    .list({ mode })
    .filter((event) => idsIn(event.data).some((id) => ids.has(id)))
    .map((event) => ({ event, deliveries: queue.list({ mode, eventId: event.id }) }));
}
