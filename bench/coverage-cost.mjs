// The coverage counters' share of the server's CPU per request, in one run: process CPU per
// `GET /v2/orders/{id}` and `POST /v2/checkout` through the mock's pipeline (in-process, no socket),
// against process CPU per `recordRequest` call with the same facts. Run from the repository root:
//   npx esbuild bench/coverage-cost.mjs --bundle --platform=node --format=esm --conditions=@glm/source --outfile=/tmp/coverage-cost.mjs
//   node --expose-gc /tmp/coverage-cost.mjs
import { createMockService } from '@glm/mock-server';
import { createCoverageCounters } from '../packages/mock-server/src/http/coverage/coverage-counters.ts';
import { checkoutRequest, eligibleProduct } from '../packages/test-fixtures/src/index.ts';

const N = 20_000;
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
const mock = createMockService({
  rateLimit: false,
  seed: { products: [eligibleProduct()] },
  journalSize: 10_000,
});
const auth = { authorization: `Bearer ${mock.keys.test}`, 'content-type': 'application/json' };
const body = JSON.stringify(checkoutRequest(['sku-ibuprofen']));
const post = () =>
  mock.handle(new Request('http://127.0.0.1/v2/checkout', { method: 'POST', headers: auth, body }));
const created = await (await post()).json();
const pay = await mock.handle(
  new Request(`http://127.0.0.1/v2/test_helpers/checkout/${created.data.checkout_id}/pay`, {
    method: 'POST',
    headers: auth,
    body: '{}',
  }),
);
const orderId = (await pay.json()).order.id;
const get = () => mock.handle(new Request(`http://127.0.0.1/v2/orders/${orderId}`, { headers: auth }));

async function perRequest(send, count) {
  for (let i = 0; i < 2_000; i += 1) await send();
  const start = cpu();
  for (let i = 0; i < count; i += 1) await (await send()).text();
  return (cpu() - start) / count;
}
function perRecord(facts, count) {
  const counters = createCoverageCounters(() => new Date().toISOString());
  for (let i = 0; i < 10_000; i += 1) counters.recordRequest(facts);
  const start = cpu();
  for (let i = 0; i < count; i += 1) counters.recordRequest(facts);
  return (cpu() - start) / count;
}
const getFacts = {
  route: { method: 'GET', path: '/orders/:id', operationId: 'getOrder' },
  status: 200,
  answer: { status: 200, body: {} },
  fault: null,
  body: undefined,
  retryCount: null,
};
const postFacts = {
  route: { method: 'POST', path: '/checkout', operationId: 'createCheckoutSession' },
  status: 201,
  answer: { status: 201, body: {} },
  fault: null,
  body: {},
  retryCount: null,
};
const rows = [
  ['GET /v2/orders/{id}', await perRequest(get, N), perRecord(getFacts, N * 10)],
  ['POST /v2/checkout', await perRequest(post, N / 4), perRecord(postFacts, N * 10)],
];
for (const [row, request, record] of rows) {
  console.log(
    `${row}: ${request.toFixed(1)} µs CPU per request, coverage ${record.toFixed(3)} µs (${((record / request) * 100).toFixed(2)} %)`,
  );
}
const before = process.memoryUsage().heapUsed;
const counters = createCoverageCounters(() => new Date().toISOString());
for (let i = 0; i < 1_000_000; i += 1) counters.recordRequest(i % 2 === 0 ? getFacts : postFacts);
globalThis.gc?.();
console.log(
  `1,000,000 requests counted: ${counters.operations.size} operations kept, heap +${((process.memoryUsage().heapUsed - before) / 1024).toFixed(0)} KiB`,
);
