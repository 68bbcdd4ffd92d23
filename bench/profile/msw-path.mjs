// Where the time of the msw figure goes: one process, the tasks alternating, median of 7 rounds of 2,000
// calls each (after 200 unmeasured). `node bench/profile/msw-path.mjs [task,task,…]` after `pnpm -r build`.
import { Glm } from '@glm/sdk';
import { MOCK_BASE, startMswBench } from '../lib/msw-setup.mjs';

const { mock, orderId, bareUrl, close } = await startMswBench();
const glm = new Glm({ apiKey: mock.keys.test, baseUrl: MOCK_BASE, maxRetries: 0 });
const unvalidated = new Glm({
  apiKey: mock.keys.test,
  baseUrl: MOCK_BASE,
  maxRetries: 0,
  validateResponses: 'off',
});
const mockUrl = `${MOCK_BASE}/v2/orders/${orderId}`;
const auth = { authorization: `Bearer ${mock.keys.test}` };
const tasks = {
  bare: () => fetch(bareUrl).then((r) => r.json()),
  bareWithSignal: () => fetch(bareUrl, { signal: new AbortController().signal }).then((r) => r.json()),
  mockFetch: () => fetch(mockUrl, { headers: auth }).then((r) => r.json()),
  handleDirect: () => mock.handle(new Request(mockUrl, { headers: auth })).then((r) => r.json()),
  sdk: () => glm.orders.get(orderId),
  sdkUnvalidated: () => unvalidated.orders.get(orderId),
};
const only = process.argv[2]?.split(',');
const names = Object.keys(tasks).filter((name) => only === undefined || only.includes(name));
const CALLS = 2000;
const times = Object.fromEntries(names.map((name) => [name, []]));
for (let round = 0; round < 7; round++) {
  for (const name of names) {
    const task = tasks[name];
    for (let i = 0; i < 200; i++) await task();
    const start = performance.now();
    for (let i = 0; i < CALLS; i++) await task();
    times[name].push(((performance.now() - start) * 1000) / CALLS);
  }
}
const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
const bare = times.bare === undefined ? undefined : median(times.bare);
for (const name of names) {
  const own = median(times[name]);
  const ratio = bare === undefined ? '' : ` (${(bare / own).toFixed(2)} × the bare handler's ops/s)`;
  console.log(`${name.padEnd(15)} ${own.toFixed(1)} µs per call${ratio}`);
}
close();
