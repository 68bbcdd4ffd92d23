import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { collector } from '../../test/support/cli-output.ts';
import type { RunningServer } from '../adapters/node.ts';
import { runCli } from './run-cli.ts';

const TEST_KEY = `glm_test_${'A1b2C3d4E5f6G7h8'}.${'s'.repeat(32)}`;

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function serve(args: readonly string[], env: Record<string, string> = {}) {
  const output = collector(env);
  const outcome = await runCli(['serve', '--port', '0', ...args], output.io);
  if (outcome.kind !== 'serving') throw new Error(`not serving: ${output.stderr()}`);
  running.push(outcome.server);
  const lines = output.stdout().trimEnd().split('\n');
  const value = (label: string) =>
    lines.find((line) => line.startsWith(`${label}: `))?.slice(label.length + 2) ?? '';
  return { server: outcome.server, lines, value };
}

const getJson = async (url: string, key: string) => {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: (await response.json()) as { data: { name: string }[] } };
};

test('serve prints the listening line first, then the keys and the dashboard address, and the printed test key works', async () => {
  const { server, lines, value } = await serve([]);
  expect(lines[0]).toBe(`glm-mock listening on ${server.url}`);
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(lines.slice(1, -2).map((line) => line.split(': ')[0])).toEqual([
    'test key',
    'live key',
    'dashboard',
  ]);
  // The output ends with lines to paste into a shell or an .env file.
  expect(lines.slice(-2)).toEqual([`GLM_BASE_URL=${server.url}`, `GLM_API_KEY=${value('test key')}`]);
  expect(value('dashboard')).toBe(
    `${server.url}/dashboard?token=${encodeURIComponent(server.service.dashboardToken)}`,
  );
  const products = await getJson(`${server.url}/api/v2/products`, value('test key'));
  expect(products.status).toBe(200);
  expect((await getJson(`${server.url}/api/v2/products`, `${value('test key')}x`)).status).toBe(401);
});

test('a given test key is registered exactly, from the option or else from GLM_MOCK_TEST_KEY', async () => {
  const flagged = await serve(['--test-key', TEST_KEY]);
  expect(flagged.value('test key')).toBe(TEST_KEY);
  expect((await getJson(`${flagged.server.url}/api/v2/products`, TEST_KEY)).status).toBe(200);
  const fromEnv = await serve([], { GLM_MOCK_TEST_KEY: TEST_KEY });
  expect(fromEnv.value('test key')).toBe(TEST_KEY);
});

test.each([
  [
    'a short secret',
    `glm_test_${'A1b2C3d4E5f6G7h8'}.short`,
    /--test-key is not a well-formed test key.*secret/,
  ],
  ['a live key', `glm_live_${'A1b2C3d4E5f6G7h8'}.${'s'.repeat(32)}`, /it is a live key/],
  ['a pasted Bearer prefix', `Bearer ${TEST_KEY}`, /whitespace/],
])(
  'a test key with %s is refused with a clear message, exit code 2 and nothing served',
  async (_name, key, message) => {
    const output = collector();
    const outcome = await runCli(['serve', '--port', '0', '--test-key', key], output.io);
    expect(outcome).toEqual({ kind: 'exit', code: 2 });
    expect(output.stderr()).toMatch(message);
    expect(output.stderr()).toMatch(/^glm-mock: /);
    expect(output.stdout()).toBe('');
  },
);

