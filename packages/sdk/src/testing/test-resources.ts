import {
  type CheckoutSession,
  createId,
  type Dispute,
  type IdPrefix,
  type Order,
  type PaymentLink,
  type Product,
  type RandomBytes,
  type Refund,
  randomBase62,
  type Subscription,
} from '@glm/domain';

/** What every test resource is built from: a byte source for ids and the moment "now". */
export interface TestResourceContext {
  /** Where id characters come from. */
  readonly random: RandomBytes;
  /** The time the resource is stamped with. */
  readonly now: Date;
}

const at = (context: TestResourceContext, offsetSeconds = 0): string =>
  new Date(context.now.getTime() + offsetSeconds * 1000).toISOString();

const id = <P extends IdPrefix>(context: TestResourceContext, prefix: P): `${P}${string}` =>
  createId(prefix, context.random);

const customer = { email: 'jamie.rivera@example.com', first_name: 'Jamie', last_name: 'Rivera' } as const;
const address = {
  address_line_1: '100 Main St',
  address_line_2: null,
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
} as const;

/** A completed, captured split-cart order of two items (one HSA/FSA eligible, one not). */
export function testOrder(context: TestResourceContext): Order {
  const created = at(context, -120);
  const completed = at(context);
  return {
    id: id(context, 'ord_'),
    order_number: `ORD-${context.now.getUTCFullYear()}-000042`,
    status: 'completed',
    payment_status: 'captured',
    merchant_id: 'mer_test_1',
    merchant_site_id: 'site_test_1',
    test_mode: true,
    customer: {
      id: id(context, 'cus_'),
      ...customer,
      phone: null,
      shipping_address: address,
      billing_address: address,
    },
    line_items: [
      {
        id: id(context, 'li_'),
        product_id: 1,
        merchant_product_id: 'SKU-THERMO-01',
        name: 'Digital thermometer',
        quantity: 1,
        price_cents: 2499,
        is_hsa_eligible: true,
        eligibility_type: 'auto_substantiation',
      },
      {
        id: id(context, 'li_'),
        product_id: 2,
        merchant_product_id: 'SKU-TOTE-01',
        name: 'Canvas tote',
        quantity: 1,
        price_cents: 1500,
        is_hsa_eligible: false,
        eligibility_type: null,
      },
    ],
    amounts: {
      subtotal_cents: 3999,
      hsa_fsa_amount_cents: 2499,
      regular_amount_cents: 1500,
      shipping_cents: 500,
      tax_cents: 320,
      discount_cents: 0,
      total_cents: 4819,
    },
    payment: {
      payment_id: id(context, 'pay_'),
      payment_method: 'card',
      payment_method_id: id(context, 'pm_'),
      last4: '4242',
      brand: 'visa',
      captured_at: completed,
    },
    metadata: {},
    created_at: created,
    completed_at: completed,
    status_history: [
      { status: 'pending', timestamp: created, reason: null },
      { status: 'processing', timestamp: completed, reason: null },
      { status: 'completed', timestamp: completed, reason: null },
    ],
    checkout_id: id(context, 'cs_'),
    reference_id: 'cart_1001',
    payment_link_id: null,
    client_reference_id: null,
    subscription_id: null,
    is_recurring: false,
  };
}

/** An open checkout session for the same cart as {@link testOrder}. */
export function testCheckoutSession(context: TestResourceContext): CheckoutSession {
  const checkoutId = id(context, 'cs_');
  return {
    checkout_id: checkoutId,
    checkout_url: `https://checkout.glm.test/checkout/${checkoutId}?token=${randomBase62(32, context.random)}`,
    reference_id: 'cart_1001',
    status: 'open',
    type: 'split',
    customer: { ...customer, phone: null },
    line_items: [
      {
        product_id: 'SKU-THERMO-01',
        name: 'Digital thermometer',
        image_url: null,
        price: 2499,
        quantity: 1,
        currency: 'USD',
        is_hsa_fsa_eligible: true,
        eligibility_type: 'auto_substantiation',
      },
      {
        product_id: 'SKU-TOTE-01',
        name: 'Canvas tote',
        image_url: null,
        price: 1500,
        quantity: 1,
        currency: 'USD',
        is_hsa_fsa_eligible: false,
        eligibility_type: null,
      },
    ],
    amounts: {
      subtotal: 3999,
      hsa_amount: 2499,
      regular_amount: 1500,
      shipping: 500,
      tax: 320,
      discount: 0,
      total: 4819,
    },
    success_url: 'https://shop.example.com/thanks?order={ORDER_ID}',
    failure_url: 'https://shop.example.com/cart',
    expires_at: at(context, 24 * 3600),
    created_at: at(context),
    order_id: null,
    paid_at: null,
    expired_at: null,
    metadata: {},
    payment_type: 'one_time',
    subscription: null,
  };
}

