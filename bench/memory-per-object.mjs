// Retained heap per stored object of the mock server, for the README's memory table and `--max-objects`.
// Run from the repository root: pnpm bench:memory [N] (node --expose-gc bench/memory-per-object.mjs)
// Bundles the service from its TypeScript sources with esbuild (into bench/.tmp/), fills the
// request journal first (a ring of 10 000, so journal entries cost nothing more), then for each kind
// creates N objects through `service.handle` and divides the growth of `heapUsed` after full GCs by N.
// What is counted is everything the service keeps per object: the object, its events and indexes.
import { pathToFileURL } from 'node:url';
import { CATALOG, CHECKOUT_BODY } from './lib/fixtures.mjs';
import { bundle } from './lib/internal-build.mjs';

const N = Number(process.argv[2] ?? 5000);
if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');

const outfile = await bundle(
  new URL('../packages/mock-server/src/index.ts', import.meta.url),
  'memory-service',
);
const { createMockService } = await import(pathToFileURL(outfile).href);

const settledHeap = () => {
  for (let i = 0; i < 4; i++) globalThis.gc();
  return process.memoryUsage().heapUsed;
};

const PRODUCT = CATALOG[0];
const checkoutBody = (i) => ({
  ...CHECKOUT_BODY,
  reference_id: `cart-${i}`,
  customer: { ...CHECKOUT_BODY.customer, email: `shopper${i}@example.com` },
});

function freshService(options = {}) {
  const service = createMockService({
    now: '2025-03-01T12:00:00Z',
    rateLimit: false,
    seed: { products: CATALOG },
    ...options,
  });
  const call = async (method, path, body, headers = {}) => {
    const response = await service.handle(
      new Request(`http://127.0.0.1/api/v2${path}`, {
        method,
        headers: {
          authorization: `Bearer ${service.keys.test}`,
          'content-type': 'application/json',
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  return { service, call };
}

/**
 * Bytes retained per unit of `step(i)` over N steps, after `prepare` (not counted). By default the
 * journal is filled first, so its entries cost nothing more; `options` go to the service, and
 * `fillJournal: false` leaves the journal empty, so that its entries are counted.
 */
async function measure(step, prepare = async () => undefined, { fillJournal = true, ...options } = {}) {
  const world = freshService(options);
  if (fillJournal) for (let i = 0; i < 10_000; i++) await world.call('GET', '/products?limit=1');
  const state = await prepare(world);
  const before = settledHeap();
  for (let i = 0; i < N; i++) await step(world, i, state);
  const after = settledHeap();
  if (world.service.keys.test === '') throw new Error('unreachable: keeps the service alive');
  return (after - before) / N;
}

const figures = [];
const report = (what, bytes) => {
  figures.push([what, bytes]);
  console.log(`${what.padEnd(58)} ${Math.round(bytes).toLocaleString('en-US').padStart(7)} B`);
};

report(
  'product (POST /products)',
  await measure((w, i) => w.call('POST', '/products', { ...PRODUCT, merchant_product_id: `sku-m-${i}` })),
);
const checkout = await measure((w, i) => w.call('POST', '/checkout', checkoutBody(i)));
report('checkout session, five lines (POST /checkout)', checkout);
const keyed = await measure((w, i) =>
  w.call('POST', '/checkout', checkoutBody(i), { 'idempotency-key': `key-${i}` }),
);
report('idempotency record (checkout with a key, less without)', keyed - checkout);
report(
  'payment link (POST /payment-links)',
  await measure((w) =>
    w.call('POST', '/payment-links', {
      amount_cents: 5000,
      currency: 'USD',
      description: 'Eye exam',
      success_url: 'https://shop.example.com/thanks',
    }),
  ),
);
report(
  'paid checkout: order, payment, customer, card, events',
  await measure(
    (w, i, sessions) => w.service.payCheckout(sessions[i]),
    async (w) => {
      const sessions = [];
      for (let i = 0; i < N; i++)
        sessions.push((await w.call('POST', '/checkout', checkoutBody(i))).data.checkout_id);
      return sessions;
    },
  ),
);
report(
  'refund of a paid order (POST /refunds)',
  await measure(
    (w, i, orders) => w.call('POST', '/refunds', { order_id: orders[i], amount_cents: 100, reason: 'other' }),
    async (w) => {
      const orders = [];
      for (let i = 0; i < N; i++) {
        const { data } = await w.call('POST', '/checkout', checkoutBody(i));
        orders.push((await w.service.payCheckout(data.checkout_id)).order.id);
      }
      return orders;
    },
  ),
);
// The request journal: what one entry keeps (method, path, operation, status, ids, headers and body with
// secrets removed), counted as the growth of a journal with room for every entry, less the same requests
// against a service keeping no journal.
const journaled = { fillJournal: false, journalSize: N + 100 };
const unjournaled = { fillJournal: false, journalSize: 0 };
const read = (w) => w.call('GET', '/products?limit=1');
report(
  'journal entry: GET, headers only',
  (await measure(read, undefined, journaled)) - (await measure(read, undefined, unjournaled)),
);
const create = (w, i) => w.call('POST', '/checkout', checkoutBody(i), { 'idempotency-key': `key-${i}` });
report(
  'journal entry: POST /checkout, five-line body and headers',
  (await measure(create, undefined, journaled)) - (await measure(create, undefined, unjournaled)),
);
console.log(`(N = ${N} per kind; node ${process.version})`);