test('--seed loads the products of a JSON file, and an unreadable or misshapen one is refused', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'glm-mock-cli-'));
  try {
    const file = join(dir, 'seed.json');
    const products = [
      { name: 'Digital thermometer', price: 1999, currency: 'USD', merchant_product_id: 'sku-therm' },
      { name: 'Mug', price: 1000, currency: 'USD' },
    ];
    await writeFile(file, JSON.stringify({ products }));
    const { server, value } = await serve(['--seed', file]);
    const listed = await getJson(`${server.url}/api/v2/products`, value('test key'));
    expect(listed.body.data.map((product) => product.name).sort()).toEqual(['Digital thermometer', 'Mug']);

    await writeFile(file, JSON.stringify({ products: {} }));
    for (const [path, message] of [
      [join(dir, 'missing.json'), /cannot read seed file/],
      [file, /products: Invalid input: expected array, received object/],
    ] as const) {
      const output = collector();
      expect(await runCli(['serve', '--port', '0', '--seed', path], output.io)).toEqual({
        kind: 'exit',
        code: 2,
      });
      expect(output.stderr()).toMatch(message);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('--demo prints a checkout URL whose hosted page answers 200', async () => {
  const { server, lines, value } = await serve(['--demo']);
  expect(lines.at(-3)).toMatch(/^demo checkout: /);
  const url = value('demo checkout');
  expect(url).toMatch(new RegExp(`^${server.url}/checkout/cs_\\w+\\?token=`));
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  await page.arrayBuffer();
});

test('close stops the server: the port refuses new connections', async () => {
  const { server } = await serve([]);
  running.splice(running.indexOf(server), 1);
  await server.close();
  await expect(fetch(`${server.url}/openapi.json`)).rejects.toThrow();
});

test.each([
  [['serve', '--port', '70000'], /--port must be 0–65535/],
  [['serve', '--colour'], /Unknown option '--colour'/],
])('%j is refused on stderr with the usage and exit code 2', async (argv, message) => {
  const output = collector();
  expect(await runCli(argv, output.io)).toEqual({ kind: 'exit', code: 2 });
  expect(output.stderr()).toMatch(message);
  expect(output.stderr()).toContain('Usage: glm-mock serve');
});

test('an unknown command is one line on stderr naming the commands, exit code 2', async () => {
  const output = collector();
  expect(await runCli(['launch'], output.io)).toEqual({ kind: 'exit', code: 2 });
  expect(output.stderr()).toBe(
    'glm-mock: unknown command launch: the commands are serve, trigger, verify and coverage (glm-mock --help shows their options)\n',
  );
  expect(output.stdout()).toBe('');
});

test.each([[['--help']], [['-h']], [['serve', '--help']], [['serve', '--port', '0', '-h']]])(
  '%j prints the usage on stdout and exits 0, starting nothing',
  async (argv) => {
    const output = collector();
    expect(await runCli(argv, output.io)).toEqual({ kind: 'exit', code: 0 });
    expect(output.stdout()).toMatch(/^Usage: glm-mock serve/);
    expect(output.stderr()).toBe('');
  },
);

test.each([
  [['trigger', '--help'], /^Usage: glm-mock trigger/],
  [['coverage', '--help'], /^Usage: glm-mock coverage/],
  [['verify', '-h'], /^Usage: glm-mock verify/],
])('%j prints that command’s own usage on stdout and exits 0, sending nothing', async (argv, usage) => {
  const output = collector();
  expect(await runCli(argv, output.io)).toEqual({ kind: 'exit', code: 0 });
  expect(output.stdout()).toMatch(usage);
  expect(output.stdout()).not.toContain('Usage: glm-mock serve');
  expect(output.stderr()).toBe('');
});

test('--max-objects caps the store: creating past it answers 507 storage_full saying how to raise it', async () => {
  const { server, value } = await serve(['--max-objects', '1']);
  const create = (sku: string) =>
    fetch(`${server.url}/api/v2/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${value('test key')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Gauze', price: 499, currency: 'USD', merchant_product_id: sku }),
    });
  expect((await create('sku-1')).status).toBe(201);
  const refused = await create('sku-2');
  expect(refused.status).toBe(507);
  expect(refused.headers.get('x-request-id')).toMatch(/^req_/);
  const { error } = (await refused.json()) as { error: { code: string; message: string } };
  expect(error.code).toBe('storage_full');
  expect(error.message).toContain('--max-objects');
});

test('--max-objects that is not a whole number of at least 1 is refused with exit code 2', async () => {
  for (const bad of ['0', '-3', 'ten', '1.5']) {
    const output = collector();
    expect(await runCli(['serve', '--port', '0', '--max-objects', bad], output.io)).toEqual({
      kind: 'exit',
      code: 2,
    });
    expect(output.stderr()).toContain('--max-objects');
  }
});
