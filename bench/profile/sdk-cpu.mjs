// The SDK's CPU per `orders.get` against a `fetch` answering a canned `Response` (no network, no msw),
// next to plain `fetch` + `json()` of the same answer. `node bench/profile/sdk-cpu.mjs [calls]`; add
// `--cpu-prof` to node for a profile.
import { Glm } from '@glm/sdk';
import { benchService, createPaidOrder } from '../lib/fixtures.mjs';
import { cpuMicrosPerCall } from '../lib/section.mjs';

const mock = benchService();
const { orderId, orderText } = await createPaidOrder(mock, 'https://api.glm.test');
const canned = async () =>
  new Response(orderText, { headers: { 'content-type': 'application/json', 'x-request-id': 'req_1' } });
const glm = new Glm({
  apiKey: mock.keys.test,
  baseUrl: 'https://api.glm.test',
  maxRetries: 0,
  fetch: canned,
});
const calls = Number(process.argv[2] ?? 20000) / 3;
const cpuPerCall = (task) => cpuMicrosPerCall(task, calls);
for (let round = 0; round < 3; round++) {
  const plain = await cpuPerCall(() => canned().then((response) => response.json()));
  const sdk = await cpuPerCall(() => glm.orders.get(orderId));
  console.log(`plain fetch + json ${plain.toFixed(1)} µs; glm.orders.get ${sdk.toFixed(1)} µs CPU per call`);
}
