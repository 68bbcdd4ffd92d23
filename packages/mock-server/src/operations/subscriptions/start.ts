import {
  type Order,
  ok,
  type PaymentMethod,
  type Product,
  type Subscription,
  SubscriptionCreate,
  SubscriptionInterval,
} from '@glm/domain';
import {
  type SubscriptionTransition,
  startSubscription,
  subscriptionTrialEndingAt,
} from '@glm/domain/machines';
import { noSuch, type Outcome, refusal } from '../../core/outcome.ts';
import type { PaymentCards } from '../../core/store/payment-cards.ts';
import type { SubscriptionRecord } from '../../core/store/payment-records.ts';
import type { CheckoutRecord } from '../../core/store/store.ts';
import type { Charged } from '../cards/charged-cards.ts';
import { recordPayer } from '../customers/record-payer.ts';
import { defineOperation } from '../define-operation.ts';
import type { OperationContext } from '../operation-context.ts';
import { wire } from './apply-move.ts';
import { chargeOrder } from './charge-order.ts';
import { scheduleDue } from './renew.ts';

/** The subscription terms of a paid subscription session, or `undefined` for a one-time session. */
export function subscriptionTerms(
  record: CheckoutRecord,
): { interval: SubscriptionInterval; interval_count: number; trial_period_days: number } | undefined {
  const { session } = record;
  if (session.payment_type !== 'subscription' || session.subscription == null) return undefined;
  const interval = SubscriptionInterval.safeParse(session.subscription.interval);
  if (!interval.success) return undefined;
  return {
    interval: interval.data,
    interval_count: session.subscription.interval_count,
    trial_period_days: session.subscription.trial_period_days ?? 0,
  };
}

/** What the wire object holds that the machine does not: who, what, how much, from where. */
interface SubscriptionFixed {
  readonly customerId: string | null;
  readonly paymentMethod: PaymentMethod | null;
  readonly product: Product | undefined;
  readonly merchantProductId: string | null;
  readonly amountCents: number;
  readonly currency: string;
  readonly trialPeriodDays: number;
  readonly paymentLinkId: string | null;
  readonly checkoutId: string | null;
  readonly metadata: Readonly<Record<string, string>>;
}

/**
 * Stores a new subscription, applies the start's effects other than the first charge's events (the
 * caller emits those once the order exists), schedules its trial notice and its first due charge.
 */
function insertSubscription(
  context: OperationContext,
  fixed: SubscriptionFixed,
  started: Extract<SubscriptionTransition, { ok: true }>,
  cards: PaymentCards,
): SubscriptionRecord {
  const { engine, mode } = context;
  const now = engine.nowIso();
  const base: Subscription = {
    id: engine.newId('sub_'),
    customer_id: fixed.customerId,
    status: started.state.status,
    product_id: fixed.product?.id ?? null,
    merchant_product_id: fixed.product?.merchant_product_id ?? fixed.merchantProductId,
    amount_cents: fixed.amountCents,
    currency: fixed.currency,
    interval: started.state.interval,
    interval_count: started.state.interval_count,
    trial_period_days: fixed.trialPeriodDays,
    trial_end: started.state.trial_end,
    current_period_start: started.state.current_period_start,
    current_period_end: started.state.current_period_end,
    next_billing_date: null,
    cancel_at_period_end: false,
    cancelled_at: null,
    ended_at: null,
    payment_method: fixed.paymentMethod,
    payment_link_id: fixed.paymentLinkId,
    checkout_id: fixed.checkoutId,
    metadata: { ...fixed.metadata },
    created_at: now,
    updated_at: now,
  };
  const record: SubscriptionRecord = {
    subscription: wire(base, started, now),
    state: started.state,
    checkoutId: fixed.checkoutId,
    cards,
    cancellationReason: null,
  };
  const state = engine.store.modes[mode];
  state.subscriptions.insert(record);
  const id = base.id;
  scheduleTrialNotice(context, id);
  scheduleDue(context, id);
  return record;
}

/** Schedules `subscription.trial_ending` at the trial's notice time, when the subscription has one. */
export function scheduleTrialNotice({ engine, mode }: OperationContext, id: string): void {
  const state = engine.store.modes[mode];
  const record = state.subscriptions.get(id);
  const notice = record === undefined ? undefined : subscriptionTrialEndingAt(record.state);
  if (notice === undefined) return;
  engine.schedule(Date.parse(notice), () => {
    const current = state.subscriptions.get(id);
    if (current?.state.status === 'trialing' && !current.state.cancel_at_period_end)
      engine.emit(mode, 'subscription.trial_ending', current.subscription);
  });
}

const cardsOf = (charged: Charged): PaymentCards => ({
  card_number: charged.regularCard,
  hsa_card_number: charged.hsaCard,
});

/**
 * Creates the subscription a paid subscription session starts and schedules its trial notice and
 * next charge. Without a trial the payment that created it paid the first period: `firstOrder` is that
 * order, which gets the `subscription_id`, and `subscription.payment_succeeded` (with `order_id`) is
 * emitted now, before the order's own events. With a trial nothing is charged until `trial_end`; the
 * shopper is recorded as a customer with the cards as payment methods all the same. A first payment
 * that was only authorized emits nothing here: `subscription.payment_succeeded` comes when the order
 * is captured (and a failed order cancels the subscription).
 * Answers the first order as it now reads, or `undefined` when there is none.
 */
