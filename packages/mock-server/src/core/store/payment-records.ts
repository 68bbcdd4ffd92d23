import type { Dispute, PaymentLink, PaymentMethod, Refund, Subscription } from '@glm/domain';
import type { SubscriptionState } from '@glm/domain/machines';
import type { OrderedCollection } from './ordered-collection.ts';
import { createOrderedCollection } from './ordered-collection.ts';
import type { PaymentCards } from './payment-cards.ts';
import { observedMap, type StoreObserver } from './store-observer.ts';

/** A payment link as stored: the wire link plus the checkout session opened to pay it. */
export interface PaymentLinkRecord {
  /** The link as answered. */
  readonly link: PaymentLink;
  /** The session the pay helper opened for the link, reused while it stays open. */
  readonly checkoutId: string | null;
}

/** A subscription as stored: the wire object, the domain machine's state and what renewals charge. */
export interface SubscriptionRecord {
  /** The subscription as answered and as events carry it. */
  readonly subscription: Subscription;
  /** The domain machine's state (billing anchor, periods billed, retries). */
  readonly state: SubscriptionState;
  /** The paid checkout session whose cart every period charges, or `null` for one created by the API. */
  readonly checkoutId: string | null;
  /** The cards the subscription charges each period. */
  readonly cards: PaymentCards;
  /** The merchant's reason for a cancellation, carried by `subscription.cancelled`. */
  readonly cancellationReason: string | null;
}

/** A customer as stored: one per mode and e-mail, recorded when a checkout is paid. */
interface CustomerRecord {
  /** `cus_…`. */
  readonly id: string;
  /** The e-mail it was first recorded with. */
  readonly email: string;
  /** Given name. */
  readonly first_name: string;
  /** Family name. */
  readonly last_name: string;
  /** Phone, when the checkout had one. */
  readonly phone: string | null;
}

/** A card that paid, kept as one of its customer's payment methods. */
interface PaymentMethodRecord {
  /** The payment method as answered. */
  readonly method: PaymentMethod;
  /** Whose it is. */
  readonly customerId: string;
  /** The card number a renewal charges (never answered). */
  readonly card: string;
}

/** The per-mode collections of payment links, refunds, disputes and subscriptions. */
export interface PaymentCollections {
  /** Payment links, in creation order. */
  readonly paymentLinks: OrderedCollection<PaymentLinkRecord, string>;
  /** Refunds, in creation order. */
  readonly refunds: OrderedCollection<Refund, string>;
  /** Refund ids per order id, oldest first: what an order has refunded is read without a scan. */
  readonly refundIdsByOrder: Map<string, string[]>;
  /** Disputes, in creation order. */
  readonly disputes: OrderedCollection<Dispute, string>;
  /** Subscriptions, in creation order. */
  readonly subscriptions: OrderedCollection<SubscriptionRecord, string>;
  /** Customers by id. */
  readonly customers: Map<string, CustomerRecord>;
  /** Customer id by lower-case e-mail. */
  readonly customerIdByEmail: Map<string, string>;
  /** Payment methods by id. */
  readonly paymentMethods: Map<string, PaymentMethodRecord>;
  /** Payment method id by customer id and card number (`cus_…\u0000<card>`). */
  readonly paymentMethodIdByCard: Map<string, string>;
}

const at = (iso: string | undefined): number => (iso === undefined ? 0 : Date.parse(iso));

/**
 * Creates the empty payment collections of one mode; `observe` (optional) is told of every change,
 * tables named `<mode>.<collection>`.
 */
export function createPaymentCollections(mode = '', observe?: StoreObserver): PaymentCollections {
  const tell = <V>(table: string) =>
    observe === undefined ? undefined : (id: string, value: V) => observe(`${mode}.${table}`, id, value);
  const map = <V>(table: string) => observedMap<string, V>(`${mode}.${table}`, observe);
  return {
    paymentLinks: createOrderedCollection<PaymentLinkRecord, string>(
      (record) => record.link.id,
      (record) => at(record.link.created_at),
      tell('paymentLinks'),
    ),
    refunds: createOrderedCollection<Refund, string>(
      (refund) => refund.id,
      (refund) => at(refund.created_at),
      tell('refunds'),
    ),
    refundIdsByOrder: map('refundIdsByOrder'),
    disputes: createOrderedCollection<Dispute, string>(
      (dispute) => dispute.id,
      (dispute) => at(dispute.created_at),
      tell('disputes'),
    ),
    subscriptions: createOrderedCollection<SubscriptionRecord, string>(
      (record) => record.subscription.id,
      (record) => at(record.subscription.created_at),
      tell('subscriptions'),
    ),
    customers: map('customers'),
    customerIdByEmail: map('customerIdByEmail'),
    paymentMethods: map('paymentMethods'),
    paymentMethodIdByCard: map('paymentMethodIdByCard'),
  };
}
