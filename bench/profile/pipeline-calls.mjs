// CPU per request through the API pipeline core alone (no socket): `GET /v2/orders/{id}` or, with
// `--post`, `POST /api/v2/checkout` (fresh idempotency key each), with the headers autocannon sends and
// the journal and coverage counters on. Built from the sources, so it measures the working tree.
// `node bench/profile/pipeline-calls.mjs [--post] [rounds] [calls]`; add `--cpu-prof` to node for a profile.
import { randomUUID } from 'node:crypto';
import { CATALOG, CHECKOUT_BODY, createPaidOrder } from '../lib/fixtures.mjs';
import { importBundled } from '../lib/internal-build.mjs';
import { cpuMicrosPerCall, median } from '../lib/section.mjs';

const post = process.argv.includes('--post');
const [rounds = 9, calls = 5000] = process.argv
  .slice(2)
  .filter((arg) => /^\d+$/.test(arg))
  .map(Number);
const { createMockService, apiCoreOf } = await importBundled(
  new URL('./pipeline-core.ts', import.meta.url),
  'pipeline-core',
);
const service = createMockService({ rateLimit: false, seed: { products: CATALOG } });
const { pipeline } = apiCoreOf(service);
const { orderId } = await createPaidOrder(service);
const bodyBytes = new TextEncoder().encode(JSON.stringify(CHECKOUT_BODY));
const authorization = `Bearer ${service.keys.test}`;

/** One request as the node adapter hands it over: headers by lower-case name, as node:http reads them. */
function call() {
  const headers = post
    ? {
        host: '127.0.0.1:3000',
        authorization,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
        'content-length': String(bodyBytes.byteLength),
      }
    : { host: '127.0.0.1:3000', authorization };
  return pipeline({
    method: post ? 'POST' : 'GET',
    pathname: post ? '/api/v2/checkout' : `/v2/orders/${orderId}`,
    search: '',
    header: (name) => headers[name] ?? null,
    eachHeader: (visit) => {
      for (const name in headers) visit(name, headers[name]);
    },
    readBody: async () => bodyBytes,
  });
}

const first = await call();
if (first.status !== (post ? 201 : 200)) throw new Error(`${first.status} ${first.body}`);
const samples = [];
for (let round = 0; round < rounds; round++) samples.push(await cpuMicrosPerCall(call, calls));
console.log(
  `pipeline ${post ? 'POST /api/v2/checkout' : 'GET /v2/orders/{id}'}: median ${median(samples).toFixed(1)} µs CPU per call ` +
    `(rounds: ${samples.map((sample) => sample.toFixed(1)).join(' ')})`,
);
