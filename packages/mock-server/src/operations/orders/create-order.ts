import {
  CartType,
  type CheckoutSession,
  formatOrderNumber,
  type Order,
  type OrderAddress,
  type OrderStatusHistoryEntry,
  splitPayment,
} from '@glm/domain';
import { createOrderStatus, orderStatusTransition, paymentStatusTransition } from '@glm/domain/machines';
import type { CheckoutRecord } from '../../core/store/store.ts';
import type { Charged } from '../cards/charged-cards.ts';
import { cardBrand } from '../cards/test-cards.ts';
import { type Payer, recordPayer } from '../customers/record-payer.ts';
import type { OperationContext } from '../operation-context.ts';

/** The merchant every mock order belongs to. */
const MOCK_MERCHANT_ID = 'mer_mock';
/** The merchant site every mock order belongs to. */
const MOCK_MERCHANT_SITE_ID = 'site_mock';

const nextOrderNumber = ({ engine, mode }: OperationContext): string => {
  const year = engine.now().getUTCFullYear();
  const sequences = engine.store.modes[mode].orderSequences;
  const sequence = (sequences.get(year) ?? 0) + 1;
  sequences.set(year, sequence);
  const formatted = formatOrderNumber(year, sequence);
  // Past 999 999 orders a year the number keeps growing rather than failing a test run.
  return formatted.ok ? formatted.value : `ORD-${year}-${sequence}`;
};

/** The metadata key of a payment link that names the merchant's own reference for its orders. */
const CLIENT_REFERENCE_KEY = 'client_reference_id';

/**
 * The `client_reference_id` of an order, one of the origin fields its events carry
 * (docs/decisions/0010): for a payment link
 * order, the link's `metadata.client_reference_id` (read when the order is created, so a renewal sees
 * the link as it is then), or `null` when the link has none; `null` for a checkout order, which carries
 * the merchant's `reference_id` instead.
 */
function clientReferenceId({ engine, mode }: OperationContext, paymentLinkId: string | null): string | null {
  if (paymentLinkId === null) return null;
  const link = engine.store.modes[mode].paymentLinks.get(paymentLinkId)?.link;
  return link?.metadata?.[CLIENT_REFERENCE_KEY] ?? null;
}

/** What the order machine and the payment machine made of a new order: its status, history and payment. */
interface OrderLifecycle {
  readonly status: Order['status'];
  readonly history: OrderStatusHistoryEntry[];
  readonly completedAt: string | null;
  readonly paymentStatus: Order['payment_status'];
  readonly capturedAt: string | null;
  readonly emits: OrderEmit[];
}

/** An event the order machine asks for when it closes an order (`order.failed`). */
type OrderEmit = 'order.failed';

const lifecycle = (
  steps: readonly ReturnType<typeof orderStatusTransition>[],
  payment: ReturnType<typeof paymentStatusTransition>,
  fallback: Pick<OrderLifecycle, 'status' | 'paymentStatus'>,
  capturedAt: string | null,
): OrderLifecycle => {
  const history: OrderStatusHistoryEntry[] = [];
  const emits: OrderEmit[] = [];
  let status = fallback.status;
  let completedAt: string | null = null;
  for (const step of steps) {
    if (!step.ok) continue;
    status = step.state.status;
    for (const effect of step.effects) {
      if (effect.kind === 'add_status_history') history.push(effect.entry);
      if (effect.kind === 'set_timestamp') completedAt = effect.at;
      if (effect.kind === 'emit') emits.push(effect.event);
    }
  }
  const paymentStatus = payment.ok ? payment.state.status : fallback.paymentStatus;
  return { status, history, completedAt, paymentStatus, capturedAt, emits };
};

/**
 * How a new order's payment stands: `captured` (the order completes at once) or `authorized` (the
 * order waits, `processing`, until a test helper captures or fails it).
 */
export type NewPayment = 'captured' | 'authorized';

/**
 * Builds the order of a paid session: created pending, moved to processing and, when the payment is
 * captured, completed by the domain's order machine (three history entries; two while only
 * authorized), payment authorized then captured by the payment machine, amounts split between the
 * cards by the domain's proportional rule. A payment link order carries `payment_link_id` and
 * `client_reference_id`.
 */
export function createOrder(
  context: OperationContext,
  record: CheckoutRecord,
  charged: Charged,
  payment: NewPayment = 'captured',
): Order {
  return createOrderFrom(context, checkoutSource(record), charged, payment);
}

/** What an order is made of: the cart, the payer and where it came from (a checkout, or a subscription). */
export interface OrderSource {
  /** Who pays. */
  readonly customer: Payer;
  /** Shipping address, if any. */
  readonly shipping: OrderAddress | null;
  /** Billing address, if any. */
  readonly billing: OrderAddress | null;
  /** `eligible`, `regular` or `split`. */
  readonly cartType: string;
  /** The cart's amounts in cents. */
  readonly amounts: CheckoutSession['amounts'];
  /** The cart's lines. */
  readonly lineItems: CheckoutSession['line_items'];
  /** The order's metadata. */
  readonly metadata: Readonly<Record<string, string>>;
  /** The checkout session paid, or `null`. */
  readonly checkoutId: string | null;
  /** The merchant's reference of that checkout, or `null`. */
  readonly referenceId: string | null;
  /** The payment link paid, or `null`. */
  readonly paymentLinkId: string | null;
  /** The subscription that charged it, or `null`. */
  readonly subscriptionId: string | null;
  /** True when a subscription charged it with no shopper present (a renewal, an API-created subscription). */
  readonly isRecurring: boolean;
}

