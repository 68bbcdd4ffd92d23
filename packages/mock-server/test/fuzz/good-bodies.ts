import { EXAMPLE_PLACEHOLDERS, type JsonValue, ROUTES, type Route } from '@glm/domain/contract';
import fc from 'fast-check';
import type { World } from '../support/world.ts';

/** A body text with the world's ids put in place of the route table's example placeholders (`"$orderId"`). */
export function fillPlaceholders(text: string, world: World): string {
  let filled = text;
  for (const [name, key] of Object.entries(EXAMPLE_PLACEHOLDERS))
    filled = filled.replaceAll(`"${name}"`, JSON.stringify(world[key]));
  return filled;
}

const card = fc.constantFrom(
  '4242424242424242',
  '4111111111111111',
  '4000000000000002',
  '4000000000000069',
  '4000000000000259',
);

/**
 * Fields varied over a route's example, by operation id, so that the fuzzer reaches more business rules
 * (new merchant product ids, amounts, test cards, clock moves, outcomes) than one body would.
 */
const VARIED: Readonly<Record<string, fc.Arbitrary<Readonly<Record<string, JsonValue>>>>> = {
  createProduct: fc.nat({ max: 50 }).map((n) => ({ merchant_product_id: `sku-fuzz-${n}` })),
  updateProduct: fc.record({ name: fc.constantFrom('Renamed', 'Gauze'), price: fc.nat({ max: 100_000 }) }),
  checkEligibility: fc.constantFrom(
    { product_name: 'Ibuprofen tablets' },
    { upc_code_or_gtin: '074100001236' },
  ),
  createRefund: fc.nat({ max: 3000 }).map((amount) => ({ amount_cents: amount + 1 })),
  cancelSubscription: fc.record({ cancel_at_period_end: fc.boolean() }),
  testPayCheckoutSession: card.map((number) => ({ hsa_card_number: number })),
  testPayPaymentLink: card.map((number) => ({ card_number: number })),
  testAdvanceClock: fc.constantFrom(60, 86_400, 3600 * 24 * 40).map((seconds) => ({ seconds })),
  testCloseDispute: fc.constantFrom('lost', 'won').map((outcome) => ({ outcome })),
};

/**
 * Test helpers whose example the fuzzer does not send whole: each acts on the whole instance (jumps the
 * clock decades on, faults the answers that follow, resets, adds merchants, runs a whole trigger flow),
 * which would leave the rest of a run testing little. Their mutated bodies are still sent.
 */
const WHOLE_INSTANCE = new Set([
  'testSetClock',
  'testCreateFaultRule',
  'testReset',
  'testCreateMerchant',
  'testTriggerEvent',
]);

/**
 * Bodies an operation accepts, by operation (`POST /refunds`): each route's example from the route
 * table, some with fields varied. The fuzzer mutates them too, so that it reaches past parsing into
 * business rules.
 */
export const GOOD_BODIES: Readonly<Record<string, fc.Arbitrary<unknown>>> = Object.fromEntries(
  Object.entries(ROUTES as Readonly<Record<string, Route>>).flatMap(([id, route]) => {
    const example = route.example.body;
    if (typeof example !== 'object' || example === null || Array.isArray(example) || WHOLE_INSTANCE.has(id))
      return [];
    const varied = VARIED[id] ?? fc.constant({});
    return [[`${route.method} ${route.path}`, varied.map((fields) => ({ ...example, ...fields }))]];
  }),
);
