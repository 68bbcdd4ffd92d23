import { expect, test } from 'vitest';
import { parseCheckoutMessage } from './checkout-message.ts';

const valid = [
  { type: 'checkout.completed', checkout_id: 'cs_1', order_id: 'ord_1' },
  { type: 'checkout.cancelled', checkout_id: 'cs_1' },
  { type: 'checkout.error', checkout_id: 'cs_1', error: { code: 'card_declined', message: 'Declined' } },
  { type: 'checkout.resize', height: 640 },
  { type: 'checkout.resize', height: 0 },
];

test('each of the four D26 messages is accepted as it is', () => {
  for (const message of valid) expect(parseCheckoutMessage(message)).toBe(message);
});

test('messages with a missing or mistyped field are refused', () => {
  for (const message of [
    { type: 'checkout.completed', checkout_id: 'cs_1' },
    { type: 'checkout.completed', checkout_id: '', order_id: 'ord_1' },
    { type: 'checkout.completed', checkout_id: 'cs_1', order_id: 7 },
    { type: 'checkout.cancelled' },
    { type: 'checkout.error', checkout_id: 'cs_1' },
    { type: 'checkout.error', checkout_id: 'cs_1', error: { code: 'x' } },
    { type: 'checkout.error', checkout_id: 'cs_1', error: 'boom' },
    { type: 'checkout.resize', height: '640' },
    { type: 'checkout.resize', height: -1 },
    { type: 'checkout.resize', height: Number.NaN },
    { type: 'checkout.resize', height: Number.POSITIVE_INFINITY },
  ]) {
    expect(parseCheckoutMessage(message), JSON.stringify(message)).toBeUndefined();
  }
});

test('unknown types, strings, arrays and null are refused', () => {
  for (const data of [
    { type: 'checkout.paid', checkout_id: 'cs_1' },
    '{"type":"checkout.completed","checkout_id":"cs_1","order_id":"ord_1"}',
    [],
    null,
    undefined,
    42,
  ]) {
    expect(parseCheckoutMessage(data)).toBeUndefined();
  }
});
