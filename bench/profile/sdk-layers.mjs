// Where the SDK's time goes above `ky.get(url).json()`, layer by layer: each task adds one layer of what
// `glm.orders.get` does to the one before it, all against the canned `fetch` of the peer rows, the tasks
// alternating round by round (median CPU µs per call). The differences between neighbours are the
// layers' costs. `node bench/profile/sdk-layers.mjs [rounds] [calls]` after `pnpm -r build`.
import { Glm } from '@glm/sdk';
import { responseSchemas } from '@glm/sdk/validation';
import ky from 'ky';
import { benchService, createPaidOrder } from '../lib/fixtures.mjs';
import { peerCpu } from '../lib/peers.mjs';

const rounds = Number(process.argv[2] ?? 9);
const calls = Number(process.argv[3] ?? 2000);
const BASE = 'https://api.glm.test';
const mock = benchService();
const { orderId, orderText } = await createPaidOrder(mock, BASE);
const answerHeaders = { 'content-type': 'application/json', 'x-request-id': 'req_1', 'request-id': 'req_1' };
const canned = async () => new Response(orderText, { headers: answerHeaders });
const url = `${BASE}/v2/orders/${orderId}`;

const kyDefault = ky.create({ fetch: canned });
// ky as the SDK makes it (request.ts `kyFor`) and calls it: one instance, the call's method, headers and
// the attempt's timeout.
const kySdk = ky.create({ retry: 0, throwHttpErrors: false, fetch: (input, init) => canned(input, init) });
const headers = { accept: 'application/json', authorization: `Bearer ${mock.keys.test}` };
const kyCall = () => kySdk(url, { method: 'GET', headers, timeout: 30_000 });
const utf8 = new TextDecoder();
async function readBytes(response) {
  const reader = response.body.getReader();
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return chunks.length === 1 ? chunks[0] : new Uint8Array(Buffer.concat(chunks));
}

const glm = new Glm({ apiKey: mock.keys.test, baseUrl: BASE, maxRetries: 0, fetch: canned });
const glmOn = new Glm({
  apiKey: mock.keys.test,
  baseUrl: BASE,
  maxRetries: 0,
  fetch: canned,
  responseSchemas,
});

const tasks = [
  ['fetch', 'plain `fetch` + `json()`', () => canned(url).then((response) => response.json())],
  ['ky', '`ky.get(url).json()`, defaults', () => kyDefault.get(url).json()],
  [
    'ky-sdk',
    'ky called as the SDK calls it + `text()` + `JSON.parse`',
    () =>
      kyCall()
        .then((r) => r.text())
        .then(JSON.parse),
  ],
  [
    'ky-read',
    '… body read with one reader + `TextDecoder` (the SDK’s read)',
    () =>
      kyCall()
        .then(readBytes)
        .then((bytes) => JSON.parse(utf8.decode(bytes))),
  ],
  [
    'ky-timer',
    '… + the attempt’s own timer (`setTimeout`/`clearTimeout`)',
    async () => {
      const timer = setTimeout(() => undefined, 30_000);
      try {
        const response = await kyCall();
        return JSON.parse(utf8.decode(await readBytes(response)));
      } finally {
        clearTimeout(timer);
      }
    },
  ],
  ['glm', '`glm.orders.get(id)`, the default client (no validation)', () => glm.orders.get(orderId)],
  [
    'glm-meta',
    '… `.withResponse()` (meta and raw `Response` built)',
    () => glm.orders.get(orderId).withResponse(),
  ],
  ['glm-zod', '… with `responseSchemas` (zod)', () => glmOn.orders.get(orderId)],
];
const cpu = await peerCpu(tasks, { rounds, calls });
console.log(`median of ${rounds} rounds × ${calls} calls, CPU µs per call (Δ: against the row above)`);
let previous;
for (const [name, label] of tasks) {
  const value = cpu.get(name);
  const delta = previous === undefined ? '' : ` Δ ${(value - previous).toFixed(1)}`;
  console.log(`${name.padEnd(9)} ${value.toFixed(1).padStart(7)}${delta.padEnd(10)} ${label}`);
  if (!name.startsWith('glm-')) previous = value;
}
