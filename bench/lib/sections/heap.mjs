// Retained heap per stored product and per paid order (run with --expose-gc): heapUsed after a full GC
// before and after N inserts through the public paths, divided by N. What is counted is everything the
// service keeps for each: the product with its `product.created` event; the order with its payment and
// its events (the pay step on open sessions), and, reported beside it, the whole paid checkout (session,
// its events and journal entry too).
import { benchProduct, benchService, createCheckout } from '../fixtures.mjs';
import { format, progress, runSection } from '../section.mjs';

const PRODUCTS = 20_000;
const ORDERS = 2_000;

const settledHeap = () => {
  for (let i = 0; i < 3; i++) globalThis.gc();
  return process.memoryUsage().heapUsed;
};

runSection(async () => {
  if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
  const products = Array.from({ length: PRODUCTS }, (_, i) => benchProduct(i));
  const catalog = benchService();
  let before = settledHeap();
  // A seed holds at most 10,000 products: the catalogue arrives in seeds of that size.
  for (let start = 0; start < PRODUCTS; start += 10_000)
    catalog.seed({ products: products.slice(start, start + 10_000) });
  const perProduct = (settledHeap() - before) / PRODUCTS;
  progress(`${format(perProduct)} bytes per product`);

  const shop = benchService();
  // Warm: lazily built structures are not per-order costs.
  await shop.payCheckout((await createCheckout(shop)).checkoutId);
  const start = settledHeap();
  const sessions = [];
  for (let i = 0; i < ORDERS; i++) sessions.push((await createCheckout(shop)).checkoutId);
  before = settledHeap();
  for (const id of sessions) await shop.payCheckout(id);
  const after = settledHeap();
  const perOrder = (after - before) / ORDERS;
  const perPaidCheckout = (after - start) / ORDERS;
  progress(`${format(perOrder)} bytes per order, ${format(perPaidCheckout)} bytes per paid checkout`);
  // Keep both services reachable until both are measured.
  if (catalog.keys.test === shop.keys.test) throw new Error('two services shared a key');

  return [
    {
      figure: 'Retained heap per stored product',
      baseline: '–',
      value: `${format(perProduct)} B`,
      baselineValue: '–',
      ratio: `${(perProduct / 1024).toFixed(2)} KB`,
      target: '≤ 2 KB',
      met: perProduct <= 2048,
      notes: `${format(PRODUCTS)} products via \`mock.seed\`, each with its \`product.created\` event`,
    },
    {
      figure: 'Retained heap per stored order',
      baseline: '–',
      value: `${format(perOrder)} B`,
      baselineValue: '–',
      ratio: `${(perOrder / 1024).toFixed(2)} KB`,
      target: '≤ 4 KB',
      met: perOrder <= 4096,
      notes:
        `${format(ORDERS)} five-item orders paid with \`mock.payCheckout\`: order + payment + events; ` +
        `the whole paid checkout (session, its event, journal entry) retains ${format(perPaidCheckout)} B`,
    },
  ];
});