/** The order source of a paid checkout session. */
export function checkoutSource(record: CheckoutRecord): OrderSource {
  const { session } = record;
  return {
    customer: session.customer,
    shipping: record.shipping,
    billing: record.billing,
    cartType: session.type,
    amounts: session.amounts,
    lineItems: session.line_items,
    metadata: session.metadata ?? {},
    checkoutId: session.checkout_id,
    referenceId: session.reference_id,
    paymentLinkId: record.paymentLinkId,
    subscriptionId: null,
    isRecurring: false,
  };
}

/**
 * Builds and stores the order of a successful charge of `source` (see {@link createOrder}): completed
 * when `payment` is captured, `processing` with the payment `authorized` otherwise. Records the payer
 * as a customer with its payment methods on the way.
 */
export function createOrderFrom(
  context: OperationContext,
  source: OrderSource,
  charged: Charged,
  payment: NewPayment = 'captured',
): Order {
  const now = context.engine.nowIso();
  const authorized = paymentStatusTransition({ status: 'pending' }, { type: 'authorize' });
  const captured =
    authorized.ok && payment === 'captured'
      ? paymentStatusTransition(authorized.state, { type: 'capture', now })
      : authorized;
  const steps = [
    createOrderStatus(now),
    orderStatusTransition({ status: 'pending' }, { type: 'start_processing', now }),
    ...(payment === 'captured'
      ? [orderStatusTransition({ status: 'processing' }, { type: 'capture', now })]
      : []),
  ];
  const made = lifecycle(
    steps,
    captured,
    { status: 'pending', paymentStatus: payment },
    payment === 'captured' ? now : null,
  );
  return storeOrder(context, { source, charged, now, made });
}

/** What a new order is made of: its source, what was charged, when, and its lifecycle so far. */
interface OrderMaking {
  readonly source: OrderSource;
  readonly charged: Charged;
  readonly now: string;
  readonly made: OrderLifecycle;
}

function storeOrder(context: OperationContext, making: OrderMaking): Order {
  const { source, charged, now, made } = making;
  const cart = CartType.safeParse(source.cartType);
  const split = splitPayment(cart.success ? cart.data : 'regular', source.amounts);
  const parts = split.ok
    ? split.value
    : { hsa_fsa_amount_cents: 0, regular_amount_cents: source.amounts.total };
  const card = charged.hsaCard ?? charged.regularCard ?? '';
  const { engine, mode } = context;
  const payer = recordPayer(context, source.customer, charged);
  const order: Order = {
    id: engine.newId('ord_'),
    order_number: nextOrderNumber(context),
    status: made.status,
    payment_status: made.paymentStatus,
    merchant_id: MOCK_MERCHANT_ID,
    merchant_site_id: MOCK_MERCHANT_SITE_ID,
    test_mode: mode === 'test',
    customer: {
      id: payer.customerId,
      ...source.customer,
      phone: source.customer.phone ?? null,
      shipping_address: source.shipping,
      billing_address: source.billing,
    },
    line_items: source.lineItems.map((item) => {
      const productId = engine.store.productIdByMerchantId.get(item.product_id);
      return {
        id: engine.newId('li_'),
        product_id: productId ?? null,
        merchant_product_id: item.product_id,
        name: item.name,
        quantity: item.quantity,
        price_cents: item.price,
        is_hsa_eligible: item.is_hsa_fsa_eligible,
        eligibility_type: item.eligibility_type,
      };
    }),
    amounts: {
      subtotal_cents: source.amounts.subtotal,
      hsa_fsa_amount_cents: parts.hsa_fsa_amount_cents,
      regular_amount_cents: parts.regular_amount_cents,
      shipping_cents: source.amounts.shipping,
      tax_cents: source.amounts.tax,
      discount_cents: source.amounts.discount,
      total_cents: source.amounts.total,
    },
    payment: {
      payment_id: engine.newId('pay_'),
      payment_method:
        charged.hsaCard !== undefined && charged.regularCard !== undefined
          ? 'split'
          : charged.hsaCard !== undefined
            ? 'hsa_fsa_card'
            : 'card',
      payment_method_id: payer.paymentMethod?.id ?? null,
      last4: card.slice(-4),
      brand: cardBrand(card),
      captured_at: made.capturedAt,
    },
    metadata: { ...source.metadata },
    created_at: now,
    completed_at: made.completedAt,
    status_history: made.history,
    checkout_id: source.checkoutId,
    reference_id: source.referenceId,
    payment_link_id: source.paymentLinkId,
    client_reference_id: clientReferenceId(context, source.paymentLinkId),
    subscription_id: source.subscriptionId,
    is_recurring: source.isRecurring,
  };
  engine.store.modes[mode].orders.insert(order);
  return order;
}
