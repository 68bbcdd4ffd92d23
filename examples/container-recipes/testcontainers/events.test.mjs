import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call, merchantPerFile } from './merchant.mjs';

const merchant = merchantPerFile('events suite');

test('a triggered order.completed is among this merchant’s events, and its catalog is its own', async () => {
  const { keys } = merchant();
  const triggered = await call(keys.test, 'POST', '/test_helpers/triggers', { type: 'order.completed' });
  assert.equal(triggered.status, 200);
  assert.equal(triggered.body.event.type, 'order.completed');
  const events = await call(keys.test, 'GET', '/test_helpers/events');
  assert.ok(events.body.data.some((event) => event.type === 'order.completed'));
  // The product the trigger made is here, the catalog suite's is not.
  const products = await call(keys.test, 'GET', '/products');
  assert.ok(products.body.data.every((product) => product.merchant_product_id !== 'thermo-1'));
});
