// The peer rows: one GET per call through each client, every one against the same canned `fetch` that
// answers the same JSON text (the five-item paid order, ~2.5 kB) with no network. Shared by the
// `peers` section of `pnpm bench` and `bench/profile/peers-cpu.mjs`.
import Anthropic from '@anthropic-ai/sdk';
import { Glm } from '@glm/sdk';
import { responseSchemas } from '@glm/sdk/validation';
import ky from 'ky';
import OpenAI from 'openai';
import Stripe from 'stripe';
import { benchService, createPaidOrder } from './fixtures.mjs';
import { importSdkBase } from './sdk-base.mjs';
import { cpuMicrosPerCall, median } from './section.mjs';

const BASE = 'https://api.glm.test';

/**
 * The tasks, `[name, label, () => Promise]`, and the canned answer's size. Each task makes one GET and
 * reads the parsed body; the fetch answers a fresh `Response` of the same text every time.
 */
export async function peerTasks() {
  const mock = benchService();
  const { orderId, orderText } = await createPaidOrder(mock, BASE);
  const headers = { 'content-type': 'application/json', 'x-request-id': 'req_1', 'request-id': 'req_1' };
  const canned = async () => new Response(orderText, { headers });
  const url = `${BASE}/v2/orders/${orderId}`;

  // The SDK's clients, validating and not; with --sdk-base the earlier build's too (`-base`).
  const sdkTasks = (sdk, suffix, label) => {
    const glm = new sdk.Glm({
      apiKey: mock.keys.test,
      baseUrl: BASE,
      maxRetries: 0,
      fetch: canned,
      responseSchemas: sdk.responseSchemas,
    });
    const glmOff = glm.withOptions({ validateResponses: 'off' });
    return {
      glmOff,
      tasks: [
        [`glm${suffix}`, `\`glm.orders.get(id)\`${label}`, () => glm.orders.get(orderId)],
        [
          `glm-off${suffix}`,
          `\`glm.orders.get(id)\`, \`validateResponses: off\`${label}`,
          () => glmOff.orders.get(orderId),
        ],
      ],
    };
  };
  const current = sdkTasks({ Glm, responseSchemas }, '', '');
  // The same client with a no-op hook of each kind: what hooks cost once set.
  const noop = () => undefined;
  const glmHooks = current.glmOff.withOptions({
    hooks: { beforeRequest: [noop], afterResponse: [noop], beforeRetry: [noop], onError: [noop] },
  });
  const base = await importSdkBase();
  const openai = new OpenAI({ apiKey: 'sk-bench', baseURL: BASE, maxRetries: 0, fetch: canned });
  const anthropic = new Anthropic({ apiKey: 'sk-ant-bench', baseURL: BASE, maxRetries: 0, fetch: canned });
  const stripe = new Stripe('sk_test_bench', {
    httpClient: Stripe.createFetchHttpClient(canned),
    maxNetworkRetries: 0,
    telemetry: false,
  });
  const kyDefault = ky.create({ fetch: canned });
  // ky used as cheaply as it goes: one instance, no retries, no timeout timer, no HTTP errors, no hooks,
  // no per-call options, the body read once.
  const kyLean = ky.create({ fetch: canned, retry: 0, timeout: false, throwHttpErrors: false });

  const tasks = [
    ...current.tasks,
    [
      'glm-hooks',
      '`glm.orders.get(id)`, `validateResponses: off`, a no-op hook of each kind',
      () => glmHooks.orders.get(orderId),
    ],
    ...(base === undefined ? [] : sdkTasks(base, '-base', ' (the earlier build)').tasks),
    ['openai', '`openai.models.retrieve(id)` (openai 6.49.0)', () => openai.models.retrieve('gpt-bench')],
    [
      'anthropic',
      '`anthropic.models.retrieve(id)` (@anthropic-ai/sdk 1.14.0)',
      () => anthropic.models.retrieve('claude-bench'),
    ],
    [
      'stripe',
      '`stripe.customers.retrieve(id)` (stripe 23.1.0, `createFetchHttpClient`)',
      () => stripe.customers.retrieve('cus_bench'),
    ],
    ['ky', '`ky.get(url).json()` (ky 1.14.3, one instance, defaults)', () => kyDefault.get(url).json()],
    [
      'ky-lean',
      'ky at its cheapest: `kyLean(url)` + `JSON.parse` of the text (one instance, `retry: 0`, `timeout: false`, `throwHttpErrors: false`)',
      () =>
        kyLean(url)
          .then((response) => response.text())
          .then(JSON.parse),
    ],
    ['fetch', 'plain `fetch` + `json()`', () => canned(url).then((response) => response.json())],
  ];
  for (const [name, , task] of tasks) {
    const body = await task();
    if (body === undefined || body === null || typeof body !== 'object')
      throw new Error(`${name} read no body`);
  }
  return { tasks, bytes: Buffer.byteLength(orderText) };
}

/** Median CPU µs per call of each task over `rounds` rounds of `calls`, the tasks alternating each round. */
export async function peerCpu(tasks, { rounds = 7, calls = 2000, warmup = 200 } = {}) {
  const samples = new Map(tasks.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? tasks : [...tasks].reverse();
    for (const [name, , task] of order) {
      for (let i = 0; i < warmup; i++) await task();
      samples.get(name).push(await cpuMicrosPerCall(task, calls));
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}