export function beginSubscription(
  context: OperationContext,
  record: CheckoutRecord,
  charged: Charged,
  firstOrder: Order | undefined,
): Order | undefined {
  const terms = subscriptionTerms(record);
  if (terms === undefined) return firstOrder;
  const { engine, mode } = context;
  const started = startSubscription({ now: engine.nowIso(), ...terms });
  if (!started.ok) return firstOrder;
  const payer = recordPayer(context, record.session.customer, charged);
  const [only, ...others] = record.session.line_items;
  const single = others.length === 0 ? only : undefined;
  const productId =
    single === undefined ? undefined : engine.store.productIdByMerchantId.get(single.product_id);
  const created = insertSubscription(
    context,
    {
      customerId: payer.customerId,
      paymentMethod: payer.paymentMethod,
      product: productId === undefined ? undefined : engine.store.products.get(productId),
      merchantProductId: single?.product_id ?? null,
      amountCents: record.session.amounts.total,
      currency: record.session.line_items[0]?.currency ?? 'USD',
      trialPeriodDays: terms.trial_period_days,
      paymentLinkId: record.paymentLinkId,
      checkoutId: record.session.checkout_id,
      metadata: record.session.metadata ?? {},
    },
    started,
    cardsOf(charged),
  );
  const state = engine.store.modes[mode];
  const order =
    firstOrder === undefined ? undefined : { ...firstOrder, subscription_id: created.subscription.id };
  if (order !== undefined) state.orders.update(order);
  // A first payment only authorized succeeds when it is captured: its event waits for the capture.
  if (order?.payment_status === 'authorized') return order;
  for (const effect of started.effects) {
    if (effect.kind === 'emit')
      engine.emit(mode, effect.event, { ...created.subscription, order_id: order?.id ?? null });
  }
  return order;
}

/**
 * Creates a subscription for a customer who already paid (`POST /v2/subscriptions`), charged to one of
 * that customer's payment methods. The customer and the method must exist in the key's mode (404), the
 * method must be the customer's (422), and a product named must exist (404). Without a trial the first
 * period is charged at once: one order (`is_recurring: true`), `subscription.payment_succeeded`, then
 * `order.created` and `order.completed`; with the authorizing card only `order.created`, and the rest
 * when the order is captured.
 */
export const createSubscription = defineOperation({
  endpoint: {
    operationId: 'createSubscription',
    description:
      'Charges one of the customer’s payment methods (`pm_…`, from `order.payment.payment_method_id`) every ' +
      '`interval_count` `interval`s. The customer (`cus_…`, from `order.customer.id`) and the method must exist ' +
      'in the key’s mode (404) and the method must be the customer’s (422). Without a trial the first period ' +
      'is charged at once: one order, `subscription.payment_succeeded`, `order.created`, `order.completed`.',
    success: { description: 'The subscription.' },
  },
  input: SubscriptionCreate,
  rules: 'subscription.create',
  creates: true,
  run(context, body) {
    const { engine, mode } = context;
    const state = engine.store.modes[mode];
    if (!state.customers.has(body.customer_id)) return noSuch('customer', 'customer_id');
    const method = state.paymentMethods.get(body.payment_method_id);
    if (method === undefined) return noSuch('payment method', 'payment_method_id');
    if (method.customerId !== body.customer_id) {
      return refusal('validation_error', 'payment_method_id is not a payment method of customer_id.', {
        param: 'payment_method_id',
      });
    }
    const product = findProduct(context, body);
    if (!product.ok) return product;
    const started = startSubscription({
      now: engine.nowIso(),
      interval: body.interval,
      interval_count: body.interval_count ?? 1,
      trial_period_days: body.trial_period_days ?? 0,
    });
    if (!started.ok) return refusal('validation_error', started.message, { param: started.param });
    const cards: PaymentCards =
      method.method.type === 'hsa_fsa_card' ? { hsa_card_number: method.card } : { card_number: method.card };
    const record = insertSubscription(
      context,
      {
        customerId: body.customer_id,
        paymentMethod: method.method,
        product: product.value,
        merchantProductId: body.merchant_product_id ?? null,
        amountCents: body.amount_cents,
        currency: body.currency,
        trialPeriodDays: body.trial_period_days ?? 0,
        paymentLinkId: null,
        checkoutId: null,
        metadata: body.metadata ?? {},
      },
      started,
      cards,
    );
    if (started.effects.some((effect) => effect.kind === 'emit')) {
      // The first period, paid now: the card already paid once, so it is charged as a payment. Only
      // authorized (the authorizing card), the order waits: its payment succeeds when it is captured.
      const order = chargeOrder(context, record, 'payment');
      if (order.payment_status === 'authorized') engine.emit(mode, 'order.created', order);
      else {
        engine.emit(mode, 'subscription.payment_succeeded', { ...record.subscription, order_id: order.id });
        engine.emit(mode, 'order.created', order);
        engine.emit(mode, 'order.completed', order);
      }
    }
    return ok(state.subscriptions.get(record.subscription.id)?.subscription ?? record.subscription);
  },
});

function findProduct({ engine }: OperationContext, body: SubscriptionCreate): Outcome<Product | undefined> {
  const byId = body.product_id === undefined ? undefined : engine.store.products.get(body.product_id);
  if (body.product_id !== undefined && byId === undefined) {
    return noSuch('product', 'product_id');
  }
  if (body.merchant_product_id === undefined) return { ok: true, value: byId };
  const id = engine.store.productIdByMerchantId.get(body.merchant_product_id);
  const byMerchantId = id === undefined ? undefined : engine.store.products.get(id);
  if (byMerchantId === undefined) return noSuch('product', 'merchant_product_id');
  if (byId !== undefined && byId.id !== byMerchantId.id) {
    return refusal('validation_error', 'product_id and merchant_product_id name different products.', {
      param: 'merchant_product_id',
    });
  }
  return ok(byMerchantId);
}
