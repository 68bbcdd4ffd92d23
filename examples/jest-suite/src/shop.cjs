// The code under test, in CommonJS: a shop's checkout and its Fetch-style webhook route.
const { createWebhookHandler } = require('@glm/sdk/webhooks');

/** @typedef {'awaiting_payment' | 'paid' | 'expired'} CartStatus */
/**
 * @typedef {object} Cart
 * @property {string} id
 * @property {{ email: string, first_name: string, last_name: string }} customer
 * @property {{ sku: string, name: string, priceCents: number, quantity: number }[]} lines
 */

/**
 * Builds the shop. Carts move to `paid` on `order.completed` and to `expired` on `checkout.expired`.
 *
 * @param {{ glm: import('@glm/sdk').Glm, webhookSecret: string, now?: () => number }} options
 */
function createShop({ glm, webhookSecret, now = Date.now }) {
  /** @type {Map<string, CartStatus>} */
  const carts = new Map();
  /** @type {string[]} */
  const receipts = [];
  const webhook = createWebhookHandler({
    secret: webhookSecret,
    now,
    on: {
      'order.completed': (event) => {
        const cartId = event.data.reference_id ?? '';
        if (carts.get(cartId) !== 'awaiting_payment') return; // not ours, or already settled
        carts.set(cartId, 'paid');
        receipts.push(`${event.data.customer.email}: order ${event.data.order_number}`);
      },
      'checkout.expired': (event) => {
        if (carts.get(event.data.reference_id) === 'awaiting_payment')
          carts.set(event.data.reference_id, 'expired');
      },
    },
  });

  return {
    /** Opens a hosted checkout for a cart; the shopper is sent to its `checkout_url`. @param {Cart} cart */
    async checkout(cart) {
      const session = await glm.checkout.create({
        reference_id: cart.id,
        customer: cart.customer,
        line_items: cart.lines.map((line) => ({
          product_id: line.sku,
          name: line.name,
          price: line.priceCents,
          quantity: line.quantity,
          currency: 'USD',
        })),
        shipping_info: {
          address_line_1: '1 Main St',
          city: 'Austin',
          state: 'TX',
          postal_code: '78701',
          country: 'US',
        },
        success_url: 'https://shop.example.com/thanks?session={CHECKOUT_SESSION_ID}',
        failure_url: 'https://shop.example.com/cart',
      });
      carts.set(cart.id, 'awaiting_payment');
      return session;
    },
    webhook,
    /** @param {string} cartId */
    status: (cartId) => carts.get(cartId),
    receipts: () => [...receipts],
  };
}

module.exports = { createShop };
