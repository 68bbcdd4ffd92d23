import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { FaultRuleList, MerchantWithKeys, RequestList } from '@glm/domain/test-helpers';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { type BuiltCli, buildCli } from '../../../test/support/built-cli.ts';
import { eligibleProduct } from '../../../test/support/fixtures.ts';
import { createMockService } from '../../service/create-mock-service.ts';

// The built bin (bin/glm-mock.js over the CLI bundled from the current sources), run as a suite in
// another process would: read the first line, then drive the server over HTTP only.
let cli: BuiltCli;
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  cli = await buildCli();
  dir = cli.dir;
}, 30_000);
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});
afterAll(() => cli.remove());

const bin = () => cli.bin;

/** Starts `glm-mock serve <args>` and answers once its output has ended with the GLM_API_KEY line. */
function serve(args: readonly string[]): Promise<{ lines: string[]; url: string; key: string }> {
  const child = spawn(process.execPath, [bin(), 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.split('\n');
      const keyLine = lines.find((line) => line.startsWith('GLM_API_KEY='));
      if (keyLine === undefined || !out.endsWith('\n')) return;
      const url = /^glm-mock listening on (\S+)$/.exec(lines[0] ?? '')?.[1] ?? '';
      resolve({ lines: lines.filter((line) => line !== ''), url, key: keyLine.slice('GLM_API_KEY='.length) });
    });
    child.once('exit', (code) => reject(new Error(`glm-mock serve exited ${code}: ${err}`)));
  });
}

/** Runs `glm-mock <args>` to its end. */
const run = (args: readonly string[]) => cli.run(args);

const call = async (url: string, key: string, method: string, path: string, body?: unknown, headers = {}) => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

/** The names of the products the key's merchant sees, newest first. */
const productNames = async (url: string, key: string) =>
  ((await call(url, key, 'GET', '/v2/products')).body as { data: { name: string }[] }).data.map(
    (p) => p.name,
  );

test('serve --fault, --rate-limit off and --journal-size: rules in force, reset installs them again, no 429s', async () => {
  const { lines, url, key } = await serve([
    '--port',
    '0',
    '--fault',
    'POST /v2/checkout 503 x2',
    '--fault',
    'GET /v2/orders/:id timeout',
    '--fault',
    'WEBHOOK order.completed stale x2',
    '--rate-limit',
    'off',
    '--journal-size',
    '3',
  ]);
  expect(lines[0]).toBe(`glm-mock listening on ${url}`);
  const faultLines = lines.filter((line) => line.startsWith('fault: '));
  expect(faultLines).toHaveLength(3);
  expect(faultLines[2]).toMatch(/^fault: flt_\S+ WEBHOOK order\.completed$/);
  expect(lines.slice(-2)).toEqual([`GLM_BASE_URL=${url}`, `GLM_API_KEY=${key}`]);
  expect((await call(url, key, 'GET', '/healthz')).body).toEqual({ status: 'ok' });
  const first = await call(url, key, 'POST', '/v2/checkout', {});
  expect(first.status).toBe(503);
  const replies = await Promise.all(Array.from({ length: 150 }, () => call(url, key, 'GET', '/v2/products')));
  expect(replies.filter((reply) => reply.status === 429)).toEqual([]);
  const journal = RequestList.parse((await call(url, key, 'GET', '/v2/test_helpers/requests')).body);
  expect(journal.data).toHaveLength(3);
  expect(journal.dropped).toBeGreaterThan(140);
  expect((await call(url, key, 'POST', '/v2/test_helpers/reset', {})).status).toBe(200);
  const rules = FaultRuleList.parse((await call(url, key, 'GET', '/v2/test_helpers/faults')).body);
  expect(rules.data.map((rule) => rule.remaining)).toEqual([2, 1, 2]);
  expect(rules.data[2]).toMatchObject({
    match: { webhook: { event_type: 'order.completed' } },
    fault: { signature: 'stale' },
  });
}, 30_000);

