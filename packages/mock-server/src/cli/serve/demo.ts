import { SAMPLE_SHIPPING } from '../../operations/triggers/sample-bodies.ts';
import demoSeed from './demo-seed.json' with { type: 'json' };

/**
 * The seed `--demo` loads (`demo-seed.json` beside this module, in the seed file format of `--seed`):
 * five products, a customer with a saved HSA/FSA card and a regular card, a payment link and a monthly
 * subscription of that customer.
 */
export const DEMO_SEED: unknown = demoSeed;

/** A split-cart checkout request over the demo catalog, whose hosted page `--demo` prints. */
export const DEMO_CHECKOUT: Readonly<Record<string, unknown>> = {
  reference_id: 'demo-cart-1',
  customer: { email: 'shopper@example.com', first_name: 'Demo', last_name: 'Shopper' },
  line_items: [
    {
      product_id: 'demo-ibuprofen',
      name: 'Ibuprofen 200mg Tablets 100 ct',
      price: 1299,
      quantity: 1,
      currency: 'USD',
    },
    {
      product_id: 'demo-tissue',
      name: 'Facial Tissue 3-Ply 120 ct',
      price: 499,
      quantity: 2,
      currency: 'USD',
    },
  ],
  shipping_info: SAMPLE_SHIPPING,
  shipping: 500,
  tax: 180,
  success_url: 'https://merchant.example/thanks?session={CHECKOUT_SESSION_ID}',
  failure_url: 'https://merchant.example/cart',
};
