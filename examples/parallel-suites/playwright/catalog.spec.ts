import { expect, test } from './fixtures.ts';

// Every test moves the clock and fills the catalog as it likes; another worker's tests, running at the
// same time on the same server, see none of it.

for (const sku of ['thermo-a', 'thermo-b', 'thermo-c', 'thermo-d']) {
  test(`a catalog and a clock of its own (${sku})`, async ({ glm, merchant }) => {
    expect((await glm.testHelpers.merchants.current()).id).toBe(merchant.id);
    const before = Date.parse((await glm.testHelpers.clock.get()).now);
    await glm.products.create({
      name: `Thermometer ${sku}`,
      price: 1299,
      currency: 'USD',
      merchant_product_id: sku,
    });
    await glm.testHelpers.clock.advance({ seconds: 86_400 });
    const products = await glm.products.list();
    expect(products.data.map((product) => product.merchant_product_id)).toEqual([sku]);
    expect(Date.parse((await glm.testHelpers.clock.get()).now) - before).toBeGreaterThanOrEqual(86_400_000);
  });
}
