// One client making `calls` sequential GETs of an order, for bench/profile/instructions.mjs to run under
// valgrind. `node instructions-task.mjs <canned|loopback> <task> <calls> [url key orderId]`
// Tasks: fetch (plain fetch + json()), ky (ky.get(url).json(), one instance, defaults), glm-off (no
// validation), glm (validating with `responseSchemas`), glm-zod (validating with a copy of the registry,
// so zod parses every answer), glm-hooks (glm-off with a no-op hook of each kind), and with
// GLM_BENCH_SDK_BASE set (lib/sdk-base.mjs) glm-off-base and glm-base, the earlier build's.
import { Glm } from '@glm/sdk';
import { responseSchemas } from '@glm/sdk/validation';
import ky from 'ky';
import { benchService, createPaidOrder } from '../lib/fixtures.mjs';
import { MOCK_BASE, startMswBench } from '../lib/msw-setup.mjs';
import { importSdkBase } from '../lib/sdk-base.mjs';

const [where, task, callsText, serverUrl, serverKey, serverOrderId] = process.argv.slice(2);
let base = serverUrl;
let key = serverKey;
let orderId = serverOrderId;
// Only the canned fetch is fixed here; otherwise every call looks up `globalThis.fetch` (which msw patches).
let fetchImpl;
if (where === 'canned') {
  const mock = benchService();
  base = 'https://api.glm.test';
  const order = await createPaidOrder(mock, base);
  key = mock.keys.test;
  orderId = order.orderId;
  const headers = { 'content-type': 'application/json', 'x-request-id': 'req_1' };
  fetchImpl = async () => new Response(order.orderText, { headers });
} else if (where === 'msw') {
  const msw = await startMswBench();
  base = MOCK_BASE;
  key = msw.mock.keys.test;
  orderId = msw.orderId;
}
const url = `${base}/v2/orders/${orderId}`;
const headers = { authorization: `Bearer ${key}` };
const given = fetchImpl === undefined ? {} : { fetch: fetchImpl };
const options = { apiKey: key, baseUrl: base, maxRetries: 0, ...given };
const clients = {
  fetch: () => (fetchImpl ?? globalThis.fetch)(url, { headers }).then((response) => response.json()),
  ky: () => kyClient.get(url).json(),
  'glm-off': () => glmOff.orders.get(orderId),
  glm: () => glm.orders.get(orderId),
  'glm-zod': () => glmZod.orders.get(orderId),
  'glm-hooks': () => glmHooks.orders.get(orderId),
  'glm-off-base': () => glmOffBase.orders.get(orderId),
  'glm-base': () => glmBase.orders.get(orderId),
};
const kyClient = ky.create({ headers, ...given });
const glmOff = new Glm(options);
const glm = new Glm({ ...options, responseSchemas });
const glmZod = new Glm({ ...options, responseSchemas: { ...responseSchemas } });
const noop = () => undefined;
const glmHooks = new Glm({
  ...options,
  hooks: { beforeRequest: [noop], afterResponse: [noop], beforeRetry: [noop], onError: [noop] },
});
const earlier = task.endsWith('-base') ? await importSdkBase() : undefined;
const glmOffBase = earlier === undefined ? undefined : new earlier.Glm(options);
const glmBase =
  earlier === undefined
    ? undefined
    : new earlier.Glm({ ...options, responseSchemas: earlier.responseSchemas });
const run = clients[task];
if (run === undefined) throw new Error(`unknown task ${task}`);
for (let i = 0; i < Number(callsText); i++) await run();
