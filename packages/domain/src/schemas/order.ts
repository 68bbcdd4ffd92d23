import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { ListPage } from './list-page.ts';
import { Cents, MetadataRecord, Timestamp } from './primitives.ts';
import { EligibilityType, EventPaymentStatus, OrderStatus } from './statuses.ts';

/** A postal address on an order. */
export const OrderAddress = z.object({
  address_line_1: z.string(),
  address_line_2: z.string().nullish(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
});
/** A postal address on an order. */
export type OrderAddress = z.infer<typeof OrderAddress>;

/**
 * The customer of an order. `id` (`cus_…`) is the merchant's customer recorded on
 * payment, one per mode and e-mail: pass it to `POST /v2/subscriptions` for a returning customer.
 */
export const OrderCustomer = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  shipping_address: OrderAddress.nullable(),
  billing_address: OrderAddress.nullable(),
});
/** The customer of an order. */
export type OrderCustomer = z.infer<typeof OrderCustomer>;

/**
 * A line item of an order (`li_…`). `product_id` is the catalog's integer id, null for
 * a pass-through item that matched no product.
 */
const OrderLineItem = z.object({
  id: z.string(),
  product_id: z.int().nullable(),
  merchant_product_id: z.string(),
  name: z.string(),
  quantity: z.int().positive(),
  price_cents: Cents,
  is_hsa_eligible: z.boolean(),
  eligibility_type: EligibilityType.nullable(),
});

/** The amounts of an order in cents. */
const OrderAmounts = z.object({
  subtotal_cents: Cents,
  hsa_fsa_amount_cents: Cents,
  regular_amount_cents: Cents,
  shipping_cents: Cents,
  tax_cents: Cents,
  discount_cents: Cents,
  total_cents: Cents,
});

/**
 * How an order was paid. `payment_method_id` (`pm_…`) is the card kept as the
 * customer's payment method: the HSA/FSA card's when one paid, else the regular card's.
 */
const OrderPayment = z.object({
  payment_id: z.string(),
  payment_method: z.string(),
  payment_method_id: z.string().nullable(),
  last4: z.string(),
  brand: z.string(),
  captured_at: Timestamp.nullable(),
});

/** One entry of an order's status history. `status` is open. */
export const OrderStatusHistoryEntry = z.object({
  status: OrderStatus,
  timestamp: Timestamp,
  reason: z.string().nullish(),
});
/** One entry of an order's status history. */
export type OrderStatusHistoryEntry = z.infer<typeof OrderStatusHistoryEntry>;

/**
 * An order (`ord_…`). `status` and `payment_status` are open (`payment_status` knows
 * `partially_refunded` from events). The origin fields used by events:
 * `checkout_id`, `reference_id` (checkout orders), `payment_link_id` and `client_reference_id`
 * (payment link orders), and `subscription_id`; each is null when it does not apply, and may be
 * absent since the interface's table does not list it. `is_recurring` is true for an order a
 * subscription's renewal created.
 */
export const Order = z.object({
  id: z.string(),
  order_number: z.string(),
  status: OrderStatus,
  payment_status: EventPaymentStatus,
  merchant_id: z.string(),
  merchant_site_id: z.string(),
  test_mode: z.boolean(),
  customer: OrderCustomer,
  line_items: z.array(OrderLineItem),
  amounts: OrderAmounts,
  payment: OrderPayment.nullable(),
  metadata: MetadataRecord,
  created_at: Timestamp,
  completed_at: Timestamp.nullable(),
  status_history: z.array(OrderStatusHistoryEntry),
  checkout_id: z.string().nullable(),
  reference_id: z.string().nullable(),
  payment_link_id: z.string().nullable(),
  client_reference_id: z.string().nullish(),
  subscription_id: z.string().nullable(),
  is_recurring: z.boolean(),
});
/** An order (`ord_…`). */
export type Order = z.infer<typeof Order>;

/** A page of orders. */
export const OrderList = lazySchema(() => ListPage(Order, z.string()));
/** A page of orders. */
export type OrderList = z.infer<typeof OrderList>;
