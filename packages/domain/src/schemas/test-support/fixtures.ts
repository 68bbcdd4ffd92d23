// Example bodies in the shapes the interface's tables (sections 2, 4, 6) and decisions give them.
// Factories, so no test shares a mutable object. Request bodies build on the builders every package's
// tests share (`@glm/test-fixtures`).

import {
  checkoutLine,
  checkoutRequest,
  paymentLinkRequest,
  SHIPPING_ADDRESS,
  SHOPPER,
} from '@glm/test-fixtures';

/** A product as in interface 2.1 with D8's extra fields. */
export function productBody() {
  return {
    id: 42,
    name: 'Digital thermometer',
    tagline: 'Fast and accurate',
    description: 'Reads in 8 seconds.',
    price: 1999,
    currency: 'USD',
    merchant_product_id: 'sku-therm-1',
    upc_code_or_gtin: '036000291452',
    status: 'active',
    eligibility: {
      hsa_fsa_eligible: true,
      eligibility_type: 'auto_substantiation',
      message: 'Thermometers are eligible medical devices.',
      checked_at: '2025-01-02T03:04:05.000Z',
    },
    images: [{ id: 1, url: 'https://cdn.example.com/t.png', is_primary: true }],
    metadata: { color: 'white' },
    created_at: '2025-01-02T03:04:05.000Z',
    updated_at: '2025-01-02T03:04:05.000Z',
  };
}

/** A not-eligible eligibility result (interface 2.2, D12). */
export function notEligibleResultBody() {
  return {
    hsa_fsa_eligible: false,
    eligibility_type: null,
    reason: 'General groceries are not eligible.',
    checked_at: '2025-01-02T03:04:05Z',
  };
}

/** A checkout session as in interface 2.3 with D16 line items and D17 fields. */
export function checkoutSessionBody() {
  return {
    checkout_id: 'cs_0123456789abcdefghijklmn',
    checkout_url: 'https://pay.example.com/checkout/cs_0123456789abcdefghijklmn?token=t',
    reference_id: 'cart-1001',
    status: 'open',
    type: 'split',
    customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
    line_items: [
      {
        product_id: 'sku-therm-1',
        name: 'Digital thermometer',
        price: 1999,
        quantity: 2,
        currency: 'USD',
        is_hsa_fsa_eligible: true,
        eligibility_type: 'auto_substantiation',
      },
      {
        product_id: 'sku-mug',
        name: 'Mug',
        image_url: 'https://cdn.example.com/mug.png',
        price: 1000,
        quantity: 1,
        currency: 'USD',
        is_hsa_fsa_eligible: false,
        eligibility_type: null,
      },
    ],
    amounts: {
      subtotal: 4998,
      hsa_amount: 3998,
      regular_amount: 1000,
      shipping: 500,
      tax: 300,
      discount: 0,
      total: 5798,
    },
    success_url: 'https://shop.example.com/ok?cs={CHECKOUT_SESSION_ID}',
    failure_url: 'https://shop.example.com/failed',
    expires_at: '2025-01-03T03:04:05.000Z',
    created_at: '2025-01-02T03:04:05.000Z',
    order_id: null,
    paid_at: null,
    expired_at: null,
  };
}

/** A checkout success envelope (interface 2.3, D2). */
export function checkoutEnvelopeBody() {
  return {
    success: true,
    message: 'Checkout session created',
    data: checkoutSessionBody(),
    metadata: { request_id: 'req_1' },
  };
}

