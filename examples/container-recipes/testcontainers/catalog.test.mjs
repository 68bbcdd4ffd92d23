import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call, merchantPerFile } from './merchant.mjs';

const merchant = merchantPerFile('catalog suite');

test('a product created is listed for this merchant only', async () => {
  const { keys } = merchant();
  const created = await call(keys.test, 'POST', '/products', {
    name: 'Digital thermometer',
    price: 1299,
    currency: 'USD',
    merchant_product_id: 'thermo-1',
  });
  assert.equal(created.status, 201);
  const listed = await call(keys.test, 'GET', '/products');
  assert.deepEqual(
    listed.body.data.map((product) => product.merchant_product_id),
    ['thermo-1'],
  );
});
