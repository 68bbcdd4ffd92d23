import type { SeedData } from './mock-service-options.ts';

/**
 * Types a seed written in code: the objects a service starts with (`createMockService({ seed })`, or
 * `mock.seed(…)` later), checked by TypeScript as you write them. Answers the seed as given; the service
 * validates it when it loads it (a {@link SeedError} lists every problem, and nothing is created).
 *
 * Each entry is the API's creation body plus an optional `ref`, its local name; wherever an id is
 * expected, `"ref:<name>"` names another entry. Products, customers (with saved test cards), payment
 * links, subscriptions (charged as `POST /v2/subscriptions` charges them) and webhook endpoints are
 * created in that order, in test mode.
 *
 * @example
 * const seed = defineSeed({
 *   products: [{ ref: 'lenses', name: 'Daily contact lenses', price: 4500, currency: 'USD', merchant_product_id: 'lenses-30' }],
 *   customers: [{ ref: 'ada', email: 'ada@example.com', payment_methods: [{ ref: 'ada-hsa', card_number: '4242424242424242', type: 'hsa_fsa_card' }] }],
 *   subscriptions: [{ customer_id: 'ref:ada', payment_method_id: 'ref:ada-hsa', product_id: 'ref:lenses', amount_cents: 4500, currency: 'USD', interval: 'monthly' }],
 * });
 * const mock = createMockService({ seed });
 * const ada = mock.seedRefs()['ada']; // cus_…
 */
export function defineSeed(seed: SeedData): SeedData {
  return seed;
}
