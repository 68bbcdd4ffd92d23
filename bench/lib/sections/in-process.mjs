// Micro-benchmarks (tinybench), in this process: the SDK's orders.get through the msw adapter against a
// bare msw handler answering the same JSON to plain fetch; and the SDK over loopback against plain fetch
// of the same URL on the standalone server (in a child process).
import { fileURLToPath } from 'node:url';
import { Glm } from '@glm/sdk';
import { responseSchemas } from '@glm/sdk/validation';
import { startChild } from '../child.mjs';
import { MOCK_BASE, startMswBench } from '../msw-setup.mjs';
import { cpuMicrosPerCall, format, meanLatencies, median, progress, runSection } from '../section.mjs';

const TIME_MS = 3000;
const CPU_ROUNDS = 9;
const CPU_CALLS = 600;

/** Median CPU time per call (µs) of each task, the tasks alternating round by round. */
async function cpuPerCall(tasks) {
  const samples = new Map(tasks.map(([name]) => [name, []]));
  for (let round = 0; round < CPU_ROUNDS; round++) {
    for (const [name, task] of tasks) {
      for (let i = 0; i < 50; i++) await task();
      samples.get(name).push(await cpuMicrosPerCall(task, CPU_CALLS));
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

runSection(async () => {
  const { mock, orderId, orderText, bareUrl, close } = await startMswBench();
  const figures = [];
  try {
    const glm = new Glm({ apiKey: mock.keys.test, baseUrl: MOCK_BASE, maxRetries: 0, responseSchemas });
    const check = await glm.orders.get(orderId);
    if (check.id !== orderId) throw new Error('the SDK read another order');
    const means = await meanLatencies(
      [
        ['sdk', () => glm.orders.get(orderId)],
        ['bare', () => fetch(bareUrl).then((response) => response.json())],
      ],
      { time: TIME_MS },
    );
    const sdk = 1000 / means.get('sdk');
    const bare = 1000 / means.get('bare');
    progress(`msw: SDK ${format(sdk)} ops/s, bare handler ${format(bare)} ops/s`);
    figures.push({
      figure: 'In-process: SDK `orders.get` through the msw adapter (ops/s)',
      baseline: 'bare msw handler, same JSON, plain `fetch`',
      value: `${format(sdk)} ops/s`,
      baselineValue: `${format(bare)} ops/s`,
      ratio: `${(sdk / bare).toFixed(2)} ×`,
      target: '≥ 0.8 ×',
      met: sdk / bare >= 0.8,
      notes: `tinybench, ${TIME_MS / 1000} s per task, twice in alternating order; msw 2.15 setupServer`,
    });
  } finally {
    close();
  }

  const server = await startChild(fileURLToPath(new URL('../mock-server-process.mjs', import.meta.url)));
  try {
    const glm = new Glm({ apiKey: server.key, baseUrl: server.url, maxRetries: 0, responseSchemas });
    const url = `${server.url}/v2/orders/${server.orderId}`;
    const headers = { authorization: `Bearer ${server.key}` };
    const means = await meanLatencies(
      [
        ['sdk', () => glm.orders.get(server.orderId)],
        ['fetch', () => fetch(url, { headers }).then((response) => response.json())],
      ],
      { time: TIME_MS },
    );
    const sdk = means.get('sdk');
    const plain = means.get('fetch');
    progress(`loopback: SDK ${sdk.toFixed(3)} ms, plain fetch ${plain.toFixed(3)} ms`);
    figures.push({
      figure: 'SDK `orders.get` over loopback (time per call)',
      baseline: 'plain `fetch` + `json()` of the same URL',
      value: `${(sdk * 1000).toFixed(0)} µs`,
      baselineValue: `${(plain * 1000).toFixed(0)} µs`,
      ratio: `${(sdk / plain).toFixed(2)} ×`,
      target: 'time ≤ 1.15 ×',
      met: sdk / plain <= 1.15,
      notes: 'standalone mock server in a child process; mean latency, sequential calls',
    });
  } finally {
    await server.stop();
  }
  // The SDK's own cost, without msw or a network: `fetch` answers a canned Response with the order's JSON.
  const canned = async () => new Response(orderText, { headers: { 'content-type': 'application/json' } });
  const offline = new Glm({
    apiKey: mock.keys.test,
    baseUrl: MOCK_BASE,
    maxRetries: 0,
    fetch: canned,
    responseSchemas,
  });
  const cpu = await cpuPerCall([
    ['sdk', () => offline.orders.get(orderId)],
    ['plain', () => canned().then((response) => response.json())],
  ]);
  progress(
    `canned fetch: SDK ${format(cpu.get('sdk'))} µs CPU, plain fetch + json() ${format(cpu.get('plain'))} µs`,
  );
  figures.push({
    figure: 'SDK CPU per `orders.get` against a canned `fetch` (no msw, no network)',
    baseline: 'plain `fetch` + `json()` of the same canned answer',
    value: `${format(cpu.get('sdk'))} µs`,
    baselineValue: `${format(cpu.get('plain'))} µs`,
    ratio: `+${format(cpu.get('sdk') - cpu.get('plain'))} µs`,
    target: 'reported',
    met: null,
    notes: `process CPU time, median of ${CPU_ROUNDS} alternating rounds of ${CPU_CALLS} calls; the SDK's share of the msw and loopback figures (bench/NOTES.md)`,
  });

  return figures;
});
