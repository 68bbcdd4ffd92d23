import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { collector } from '../../../test/support/cli-output.ts';
import { type RunningServer, startServer } from '../../adapters/node.ts';
import { openApiDocument } from '../../http/openapi-document.ts';
import { runCli } from '../run-cli.ts';
import { isTestHelperPath } from './probe.ts';
import { PROBES } from './probes.ts';

let server: RunningServer;
/** The address of a server that was closed: nothing listens there. */
let closedUrl: string;
let proxy: Server;
let proxyUrl: string;

/**
 * A proxy in front of the mock that drifts in three ways: `GET /v2/products/{id}` answers the price as a
 * string, `PUT /v2/products/{id}` is gone (405), `POST /v2/payment-links` answers 200 instead of 201.
 */
async function drift(request: IncomingMessage): Promise<{ status: number; body: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const path = request.url ?? '/';
  if (request.method === 'PUT' && /^\/v2\/products\/\d+$/.test(path)) {
    return {
      status: 405,
      body: JSON.stringify({ error: { code: 'method_not_allowed', message: 'PUT is not allowed here.' } }),
    };
  }
  const upstream = await fetch(`${server.url}${path}`, {
    method: request.method ?? 'GET',
    headers: Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
      ),
    ),
    ...(chunks.length === 0 ? {} : { body: Buffer.concat(chunks) }),
  });
  let body = await upstream.text();
  let status = upstream.status;
  if (request.method === 'GET' && /^\/v2\/products\/\d+$/.test(path) && status === 200) {
    const product = JSON.parse(body) as { price: number };
    body = JSON.stringify({ ...product, price: (product.price / 100).toFixed(2) });
  }
  if (request.method === 'POST' && path === '/v2/payment-links' && status === 201) status = 200;
  return { status, body };
}

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', clock: 'system' });
  const closed = await startServer({ port: 0, host: '127.0.0.1' });
  closedUrl = closed.url;
  await closed.close();
  proxy = createServer((request, response) => {
    drift(request).then(
      ({ status, body }) => response.writeHead(status, { 'content-type': 'application/json' }).end(body),
      () => response.writeHead(502).end(),
    );
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await server.close();
});

const LIVE_KEY = `glm_live_${'A1b2C3d4E5f6G7h8'}.${'s'.repeat(32)}`;

async function verify(...args: string[]) {
  const output = collector();
  const outcome = await runCli(['verify', ...args], output.io);
  const lines = output.stdout().trimEnd().split('\n');
  const header = lines.findIndex((line) => line.startsWith('METHOD'));
  const end = lines.indexOf('', header);
  const rows = lines.slice(header + 1, end).map((line) => {
    const [method, path, ...rest] = line.split(/\s{2,}/);
    return { method, path, rest, line };
  });
  return { outcome, rows, lines, stdout: output.stdout(), stderr: output.stderr() };
}

test('against the mock itself: every probe ok, the created objects listed, test helpers skipped, exit 0', async () => {
  const run = await verify('--against', server.url, '--key', server.service.keys.test);
  expect(run.stderr).toBe('');
  expect(run.outcome).toEqual({ kind: 'exit', code: 0 });
  expect(run.rows.filter((row) => / drift /.test(row.line))).toEqual([]);
  expect(run.rows.some((row) => isTestHelperPath(row.path ?? ''))).toBe(false);
  expect(run.lines.at(-1)).toMatch(/^no drift \(\d+ ok, \d+ skipped\)$/);
  expect(run.stdout).toMatch(/^skipped \d+ test-helper endpoints/m);
  // What it says it created exists on the server, in test mode.
  const created = /^created \(test mode\): (.*)$/m.exec(run.stdout)?.[1]?.split(', ') ?? [];
  expect(created.map((entry) => entry.split(' ')[0])).toEqual([
    'product',
    'product',
    'checkout',
    'payment_link',
    'payment_link',
  ]);
  const link = created[3]?.split(' ')[1] ?? '';
  const answer = await fetch(`${server.url}/v2/payment-links/${link}`, {
    headers: { authorization: `Bearer ${server.service.keys.test}` },
  });
  expect(answer.status).toBe(200);
  await answer.arrayBuffer();
});

test('--include-test-helpers also pays, refunds and starts a subscription: nothing skipped, exit 0', async () => {
  const run = await verify(
    '--against',
    `${server.url}/api/v2`,
    '--key',
    server.service.keys.test,
    '--include-test-helpers',
  );
  expect(run.outcome).toEqual({ kind: 'exit', code: 0 });
  expect(run.lines.at(-1)).toMatch(/^no drift \(\d+ ok, 0 skipped\)$/);
  expect(run.rows.some((row) => row.path === '/test_helpers/checkout/{id}/pay')).toBe(true);
  expect(run.stdout).toMatch(
    /^created \(test mode\): .*order ord_\w{24}, .*refund ref_\w{24}, .*subscription sub_\w{24}$/m,
  );
});

