// One list page (`GET /v2/products`) with 1,000,000 products in the store against the same page with
// 1,000 (D11: O(limit + log n)). Both stores are filled through the public `mock.seed` (validation,
// eligibility, the `product.created` event), in batches; the seeding rate is printed too.
import { createMockService } from '@glm/mock-server';
import { benchProduct } from '../fixtures.mjs';
import { format, meanLatencies, progress, runSection } from '../section.mjs';

const SMALL = 1_000;
const LARGE = 1_000_000;
const BATCH = 10_000;

function storeWith(count) {
  const service = createMockService({ rateLimit: false, now: '2025-01-01T00:00:00Z' });
  for (let from = 0; from < count; from += BATCH) {
    const size = Math.min(BATCH, count - from);
    service.seed({ products: Array.from({ length: size }, (_, i) => benchProduct(from + i)) });
  }
  return service;
}

runSection(async () => {
  const started = performance.now();
  const small = storeWith(SMALL);
  const large = storeWith(LARGE);
  const seconds = (performance.now() - started) / 1000;
  const publicRate = (SMALL + LARGE) / seconds;
  progress(`stores filled through mock.seed in ${format(seconds, 1)} s (${format(publicRate)} products/s)`);

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
        `through \`service.handle\`; both stores filled through \`mock.seed\` ` +
        `(${format(publicRate)} products/s, ${format(seconds, 1)} s)`,
    };
  });
});
