// One list page (`GET /v2/products`) with 1,000,000 products in the store against the same page with
// 1,000 (D11: O(limit + log n)). The first 1,000 products of both stores go through the public
// `mock.seed` (validation, eligibility, event); the large store gets the rest straight into the engine's
// ordered collection, because seeding a million products through the public path takes minutes (the
// rate is measured and printed here).
import { benchProduct } from '../fixtures.mjs';
import { importBundled } from '../internal-build.mjs';
import { format, meanLatencies, progress, runSection } from '../section.mjs';

const SMALL = 1_000;
const LARGE = 1_000_000;
const SEED_SAMPLE = 5_000;

async function storeWith(count, { createMockService, engineOf }) {
  const service = createMockService({ rateLimit: false, now: '2025-01-01T00:00:00Z' });
  service.seed({ products: Array.from({ length: Math.min(count, SMALL) }, (_, i) => benchProduct(i)) });
  const { store } = engineOf(service);
  const template = store.products.get(store.lastProductId);
  for (let i = SMALL; i < count; i++) {
    store.lastProductId += 1;
    const product = {
      ...template,
      id: store.lastProductId,
      name: `Bench product ${i}`,
      merchant_product_id: `bench-${i}`,
      eligibility: { ...template.eligibility },
      images: [],
      metadata: {},
    };
    store.products.insert(product);
    store.productIdByMerchantId.set(product.merchant_product_id, product.id);
  }
  return service;
}

runSection(async () => {
  const internals = await importBundled(
    new URL('../internal/engine-access.ts', import.meta.url),
    'engine-access',
  );

  const sample = internals.createMockService({ rateLimit: false });
  let started = performance.now();
  sample.seed({ products: Array.from({ length: SEED_SAMPLE }, (_, i) => benchProduct(i)) });
  const publicRate = SEED_SAMPLE / ((performance.now() - started) / 1000);
  progress(
    `public seed: ${format(publicRate)} products/s, so 1,000,000 would take ${format(LARGE / publicRate)} s`,
  );

  started = performance.now();
  const small = await storeWith(SMALL, internals);
  const large = await storeWith(LARGE, internals);
  progress(`stores filled in ${format((performance.now() - started) / 1000, 1)} s`);

  const pages = [
    ['first page', () => '/v2/products?limit=100'],
    ['page from the middle', (count) => `/v2/products?limit=100&starting_after=${Math.floor(count / 2)}`],
  ];
  const call = (service, path) => async () => {
    const response = await service.handle(
      new Request(`http://127.0.0.1${path}`, { headers: { authorization: `Bearer ${service.keys.test}` } }),
    );
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    await response.arrayBuffer();
  };
  const means = await meanLatencies(
    pages.flatMap(([name, path]) => [
      [`${name} 1k`, call(small, path(SMALL))],
      [`${name} 1M`, call(large, path(LARGE))],
    ]),
  );
  const mean = (name) => means.get(name);
  return pages.map(([name]) => {
    const ours = mean(`${name} 1M`);
    const theirs = mean(`${name} 1k`);
    progress(`${name}: ${ours.toFixed(3)} ms with 1M, ${theirs.toFixed(3)} ms with 1k`);
    return {
      figure: `One list page with 1,000,000 products (${name}, limit 100)`,
      baseline: 'the same page with 1,000 products',
      value: `${(ours * 1000).toFixed(0)} µs`,
      baselineValue: `${(theirs * 1000).toFixed(0)} µs`,
      ratio: `${(ours / theirs).toFixed(2)} ×`,
      target: 'time ≤ 2 ×',
      met: ours / theirs <= 2,
      notes:
        `through \`service.handle\`; public seeding runs at ${format(publicRate)} products/s ` +
        `(${format(LARGE / publicRate)} s for 1M), so all but the first 1,000 go straight into the store`,
    };
  });
});