/** An active one-time payment link for one eligible product. */
export function testPaymentLink(context: TestResourceContext): PaymentLink {
  const linkId = id(context, 'plink_');
  return {
    id: linkId,
    url: `https://checkout.glm.test/pay/${linkId}`,
    amount_cents: 2499,
    currency: 'USD',
    description: 'Digital thermometer',
    payment_type: 'one_time',
    status: 'active',
    subscription: null,
    customer: { email: customer.email, first_name: customer.first_name, last_name: customer.last_name },
    products: [
      {
        merchant_product_id: 'SKU-THERMO-01',
        name: 'Digital thermometer',
        quantity: 1,
        price_cents: 2499,
        is_hsa_fsa_eligible: true,
        eligibility_type: 'auto_substantiation',
      },
    ],
    success_url: 'https://shop.example.com/thanks',
    cancel_url: null,
    metadata: {},
    expires_at: at(context, 15 * 24 * 3600),
    created_at: at(context),
    cancelled_at: null,
    cancellation_reason: null,
  };
}

/** A pending partial refund of the eligible item of an order. */
export function testRefund(context: TestResourceContext, orderId: string): Refund {
  return {
    id: id(context, 'ref_'),
    order_id: orderId,
    amount_cents: 2499,
    reason: 'customer_request',
    notes: null,
    status: 'pending',
    refund_breakdown: { hsa_fsa_amount_cents: 2499, regular_amount_cents: 0 },
    metadata: {},
    created_at: at(context),
    processed_at: null,
  };
}

/** A dispute that needs a response within 7 days. */
export function testDispute(context: TestResourceContext, orderId: string): Dispute {
  return {
    id: id(context, 'dp_'),
    order_id: orderId,
    amount_cents: 4819,
    reason: 'fraudulent',
    status: 'needs_response',
    evidence_due_by: at(context, 7 * 24 * 3600),
    created_at: at(context),
    closed_at: null,
  };
}

/** An active catalog product whose eligibility was checked. */
export function testProduct(context: TestResourceContext): Product {
  return {
    id: 1,
    name: 'Digital thermometer',
    tagline: null,
    description: 'Fast, accurate readings.',
    price: 2499,
    currency: 'USD',
    merchant_product_id: 'SKU-THERMO-01',
    upc_code_or_gtin: '00012345678905',
    status: 'active',
    eligibility: {
      hsa_fsa_eligible: true,
      message: 'Thermometers are eligible without a prescription.',
      eligibility_type: 'auto_substantiation',
      checked_at: at(context),
    },
    images: [],
    metadata: {},
    created_at: at(context),
    updated_at: at(context),
  };
}

/** A monthly subscription of $24.99 in its 14-day trial, charged to an HSA/FSA card. */
export function testSubscription(context: TestResourceContext): Subscription {
  return {
    id: id(context, 'sub_'),
    customer_id: id(context, 'cus_'),
    status: 'trialing',
    product_id: null,
    merchant_product_id: null,
    amount_cents: 2499,
    currency: 'USD',
    interval: 'monthly',
    interval_count: 1,
    trial_period_days: 14,
    trial_end: at(context, 14 * 24 * 3600),
    current_period_start: at(context),
    current_period_end: at(context, 14 * 24 * 3600),
    next_billing_date: at(context, 14 * 24 * 3600),
    cancel_at_period_end: false,
    cancelled_at: null,
    ended_at: null,
    payment_method: { id: id(context, 'pm_'), type: 'hsa_fsa_card', last4: '4242', brand: 'visa' },
    payment_link_id: null,
    checkout_id: null,
    metadata: {},
    created_at: at(context),
    updated_at: at(context),
  };
}
