// One test suite of a CI fleet, run as a process of its own: it makes its own merchant on the shared
// `glm-mock serve` (argv: the server's URL and key, the suite's name), then resets, fills its catalog,
// pays checkouts and moves its clock as it likes, round after round, checking after each step that it
// sees exactly what it did and nothing another suite did. Prints one JSON line; exits 1 on a surprise.
import { Glm } from '@glm/sdk';
import { startCheckout } from '../../src/shop.js';

const [url = '', serverKey = '', name = 'suite', roundsText = '6'] = process.argv.slice(2);
const rounds = Number(roundsText);
const shopper = { email: `${name}@example.com`, firstName: 'Ada', lastName: 'Lovelace' };

const check = (ok: boolean, what: string): void => {
  if (!ok) throw new Error(`${name}: ${what}`);
};

const server = new Glm({ apiKey: serverKey, baseUrl: url, logLevel: 'off' });
const merchant = await server.testHelpers.merchants.create({ name });
const glm = new Glm({ apiKey: merchant.keys.test, baseUrl: url, logLevel: 'off' });
check((await glm.testHelpers.merchants.current()).id === merchant.id, 'its key reaches its own merchant');

const seen: string[] = [];
for (let round = 0; round < rounds; round++) {
  await glm.testHelpers.reset();
  const start = Date.parse((await glm.testHelpers.clock.get()).now);
  check((await glm.products.list()).data.length === 0, `round ${round}: the reset left an empty catalog`);
  const sku = `${name}-${round}`;
  await glm.products.create({
    name: `Thermometer ${sku}`,
    price: 1299,
    currency: 'USD',
    merchant_product_id: sku,
  });
  const session = await startCheckout(glm, `cart-${sku}`, shopper, [
    { sku, name: `Thermometer ${sku}`, priceCents: 1299, quantity: 1 },
  ]);
  const paid = await glm.testHelpers.checkout.pay(session.checkout_id);
  check(paid.order !== null, `round ${round}: the payment made an order`);
  const hours = 1 + ((round * 7 + name.length) % 48);
  await glm.testHelpers.clock.advance({ seconds: hours * 3600 });
  const now = Date.parse((await glm.testHelpers.clock.get()).now);
  // Its clock moved by its own advances only (and the real seconds passing: glm-mock serve's clock is the system time plus advances).
  check(
    now - start >= hours * 3_600_000 && now - start < hours * 3_600_000 + 60_000,
    `round ${round}: its clock moved by ${hours} h only`,
  );
  const products = (await glm.products.list()).data.map((product) => product.merchant_product_id);
  check(
    products.length === 1 && products[0] === sku,
    `round ${round}: its catalog is its own (${products.join(', ')})`,
  );
  const orders = (await glm.orders.list()).data;
  check(orders.length === 1 && orders[0]?.id === paid.order?.id, `round ${round}: its orders are its own`);
  const events = (await glm.testHelpers.events.list({ limit: 100 })).data;
  const owners = new Set(
    [...JSON.stringify(events).matchAll(/Thermometer ([a-z]+)-\d/g)].map((match) => match[1]),
  );
  check(
    events.length > 0 && [...owners].every((owner) => owner === name),
    `round ${round}: its events are its own`,
  );
  seen.push(`${sku}:${hours}h`);
}
await glm.testHelpers.merchants.deleteCurrent();
process.stdout.write(`${JSON.stringify({ name, merchant: merchant.id, rounds: seen })}\n`);
