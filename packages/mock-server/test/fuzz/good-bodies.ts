import fc from 'fast-check';
import { checkoutRequest, eligibleProduct, paymentLinkRequest, regularProduct } from '../support/fixtures.ts';

import type { World } from '../support/world.ts';

/** Placeholders a good body carries for ids only known once a service's world is built. */
const PLACEHOLDERS: Readonly<Record<string, (world: World) => string>> = {
  $orderId: (world) => world.orderId,
  $customerId: (world) => world.customerId,
  $paymentMethodId: (world) => world.paymentMethodId,
};

/** A body text with the world's ids put in place of its placeholders. */
export function fillPlaceholders(text: string, world: World): string {
  let filled = text;
  for (const [name, idOf] of Object.entries(PLACEHOLDERS))
    filled = filled.replaceAll(`"${name}"`, JSON.stringify(idOf(world)));
  return filled;
}

const sku = fc.nat({ max: 50 }).map((n) => `sku-fuzz-${n}`);
const card = fc.constantFrom(
  '4242424242424242',
  '4111111111111111',
  '4000000000000002',
  '4000000000000069',
  '4000000000000259',
);

/**
 * Bodies an operation accepts as they are (the fixtures of the tests, a few varied), by operation
 * (`POST /refunds`): the fuzzer mutates them too, so that it reaches past parsing into business rules.
 */
export const GOOD_BODIES: Readonly<Record<string, fc.Arbitrary<unknown>>> = {
  'POST /products': sku.map((id) => eligibleProduct({ merchant_product_id: id })),
  'PUT /products/{id}': fc.record({
    name: fc.constantFrom('Renamed', 'Gauze'),
    price: fc.nat({ max: 100_000 }),
  }),
  'POST /products/check-eligibility': fc.constantFrom(
    { product_name: 'Ibuprofen tablets' },
    { upc_code_or_gtin: '074100001236' },
  ),
  'POST /checkout': fc
    .subarray(['sku-ibuprofen', 'sku-tissue'], { minLength: 1 })
    .map((ids) => checkoutRequest(ids, { metadata: { order: 'fuzz' } })),
  'POST /payment-links': fc.constantFrom(
    paymentLinkRequest(),
    paymentLinkRequest({ payment_type: 'subscription', subscription: { interval: 'monthly' } }),
  ),
  'POST /payment-links/{id}/cancel': fc.constant({ reason: 'duplicate' }),
  'POST /refunds': fc
    .nat({ max: 3000 })
    .map((amount) => ({ order_id: '$orderId', amount_cents: amount + 1, reason: 'other' })),
  'POST /subscriptions': fc.constant({
    customer_id: '$customerId',
    payment_method_id: '$paymentMethodId',
    amount_cents: 2500,
    currency: 'USD',
    interval: 'monthly',
  }),
  'POST /subscriptions/{id}/cancel': fc.record({
    cancel_at_period_end: fc.boolean(),
    reason: fc.constant('too expensive'),
  }),
  'POST /test_helpers/checkout/{id}/pay': card.map((number) => ({ hsa_card_number: number })),
  'POST /test_helpers/payment-links/{id}/pay': card.map((number) => ({ card_number: number })),
  'POST /test_helpers/clock/advance': fc.constantFrom(
    { seconds: 60 },
    { seconds: 86_400 },
    { seconds: 3600 * 24 * 40 },
  ),
  'POST /test_helpers/api_keys': fc.constant({ mode: 'test', name: 'CI' }),
  'POST /test_helpers/orders/{id}/dispute': fc.constant({ reason: 'fraudulent' }),
  'POST /test_helpers/disputes/{id}/close': fc.constantFrom({ outcome: 'lost' }, { outcome: 'won' }),
  'POST /test_helpers/webhook_endpoints': fc.constant({
    url: 'https://hooks.example/fuzz',
    events: ['order.created'],
  }),
  'POST /test_helpers/eligibility/refresh': fc.constant({
    entries: [regularProduct()].map(() => ({
      upc_code_or_gtin: '074100001236',
      hsa_fsa_eligible: false,
      eligibility_type: null,
      reason: 'Delisted',
    })),
  }),
};