/** A cancelled payment link as in interface 2.4. */
export function paymentLinkBody() {
  return {
    id: 'plink_0123456789abcdefghijklmn',
    url: 'https://pay.example.com/pay/plink_0123456789abcdefghijklmn',
    amount_cents: 4500,
    currency: 'USD',
    description: 'Monthly vitamins',
    payment_type: 'subscription',
    subscription: { interval: 'weekly', interval_count: 2, trial_period_days: 7 },
    status: 'cancelled',
    customer: { email: 'ada@example.com' },
    products: [
      {
        merchant_product_id: 'sku-vit',
        name: 'Vitamins',
        quantity: 1,
        price_cents: 4500,
        is_hsa_fsa_eligible: true,
        eligibility_type: 'dual_purpose',
      },
    ],
    success_url: 'https://shop.example.com/ok',
    cancel_url: 'https://shop.example.com/cancel',
    metadata: { campaign: 'spring' },
    expires_at: '2025-01-17T03:04:05.000Z',
    created_at: '2025-01-02T03:04:05.000Z',
    cancelled_at: '2025-01-03T03:04:05.000Z',
    cancellation_reason: 'Customer changed their mind',
  };
}

/** A completed checkout order as in interface 2.5. */
export function orderBody() {
  const address = {
    address_line_1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    country: 'US',
  };
  return {
    id: 'ord_0123456789abcdefghijklmn',
    order_number: 'ORD-2025-000001',
    status: 'completed',
    payment_status: 'captured',
    merchant_id: 'mer_1',
    merchant_site_id: 'site_1',
    test_mode: true,
    customer: {
      id: 'cus_0123456789abcdefghijklmn',
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+15555550100',
      shipping_address: address,
      billing_address: { ...address, address_line_2: 'Apt 2' },
    },
    line_items: [
      {
        id: 'li_0123456789abcdefghijklmn',
        product_id: 42,
        merchant_product_id: 'sku-therm-1',
        name: 'Digital thermometer',
        quantity: 2,
        price_cents: 1999,
        is_hsa_eligible: true,
        eligibility_type: 'auto_substantiation',
      },
    ],
    amounts: {
      subtotal_cents: 3998,
      hsa_fsa_amount_cents: 3998,
      regular_amount_cents: 0,
      shipping_cents: 0,
      tax_cents: 0,
      discount_cents: 0,
      total_cents: 3998,
    },
    payment: {
      payment_id: 'pay_0123456789abcdefghijklmn',
      payment_method: 'card',
      payment_method_id: 'pm_0123456789abcdefghijklmn',
      last4: '4242',
      brand: 'visa',
      captured_at: '2025-01-02T03:05:00.000Z',
    },
    metadata: {},
    created_at: '2025-01-02T03:05:00.000Z',
    completed_at: '2025-01-02T03:05:00.000Z',
    status_history: [
      { status: 'pending', timestamp: '2025-01-02T03:05:00.000Z', reason: 'Order created' },
      { status: 'processing', timestamp: '2025-01-02T03:05:00.000Z', reason: null },
      { status: 'completed', timestamp: '2025-01-02T03:05:00.000Z' },
    ],
    checkout_id: 'cs_0123456789abcdefghijklmn',
    reference_id: 'cart-1001',
    payment_link_id: null,
    subscription_id: null,
    is_recurring: false,
  };
}

/** A pending refund (D21). */
export function refundBody() {
  return {
    id: 'ref_0123456789abcdefghijklmn',
    order_id: 'ord_0123456789abcdefghijklmn',
    amount_cents: 1000,
    reason: 'customer_request',
    notes: null,
    status: 'pending',
    refund_breakdown: { hsa_fsa_amount_cents: 1000, regular_amount_cents: 0 },
    metadata: {},
    created_at: '2025-01-04T00:00:00.000Z',
    processed_at: null,
  };
}

/** A new dispute (D22). */
export function disputeBody() {
  return {
    id: 'dp_0123456789abcdefghijklmn',
    order_id: 'ord_0123456789abcdefghijklmn',
    amount_cents: 3998,
    reason: 'fraudulent',
    status: 'needs_response',
    evidence_due_by: '2025-01-11T00:00:00.000Z',
    created_at: '2025-01-04T00:00:00.000Z',
    closed_at: null,
  };
}

