import type { Order } from '@glm/domain';
import type { PaymentCards } from '../../core/store/payment-cards.ts';
import type { SubscriptionRecord } from '../../core/store/payment-records.ts';
import { type Charged, chargeCards } from '../cards/charged-cards.ts';
import type { ChargeKind } from '../cards/test-cards.ts';
import { disputeOrder } from '../disputes/open.ts';
import type { OperationContext } from '../operation-context.ts';
import { checkoutSource, createOrderFrom, type OrderSource } from '../orders/create-order.ts';

/** The cards a subscription charges each period, as a payment charged them. */
export const chargedOf = (cards: PaymentCards): Charged => ({
  hsaCard: cards.hsa_card_number,
  regularCard: cards.card_number,
});

/** The order source of one charge of a subscription: its checkout's cart, or one line for the amount. */
function subscriptionSource(
  { engine, mode }: OperationContext,
  record: SubscriptionRecord,
): OrderSource | undefined {
  const state = engine.store.modes[mode];
  const { subscription } = record;
  const recurring = { subscriptionId: subscription.id, isRecurring: true };
  if (record.checkoutId !== null) {
    const checkout = state.checkouts.get(record.checkoutId);
    return checkout === undefined ? undefined : { ...checkoutSource(checkout), ...recurring };
  }
  const customer =
    subscription.customer_id === null ? undefined : state.customers.get(subscription.customer_id);
  if (customer === undefined) return undefined;
  const eligible = record.cards.hsa_card_number !== undefined;
  const amount = subscription.amount_cents;
  const product =
    subscription.product_id === null ? undefined : engine.store.products.get(subscription.product_id);
  return {
    customer,
    shipping: null,
    billing: null,
    cartType: eligible ? 'eligible' : 'regular',
    amounts: {
      subtotal: amount,
      hsa_amount: eligible ? amount : 0,
      regular_amount: eligible ? 0 : amount,
      shipping: 0,
      tax: 0,
      discount: 0,
      total: amount,
    },
    lineItems: [
      {
        product_id: subscription.merchant_product_id ?? subscription.id,
        image_url: null,
        name: product?.name ?? `Subscription ${subscription.id}`,
        price: amount,
        quantity: 1,
        currency: subscription.currency,
        is_hsa_fsa_eligible: eligible,
        eligibility_type: null,
      },
    ],
    metadata: subscription.metadata,
    checkoutId: null,
    referenceId: null,
    paymentLinkId: subscription.payment_link_id,
    ...recurring,
  };
}

/** Creates the order of one successful charge; the dispute test card then opens a dispute on it. */
export function chargeOrder(context: OperationContext, record: SubscriptionRecord, kind: ChargeKind): Order {
  const source = subscriptionSource(context, record);
  const charged = chargedOf(record.cards);
  if (source === undefined) throw new Error(`subscription ${record.subscription.id} lost its source`);
  const order = createOrderFrom(context, source, charged);
  if (chargeCards(charged, kind).some((outcome) => outcome.outcome === 'succeeded' && outcome.thenDispute)) {
    disputeOrder(context, order.id, 'fraudulent');
  }
  return context.engine.store.modes[context.mode].orders.get(order.id) ?? order;
}
