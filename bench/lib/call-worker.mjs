// One client task of the per-call CPU figures (sdk-overhead.mjs), alone in a fresh process: its own heap
// and garbage collector, so no task pays for garbage another left. Answers the CPU µs per call over IPC.
// `node call-worker.mjs <canned|msw|loopback> <task> <calls> [url key orderId]`
// canned: the peer rows' tasks (lib/peers.mjs) against one canned `fetch`; msw and loopback: plain `fetch`,
// ky, and the SDK with and without response validation (and, with GLM_BENCH_SDK_BASE, the earlier
// build's: lib/sdk-base.mjs), against the mock service.
import { Glm } from '@glm/sdk';
import { responseSchemas } from '@glm/sdk/validation';
import ky from 'ky';
import { MOCK_BASE, startMswBench } from './msw-setup.mjs';
import { peerTasks } from './peers.mjs';
import { importSdkBase } from './sdk-base.mjs';
import { cpuMicrosPerCall } from './section.mjs';

const [where, task, callsText, serverUrl, serverKey, serverOrderId] = process.argv.slice(2);

/** The tasks against the mock service, through msw or over loopback. */
async function serviceTasks() {
  const msw = where === 'msw' ? await startMswBench() : undefined;
  const base = msw === undefined ? serverUrl : MOCK_BASE;
  const key = msw === undefined ? serverKey : msw.mock.keys.test;
  const orderId = msw === undefined ? serverOrderId : msw.orderId;
  const url = `${base}/v2/orders/${orderId}`;
  const headers = { authorization: `Bearer ${key}` };
  const clients = (sdk) => {
    const glm = new sdk.Glm({
      apiKey: key,
      baseUrl: base,
      maxRetries: 0,
      responseSchemas: sdk.responseSchemas,
    });
    return [glm, glm.withOptions({ validateResponses: 'off' })];
  };
  const [glm, glmOff] = clients({ Glm, responseSchemas });
  const earlier = task.endsWith('-base') ? await importSdkBase() : undefined;
  const [glmBase, glmOffBase] = earlier === undefined ? [] : clients(earlier);
  // ky as the peer rows use it: one instance, defaults, the key on the instance.
  const kyClient = ky.create({ headers });
  const tasks = {
    bare: () => fetch(msw?.bareUrl).then((response) => response.json()),
    fetch: () => fetch(url, { headers }).then((response) => response.json()),
    ky: () => kyClient.get(url).json(),
    glm: () => glm.orders.get(orderId),
    'glm-off': () => glmOff.orders.get(orderId),
    'glm-base': () => glmBase.orders.get(orderId),
    'glm-off-base': () => glmOffBase.orders.get(orderId),
  };
  return { run: tasks[task], close: () => msw?.close() };
}

const { run, close } =
  where === 'canned'
    ? { run: (await peerTasks()).tasks.find(([name]) => name === task)?.[2], close: () => undefined }
    : await serviceTasks();
if (run === undefined) throw new Error(`unknown task ${task} (${where})`);
const calls = Number(callsText);
for (let i = 0; i < calls / 2; i++) await run();
process.send(await cpuMicrosPerCall(run, calls), () => {
  close();
  process.exit(0);
});
