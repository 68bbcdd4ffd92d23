// What the SDK adds above plain `fetch` + `json()` of the same request, through msw and over loopback,
// in CPU time of this process (wall time on a shared two-core machine moves by more than the SDK costs).
// Through msw the mock service runs in this process too, so its own share is measured apart: plain
// `fetch` of the mock minus the bare msw handler answering the same JSON. Shared by the `peers` section
// and bench/profile/sdk-overhead.mjs.
import { fileURLToPath } from 'node:url';
import { Glm } from '@glm/sdk';
import { responseSchemas } from '@glm/sdk/validation';
import { startChild } from './child.mjs';
import { MOCK_BASE, startMswBench } from './msw-setup.mjs';
import { cpuMicrosPerCall, median } from './section.mjs';

/** Median CPU µs per call of each `[name, task]`, the tasks alternating round by round. */
async function alternate(tasks, { rounds, calls, warmup = 100 }) {
  const samples = new Map(tasks.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? tasks : [...tasks].reverse();
    for (const [name, task] of order) {
      for (let i = 0; i < warmup; i++) await task();
      samples.get(name).push(await cpuMicrosPerCall(task, calls));
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

/** Through msw 2 `setupServer`: the bare handler, plain `fetch` of the mock, the SDK (validation on, off). */
export async function mswOverhead({ rounds = 7, calls = 600 } = {}) {
  const { mock, orderId, bareUrl, close } = await startMswBench();
  try {
    const glm = new Glm({ apiKey: mock.keys.test, baseUrl: MOCK_BASE, maxRetries: 0, responseSchemas });
    const glmOff = glm.withOptions({ validateResponses: 'off' });
    const url = `${MOCK_BASE}/v2/orders/${orderId}`;
    const headers = { authorization: `Bearer ${mock.keys.test}` };
    return await alternate(
      [
        ['bare', () => fetch(bareUrl).then((response) => response.json())],
        ['fetch', () => fetch(url, { headers }).then((response) => response.json())],
        ['glm', () => glm.orders.get(orderId)],
        ['glm-off', () => glmOff.orders.get(orderId)],
      ],
      { rounds, calls },
    );
  } finally {
    close();
  }
}

/** Over loopback to the standalone server in a child process: plain `fetch` and the SDK, this process's CPU. */
export async function loopbackOverhead({ rounds = 7, calls = 400 } = {}) {
  const script = fileURLToPath(new URL('./mock-server-process.mjs', import.meta.url));
  const server = await startChild(script);
  try {
    const glm = new Glm({ apiKey: server.key, baseUrl: server.url, maxRetries: 0, responseSchemas });
    const glmOff = glm.withOptions({ validateResponses: 'off' });
    const url = `${server.url}/v2/orders/${server.orderId}`;
    const headers = { authorization: `Bearer ${server.key}` };
    return await alternate(
      [
        ['fetch', () => fetch(url, { headers }).then((response) => response.json())],
        ['glm', () => glm.orders.get(server.orderId)],
        ['glm-off', () => glmOff.orders.get(server.orderId)],
      ],
      { rounds, calls },
    );
  } finally {
    await server.stop();
  }
}