/** A subscription (D20). */
export function subscriptionBody() {
  return {
    id: 'sub_0123456789abcdefghijklmn',
    status: 'trialing',
    interval: 'monthly',
    interval_count: 1,
    current_period_start: '2025-01-02T00:00:00.000Z',
    current_period_end: '2025-02-02T00:00:00.000Z',
    trial_end: '2025-01-09T00:00:00.000Z',
    customer_id: 'cus_0123456789abcdefghijklmn',
    product_id: null,
    merchant_product_id: null,
    amount_cents: 2500,
    currency: 'USD',
    trial_period_days: 7,
    next_billing_date: '2025-01-09T00:00:00.000Z',
    cancel_at_period_end: false,
    cancelled_at: null,
    ended_at: null,
    payment_method: { id: 'pm_0123456789abcdefghijklmn', type: 'hsa_fsa_card', last4: '4242', brand: 'visa' },
    payment_link_id: null,
    checkout_id: null,
    metadata: {},
    created_at: '2025-01-02T00:00:00.000Z',
    updated_at: '2025-01-02T00:00:00.000Z',
  };
}

/** A failed webhook delivery with one attempt (D24). */
export function webhookDeliveryBody() {
  return {
    id: 'whd_1',
    event_id: 'evt_0123456789abcdefghijklmn',
    event_type: 'order.created',
    endpoint_id: 'whep_0123456789abcdefghijklmn',
    url: 'https://shop.example.com/hooks',
    status: 'pending',
    attempts: [
      {
        attempt: 1,
        attempted_at: '2025-01-02T03:05:00.000Z',
        status_code: 500,
        duration_ms: 120,
        response_body: 'oops',
        error: null,
      },
    ],
    next_attempt_at: '2025-01-02T03:05:30.000Z',
    created_at: '2025-01-02T03:05:00.000Z',
  };
}

/** A checkout creation body in the reference shape of interface 4.4: two lines, with shipping, tax and discount. */
export function checkoutReferenceBody() {
  return checkoutRequest(
    [
      checkoutLine('sku-therm-1', { name: 'Digital thermometer', price: 1999, quantity: 2 }),
      checkoutLine('sku-mug', { name: 'Mug', currency: 'usd' }),
    ],
    {
      reference_id: 'cart-1001',
      shipping: 500,
      tax: 300,
      discount: 100,
      metadata: { webhook_url: 'https://shop.example.com/hooks' },
    },
  );
}

/** The same checkout in the embedded guide's shape (interface 4.4, D14). */
export function checkoutGuideBody() {
  const { postal_code: zip, ...address } = SHIPPING_ADDRESS;
  return {
    reference_id: 'cart-1001',
    customer: { ...SHOPPER },
    line_items: [
      { merchant_product_id: 'sku-therm-1', name: 'Digital thermometer', price_cents: 1999, quantity: 2 },
      { merchant_product_id: 'sku-mug', name: 'Mug', price_cents: 1000, quantity: 1 },
    ],
    shipping_info: { ...address, zip },
    amounts: { shipping_cents: 500, tax_cents: 300, discount_cents: 100 },
    success_url: 'https://shop.example.com/ok?cs={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://shop.example.com/failed',
    metadata: { webhook_url: 'https://shop.example.com/hooks' },
  };
}

/** A subscription payment link creation body with every optional field (interface 4.7). */
export function paymentLinkCreateBody() {
  return paymentLinkRequest({
    amount_cents: 4500,
    description: 'Monthly vitamins',
    customer: { email: SHOPPER.email },
    products: [{ merchant_product_id: 'sku-vit', name: 'Vitamins', quantity: 1, price_cents: 4500 }],
    payment_type: 'subscription',
    subscription: { interval: 'weekly', interval_count: 2, trial_period_days: 7 },
    success_url: 'https://shop.example.com/ok',
    cancel_url: 'https://shop.example.com/cancel',
    metadata: { campaign: 'spring' },
    expires_at: '2025-01-17T00:00:00Z',
  });
}
