import { expect, test } from 'vitest';
import { createShop } from '../src/shop.ts';
import { cartOf, MUG, useMockService } from './use-mock-service.ts';

const { mock, glm } = useMockService(import.meta.url);

test('a cart of eligible products opens an eligible checkout for the whole amount', async () => {
  const shop = createShop({ glm, webhookSecret: mock.webhookSecret() });

  const session = await shop.checkout(cartOf('cart-1', 3));

  expect(session).toMatchObject({ status: 'open', type: 'eligible', reference_id: 'cart-1' });
  expect(session.amounts).toMatchObject({
    subtotal: 3_897,
    hsa_amount: 3_897,
    regular_amount: 0,
    total: 3_897,
  });
  expect(shop.status('cart-1')).toBe('awaiting_payment');
});

test('a mug in the cart makes it a split checkout: the HSA/FSA card pays only the thermometer', async () => {
  const shop = createShop({ glm, webhookSecret: mock.webhookSecret() });
  const cart = cartOf('cart-2');

  const session = await shop.checkout({ ...cart, lines: [...cart.lines, { ...MUG, quantity: 1 }] });

  expect(session.type).toBe('split');
  expect(session.amounts).toMatchObject({ hsa_amount: 1_299, regular_amount: 1_500 });
});

test('a declined card leaves the session open, so the shopper can try another card', async () => {
  const shop = createShop({ glm, webhookSecret: mock.webhookSecret() });
  const session = await shop.checkout(cartOf('cart-3'));

  const declined = await glm.testHelpers.checkout.pay(session.checkout_id, {
    hsa_card_number: '4000000000000002',
  });
  const retried = await glm.testHelpers.checkout.pay(session.checkout_id, {
    hsa_card_number: '4242424242424242',
  });

  expect(declined).toMatchObject({ order: null, payment: { outcome: 'declined', retryable: true } });
  expect(retried.payment.outcome).toBe('succeeded');
  expect(retried.order?.reference_id).toBe('cart-3');
});
