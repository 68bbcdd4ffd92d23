import type { CheckoutSession, Mode, Order, OrderAddress, Product } from '@glm/domain';
import type { OrderedCollection } from './ordered-collection.ts';
import { createOrderedCollection } from './ordered-collection.ts';
import { createPaymentCollections, type PaymentCollections } from './payment-records.ts';
import { observedMap, type StoreObserver } from './store-observer.ts';

/** A checkout session as stored: the wire session plus what the server keeps to itself. */
export interface CheckoutRecord {
  /** The session as answered. */
  readonly session: CheckoutSession;
  /** The hosted page's access token. */
  readonly token: string;
  /** Shipping address in the order's shape. */
  readonly shipping: OrderAddress;
  /** Billing address in the order's shape (the shipping address when none was sent). */
  readonly billing: OrderAddress;
  /** The payment link this session pays, if any. */
  readonly paymentLinkId: string | null;
}

/** The objects of one mode: nothing here is visible to the other mode's keys. */
export interface ModeState extends PaymentCollections {
  /** Checkout sessions. */
  readonly checkouts: OrderedCollection<CheckoutRecord, string>;
  /** Orders. */
  readonly orders: OrderedCollection<Order, string>;
  /** Last `order_number` sequence used, per year. */
  readonly orderSequences: Map<number, number>;
}

/**
 * One service instance's state. Products belong to the merchant and are shared by both modes; every
 * other collection is per mode. Each collection is kept in creation order for O(limit + log n)
 * pages. New resource groups add their collections to {@link ModeState} and {@link createStore}.
 */
export interface Store {
  /** The catalog, paged by integer id. */
  readonly products: OrderedCollection<Product, number>;
  /** Product id by `merchant_product_id` (unique per merchant): the checkout match index. */
  readonly productIdByMerchantId: Map<string, number>;
  /** Last product id handed out (ids grow by one per merchant). */
  lastProductId: number;
  /** Last image id handed out. */
  lastImageId: number;
  /** Per-mode objects. */
  readonly modes: Readonly<Record<Mode, ModeState>>;
}

const at = (iso: string): number => Date.parse(iso);

const createModeState = (mode: Mode, observe: StoreObserver | undefined): ModeState => ({
  checkouts: createOrderedCollection<CheckoutRecord, string>(
    (record) => record.session.checkout_id,
    (record) => at(record.session.created_at),
    observe === undefined ? undefined : (id, record) => observe(`${mode}.checkouts`, id, record),
  ),
  orders: createOrderedCollection<Order, string>(
    (order) => order.id,
    (order) => at(order.created_at),
    observe === undefined ? undefined : (id, order) => observe(`${mode}.orders`, id, order),
  ),
  orderSequences: observedMap<number, number>(`${mode}.orderSequences`, observe),
  ...createPaymentCollections(mode, observe),
});

/**
 * Creates an empty store. `observe`, when given, is told of every change to a collection or index
 * (see {@link StoreObserver}); the two counters are plain fields, read when a change is journaled.
 */
export function createStore(observe?: StoreObserver): Store {
  return {
    products: createOrderedCollection<Product, number>(
      (product) => product.id,
      (product) => at(product.created_at),
      observe === undefined ? undefined : (id, product) => observe('products', String(id), product),
    ),
    productIdByMerchantId: observedMap<string, number>('productIdByMerchantId', observe),
    lastProductId: 0,
    lastImageId: 0,
    modes: { test: createModeState('test', observe), live: createModeState('live', observe) },
  };
}