test("serve --fault takes the header's slow_body rate and drawn delays: a slow body, a drawn delay", async () => {
  const { url, key } = await serve([
    '--port',
    '0',
    '--fault',
    'GET /v2/products slow_body rate=100 x*',
    '--fault',
    'GET /v2/orders delay=uniform(300,400) x*',
  ]);
  const rules = FaultRuleList.parse((await call(url, key, 'GET', '/v2/test_helpers/faults')).body);
  expect(rules.data.map((rule) => rule.fault)).toEqual([
    { network: 'slow_body', rate_bytes_per_second: 100 },
    { delay: { distribution: 'uniform', min_ms: 300, max_ms: 400 } },
  ]);
  const response = await fetch(`${url}/v2/products`, { headers: { authorization: `Bearer ${key}` } });
  const headersAt = performance.now();
  expect(response.headers.get('glm-mock-fault')).toBe(rules.data[0]?.id);
  const text = await response.text();
  // The status and headers come at once; the body (some 60 bytes at 100 bytes a second) takes longer.
  expect(performance.now() - headersAt).toBeGreaterThanOrEqual(text.length * 5);
  expect(JSON.parse(text)).toMatchObject({ data: [] });
  const held = performance.now();
  const orders = await call(url, key, 'GET', '/v2/orders');
  expect(orders.status).toBe(200);
  expect(performance.now() - held).toBeGreaterThanOrEqual(290);
}, 30_000);

test('serve --snapshot starts from the file, and reset returns to it', async () => {
  const source = createMockService({
    now: '2025-03-01T12:00:00.000Z',
    seed: { products: [eligibleProduct({ name: 'Saline', merchant_product_id: 'sku-saline' })] },
  });
  const file = join(dir, 'snapshot.json');
  await writeFile(file, JSON.stringify(source.snapshot()));
  const { lines, url, key } = await serve(['--port', '0', '--snapshot', file]);
  expect(lines).toContain(`snapshot: ${file}`);
  expect(await productNames(url, key)).toEqual(['Saline']);
  await call(
    url,
    key,
    'POST',
    '/v2/products',
    eligibleProduct({ name: 'Gauze', merchant_product_id: 'sku-gauze' }),
  );
  expect(await productNames(url, key)).toHaveLength(2);
  await call(url, key, 'POST', '/v2/test_helpers/reset', {});
  expect(await productNames(url, key)).toEqual(['Saline']);
}, 30_000);

test('serve --max-merchants: each merchant starts from the seed, its own; past the limit 507 storage_full', async () => {
  const seed = join(dir, 'merchants-seed.json');
  await writeFile(seed, JSON.stringify({ products: [eligibleProduct({ name: 'Saline' })] }));
  const { url, key } = await serve(['--port', '0', '--seed', seed, '--max-merchants', '2']);
  const created = await call(url, key, 'POST', '/v2/test_helpers/merchants', { name: 'job 1' });
  expect(created.status).toBe(201);
  const merchant = MerchantWithKeys.parse(created.body);
  await call(
    url,
    merchant.keys.test,
    'POST',
    '/v2/products',
    eligibleProduct({ name: 'Gauze', merchant_product_id: 'g' }),
  );
  expect(await productNames(url, merchant.keys.test)).toEqual(['Gauze', 'Saline']);
  expect(await productNames(url, key)).toEqual(['Saline']);
  const full = await call(url, key, 'POST', '/v2/test_helpers/merchants', {});
  expect(full.status).toBe(507);
  expect(full.body).toMatchObject({ error: { code: 'storage_full' } });
}, 30_000);

