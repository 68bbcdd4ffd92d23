// The mock service's CPU per `GET /v2/orders/{id}` through `service.handle` (no msw, no network), next to
// building the same `Request` and reading a body. `node bench/profile/handle-cpu.mjs [calls]`.
import { benchService, createPaidOrder } from '../lib/fixtures.mjs';
import { cpuMicrosPerCall } from '../lib/section.mjs';

const MOCK_BASE = 'https://api.glm.test';
const mock = benchService();
const { orderId } = await createPaidOrder(mock, MOCK_BASE);
const headers = { authorization: `Bearer ${mock.keys.test}` };
const url = `${MOCK_BASE}/v2/orders/${orderId}`;
const request = () => new Request(url, { headers });
const calls = Number(process.argv[2] ?? 30000) / 5;
const cpuPerCall = (task) => cpuMicrosPerCall(task, calls);
for (let round = 0; round < 5; round++) {
  const base = await cpuPerCall(() => request().text());
  const full = await cpuPerCall(() => mock.handle(request()).then((response) => response.text()));
  console.log(
    `new Request + text() ${base.toFixed(1)} µs; handle + text() ${full.toFixed(1)} µs CPU per call`,
  );
}
