// Two builds of the SDK side by side in one process: `glm.orders.get` against the canned `fetch` of the
// peer rows, with and without response validation, next to ky alone and plain `fetch` + `json()`, the
// tasks alternating round by round (median CPU µs per call). Copy a build's `dist` beside the package
// first (e.g. `cp -r packages/sdk/dist packages/sdk/dist-base`, so its imports resolve), then
// `node bench/profile/sdk-ab.mjs packages/sdk/dist-base packages/sdk/dist [rounds] [calls]`.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ky from 'ky';
import { benchService, createPaidOrder } from '../lib/fixtures.mjs';
import { peerCpu } from '../lib/peers.mjs';

const [distA, distB] = process.argv.slice(2, 4);
const rounds = Number(process.argv[4] ?? 9);
const calls = Number(process.argv[5] ?? 2000);
const load = (dist, file) => import(pathToFileURL(resolve(dist, file)).href);

const BASE = 'https://api.glm.test';
const mock = benchService();
const { orderId, orderText } = await createPaidOrder(mock, BASE);
const headers = { 'content-type': 'application/json', 'x-request-id': 'req_1', 'request-id': 'req_1' };
const canned = async () => new Response(orderText, { headers });
const url = `${BASE}/v2/orders/${orderId}`;
const kyDefault = ky.create({ fetch: canned });

const tasks = [
  ['ky', '', () => kyDefault.get(url).json()],
  ['fetch', '', () => canned(url).then((response) => response.json())],
];
for (const [name, dist] of [
  ['A', distA],
  ['B', distB],
]) {
  const { Glm } = await load(dist, 'index.js');
  const { responseSchemas } = await load(dist, 'validation.js');
  const off = new Glm({ apiKey: mock.keys.test, baseUrl: BASE, maxRetries: 0, fetch: canned });
  const on = new Glm({
    apiKey: mock.keys.test,
    baseUrl: BASE,
    maxRetries: 0,
    fetch: canned,
    responseSchemas,
  });
  tasks.push([`${name}-off`, '', () => off.orders.get(orderId)]);
  tasks.push([`${name}-on`, '', () => on.orders.get(orderId)]);
}
const cpu = await peerCpu(tasks, { rounds, calls });
console.log(`A = ${distA}, B = ${distB}; median of ${rounds} rounds × ${calls} calls, CPU µs per call`);
const kyCost = cpu.get('ky');
for (const [name] of tasks) {
  const value = cpu.get(name);
  const extra = name.includes('-')
    ? ` (ky ${value - kyCost >= 0 ? '+' : '−'} ${Math.abs(value - kyCost).toFixed(1)})`
    : '';
  console.log(`${name.padEnd(7)} ${value.toFixed(1).padStart(7)}${extra}`);
}