test('serve --data keeps every merchant: keys, objects and identity come back after a SIGKILL and a clean stop; a removed merchant stays removed', async () => {
  const data = join(dir, 'merchants-data');
  const start = () => serve(['--port', '0', '--data', data]);
  let { url, key } = await start();
  const firstId = ((await call(url, key, 'GET', '/v2/test_helpers/merchants/current')).body as { id: string })
    .id;
  const made = [];
  for (const name of ['job 1', 'job 2', 'gone']) {
    const created = await call(url, key, 'POST', '/v2/test_helpers/merchants', { name });
    expect(created.status).toBe(201);
    made.push(MerchantWithKeys.parse(created.body));
  }
  const [one, two, gone] = made as [MerchantWithKeys, MerchantWithKeys, MerchantWithKeys];
  await call(
    url,
    one.keys.test,
    'POST',
    '/v2/products',
    eligibleProduct({ name: 'One', merchant_product_id: 'o' }),
  );
  await call(
    url,
    two.keys.test,
    'POST',
    '/v2/products',
    eligibleProduct({ name: 'Two', merchant_product_id: 't' }),
  );
  await call(url, two.keys.test, 'POST', '/v2/test_helpers/clock/advance', { seconds: 86_400 });
  expect((await call(url, gone.keys.test, 'DELETE', '/v2/test_helpers/merchants/current')).status).toBe(200);
  // The answers above were sent once their changes were on disk: a SIGKILL loses none of them.
  children.at(-1)?.kill('SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 200));

  for (const stop of ['SIGTERM', 'SIGKILL'] as const) {
    ({ url, key } = await start());
    expect(await productNames(url, one.keys.test)).toEqual(['One']);
    expect(await productNames(url, two.keys.test)).toEqual(['Two']);
    expect(await productNames(url, key)).toEqual([]);
    const current = await call(url, two.keys.test, 'GET', '/v2/test_helpers/merchants/current');
    expect(current.body).toEqual({ id: two.id, name: 'job 2', created_at: two.created_at });
    expect(
      ((await call(url, key, 'GET', '/v2/test_helpers/merchants/current')).body as { id: string }).id,
    ).toBe(firstId);
    const clockOf = async (asKey: string) =>
      Date.parse(((await call(url, asKey, 'GET', '/v2/test_helpers/clock')).body as { now: string }).now);
    expect((await clockOf(two.keys.test)) - (await clockOf(one.keys.test))).toBeGreaterThan(86_000_000);
    expect((await call(url, gone.keys.test, 'GET', '/v2/products')).status).toBe(401);
    const child = children.at(-1);
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child?.kill(stop);
    await exited;
  }
}, 60_000);

test('a taken port is one line naming --port and exit 2; bad flags name themselves', async () => {
  const taken: Server = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const { port } = taken.address() as AddressInfo;
  try {
    const refused = await run(['serve', '--port', String(port)]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `glm-mock: --port ${port} is taken on 127.0.0.1: stop what listens there, or pass --port 0 for a free port.\n`,
    );
    expect(refused.stdout).toBe('');
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
  for (const [args, words] of [
    [['--fault', 'POST /v2/checkout 418'], '--fault "POST /v2/checkout 418"'],
    [['--fault', 'WEBHOOK * forged'], '--fault "WEBHOOK * forged"'],
    [
      ['--fault', 'GET /v2/orders slow_body rate=0'],
      '--fault "GET /v2/orders slow_body rate=0": rate must be a whole number of bytes a second',
    ],
    [
      ['--fault', 'GET /v2/orders delay=lognormal(40000,1) x*'],
      '--fault "GET /v2/orders delay=lognormal(40000,1) x*": delay median_ms must be',
    ],
    [['--fault', 'GET /v2/orders slow_body rate=fast'], 'rate must be a whole number, not "fast"'],
    [['--rate-limit', 'fast'], '--rate-limit must be off or <n>/s'],
    [['--journal-size', '-1'], '--journal-size'],
    [['--snapshot', join(dir, 'missing.json')], 'cannot read snapshot file'],
    [['--max-merchants', '0'], '--max-merchants must be a whole number of at least 1'],
  ] as const) {
    const bad = await run(['serve', '--port', '0', ...args]);
    expect(bad.code, args.join(' ')).toBe(2);
    expect(bad.stderr, args.join(' ')).toContain(words);
  }
}, 30_000);
