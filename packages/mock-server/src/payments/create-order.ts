import {
  CartType,
  createOrderStatus,
  formatOrderNumber,
  type Mode,
  type Order,
  type OrderStatusHistoryEntry,
  orderStatusTransition,
  paymentStatusTransition,
  splitPayment,
} from '@glm/domain';
import type { Engine } from '../service/engine.ts';
import type { CheckoutRecord } from '../store/store.ts';
import { cardBrand } from './test-cards.ts';

/** The merchant every mock order belongs to. */
export const MOCK_MERCHANT_ID = 'mer_mock';
/** The merchant site every mock order belongs to. */
export const MOCK_MERCHANT_SITE_ID = 'site_mock';

/** The cards a successful payment charged: the HSA/FSA card, the regular card, or both (D15). */
export interface Charged {
  /** The HSA/FSA card number, when the cart had an HSA/FSA part. */
  readonly hsaCard: string | undefined;
  /** The regular card number, when the cart had a regular part. */
  readonly regularCard: string | undefined;
}

const nextOrderNumber = (engine: Engine, mode: Mode): string => {
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
 * The `client_reference_id` of an order (interface 6.2, docs/decisions/0010): for a payment link
 * order, the link's `metadata.client_reference_id` (read when the order is created, so a renewal sees
 * the link as it is then), or `null` when the link has none; `null` for a checkout order, which carries
 * the merchant's `reference_id` instead.
 */
export function clientReferenceId(engine: Engine, mode: Mode, paymentLinkId: string | null): string | null {
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

/** An event the order machine asks for when it closes an order (`order.failed`, interface 6.2). */
export type OrderEmit = 'order.failed';

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
 * Builds the completed order of a paid session (2.5, D18): created pending, moved to processing and
 * completed by the domain's order machine (three history entries), payment captured by the payment
 * machine, amounts split between the cards by the domain's D15 rule. A payment link order carries
 * `payment_link_id` and `client_reference_id` (interface 6.2).
 */
export function createOrder(engine: Engine, mode: Mode, record: CheckoutRecord, charged: Charged): Order {
  const now = engine.nowIso();
  const authorized = paymentStatusTransition({ status: 'pending' }, { type: 'authorize' });
  const captured = authorized.ok
    ? paymentStatusTransition(authorized.state, { type: 'capture', now })
    : authorized;
  const steps = [
    createOrderStatus(now),
    orderStatusTransition({ status: 'pending' }, { type: 'start_processing', now }),
    orderStatusTransition({ status: 'processing' }, { type: 'capture', now }),
  ];
  const made = lifecycle(steps, captured, { status: 'pending', paymentStatus: 'captured' }, now);
  return storeOrder(engine, mode, record, charged, now, made);
}

/**
 * Builds the order of a charge that was declined with no shopper there to retry it (a subscription
 * renewal, D20): created pending and failed at once by the domain's order machine (two history
 * entries, the second with `reason`), payment `failed`, never captured or completed. Answers the order
 * and the events the machine asks for (`order.failed`); emitting them is the caller's.
 */
export function createFailedOrder(
  engine: Engine,
  mode: Mode,
  record: CheckoutRecord,
  charged: Charged,
  reason: string,
): { readonly order: Order; readonly emits: readonly OrderEmit[] } {
  const now = engine.nowIso();
  const steps = [
    createOrderStatus(now),
    orderStatusTransition({ status: 'pending' }, { type: 'fail', now, reason }),
  ];
  const failed = paymentStatusTransition({ status: 'pending' }, { type: 'fail' });
  const made = lifecycle(steps, failed, { status: 'pending', paymentStatus: 'failed' }, null);
  return { order: storeOrder(engine, mode, record, charged, now, made), emits: made.emits };
}

function storeOrder(
  engine: Engine,
  mode: Mode,
  record: CheckoutRecord,
  charged: Charged,
  now: string,
  made: OrderLifecycle,
): Order {
  const { session } = record;
  const cart = CartType.safeParse(session.type);
  const split = splitPayment(cart.success ? cart.data : 'regular', session.amounts);
  const parts = split.ok
    ? split.value
    : { hsa_fsa_amount_cents: 0, regular_amount_cents: session.amounts.total };
  const card = charged.hsaCard ?? charged.regularCard ?? '';
  const order: Order = {
    id: engine.newId('ord_'),
    order_number: nextOrderNumber(engine, mode),
    status: made.status,
    payment_status: made.paymentStatus,
    merchant_id: MOCK_MERCHANT_ID,
    merchant_site_id: MOCK_MERCHANT_SITE_ID,
    test_mode: mode === 'test',
    customer: {
      ...session.customer,
      shipping_address: record.shipping,
      billing_address: record.billing,
    },
    line_items: session.line_items.map((item) => {
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
      subtotal_cents: session.amounts.subtotal,
      hsa_fsa_amount_cents: parts.hsa_fsa_amount_cents,
      regular_amount_cents: parts.regular_amount_cents,
      shipping_cents: session.amounts.shipping,
      tax_cents: session.amounts.tax,
      discount_cents: session.amounts.discount,
      total_cents: session.amounts.total,
    },
    payment: {
      payment_id: engine.newId('pay_'),
      payment_method:
        charged.hsaCard !== undefined && charged.regularCard !== undefined
          ? 'split'
          : charged.hsaCard !== undefined
            ? 'hsa_fsa_card'
            : 'card',
      last4: card.slice(-4),
      brand: cardBrand(card),
      captured_at: made.capturedAt,
    },
    metadata: { ...session.metadata },
    created_at: now,
    completed_at: made.completedAt,
    status_history: made.history,
    checkout_id: session.checkout_id,
    reference_id: session.reference_id,
    payment_link_id: record.paymentLinkId,
    client_reference_id: clientReferenceId(engine, mode, record.paymentLinkId),
  };
  engine.store.modes[mode].orders.insert(order);
  return order;
}