test('a proxy that changes a field type, drops a route and alters a status: each reported on its row, exit 1', async () => {
  const run = await verify('--against', proxyUrl, '--key', server.service.keys.test);
  expect(run.outcome).toEqual({ kind: 'exit', code: 1 });
  const drifted = run.rows
    .filter((row) => row.rest.includes('drift'))
    .map((row) => row.line.replace(/\s{2,}/g, ' | '));
  expect(drifted).toEqual([
    expect.stringMatching(
      /^GET \| \/products\/\{id\} \| the created one \| 200 \| 200 \| drift \| \$\.price: expected integer, got string "12\.99"$/,
    ),
    'PUT | /products/{id} | a new price | 200 | 405 | drift | expected 200, got 405 method_not_allowed',
    'PUT | /products/{id} | a missing id | 404 | 405 | drift | expected 404, got 405 method_not_allowed',
    'POST | /payment-links | create | 201 | 200 | drift | expected 201, got 200',
    'POST | /payment-links | create one to cancel | 201 | 200 | drift | expected 201, got 200',
  ]);
  expect(run.lines.at(-1)).toMatch(/^drift in 5 of \d+ probes/);
});

test.each([
  ['a live key', () => ['--against', server.url, '--key', LIVE_KEY], /refuses a live key/],
  [
    'a malformed key',
    () => ['--against', server.url, '--key', 'glm_test_short'],
    /not a well-formed test key/,
  ],
  ['no key', () => ['--against', server.url], /no key: give --key or set GLM_API_KEY/],
  [
    'an unreachable server',
    () => ['--against', closedUrl, '--key', server.service.keys.test],
    /cannot reach http:\/\/127\.0\.0\.1:\d+\/v2: .*ECONNREFUSED/,
  ],
  [
    'a key the server does not know',
    () => ['--against', server.url, '--key', `glm_test_${'Z'.repeat(16)}.${'z'.repeat(32)}`],
    /refuses the key \(401 unauthorized\)/,
  ],
  ['an unknown option', () => ['--against', server.url, '--colour'], /Unknown option '--colour'/],
])('%s is one line on stderr and exit 2, creating nothing', async (_name, argv, message) => {
  const before = server.service.requests().filter((request) => request.method !== 'GET').length;
  const run = await verify(...argv());
  expect(run.outcome).toEqual({ kind: 'exit', code: 2 });
  expect(run.stderr).toMatch(message);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stdout).toBe('');
  expect(server.service.requests().filter((request) => request.method !== 'GET').length).toBe(before);
});

test('a live key is refused before any request reaches the server', async () => {
  const before = server.service.requests().length;
  const run = await verify('--against', server.url, '--key', LIVE_KEY);
  expect(run.outcome).toEqual({ kind: 'exit', code: 2 });
  expect(run.stdout).toBe('');
  expect(server.service.requests().length).toBe(before);
});

test('the target and key come from GLM_BASE_URL and GLM_API_KEY when not given', async () => {
  const output = collector({ GLM_BASE_URL: server.url, GLM_API_KEY: server.service.keys.test });
  expect(await runCli(['verify'], output.io)).toEqual({ kind: 'exit', code: 0 });
  expect(output.stdout()).toContain(`verifying ${server.url}/v2 against`);
});

test('--base-url and --key win over GLM_BASE_URL and GLM_API_KEY', async () => {
  const output = collector({ GLM_BASE_URL: 'http://127.0.0.1:9', GLM_API_KEY: 'glm_live_not_this_one' });
  const argv = ['verify', '--base-url', server.url, '--key', server.service.keys.test];
  expect(await runCli(argv, output.io)).toEqual({ kind: 'exit', code: 0 });
  expect(output.stdout()).toContain(`verifying ${server.url}/v2 against`);
});

test('verify --help and glm-mock --help describe the command and its exit codes', async () => {
  for (const argv of [['verify', '--help'], ['--help']]) {
    const output = collector();
    expect(await runCli(argv, output.io)).toEqual({ kind: 'exit', code: 0 });
    expect(output.stdout()).toContain(
      'glm-mock verify [--against URL | --base-url URL] [--key KEY] [--include-test-helpers]',
    );
    expect(output.stdout()).toMatch(/Exit 0: no\s+drift; 1: drift; 2: unreachable/);
  }
});

test('every probe names an operation of the document and a status it lists; every group has a success and an error', () => {
  const document = openApiDocument();
  const groups = new Map<string, { success: boolean; error: boolean }>();
  for (const probe of PROBES) {
    const operation = document.paths[probe.path]?.[probe.method.toLowerCase()];
    expect(operation, `${probe.method} ${probe.path}`).toBeDefined();
    expect(Object.keys(operation?.responses ?? {}), `${probe.method} ${probe.path} ${probe.case}`).toContain(
      String(probe.status),
    );
    const group = groups.get(operation?.tags[0] ?? '') ?? { success: false, error: false };
    if (probe.status < 300) group.success = true;
    else group.error = true;
    groups.set(operation?.tags[0] ?? '', group);
  }
  for (const tag of [
    'Products',
    'Checkout',
    'Payment links',
    'Orders',
    'Refunds',
    'Subscriptions',
    'Test helpers',
  ]) {
    expect(groups.get(tag), tag).toEqual({ success: true, error: true });
  }
});
