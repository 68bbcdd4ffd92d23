import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type BuiltCli, buildCli } from '../../test/support/built-cli.ts';
import { spawnServer } from './spawn-server.ts';

// spawnServer against the bin built from the current sources, as a merchant's test runner would use it.
let cli: BuiltCli;

beforeAll(async () => {
  cli = await buildCli();
}, 30_000);
afterAll(() => cli.remove());

const products = async (url: string, key: string) =>
  (await fetch(`${url}/v2/products`, { headers: { authorization: `Bearer ${key}` } })).status;

test('spawnServer answers the address, both keys and the dashboard, and close() stops the process', async () => {
  const server = await spawnServer({ bin: cli.bin, args: ['--rate-limit', 'off'] });
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(server.testKey).toMatch(/^glm_test_/);
  expect(server.liveKey).toMatch(/^glm_live_/);
  expect(server.dashboardUrl).toMatch(new RegExp(`^${server.url}/dashboard\\?token=`));
  expect(await products(server.url, server.testKey)).toBe(200);
  expect(await products(server.url, server.liveKey)).toBe(200);
  expect((await fetch(server.dashboardUrl, { redirect: 'manual' })).status).toBeLessThan(400);
  await server.close();
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  await server.close();
}, 30_000);

test('args and env reach the server: a seed file makes its catalog', async () => {
  const seed = join(cli.dir, 'seed.json');
  await writeFile(
    seed,
    JSON.stringify({
      products: [{ name: 'Thermometer', price: 1299, currency: 'USD', merchant_product_id: 'thermo-1' }],
    }),
  );
  const server = await spawnServer({ bin: cli.bin, args: ['--seed', seed], env: { NO_COLOR: '1' } });
  try {
    const listed = await fetch(`${server.url}/v2/products`, {
      headers: { authorization: `Bearer ${server.testKey}` },
    });
    expect(((await listed.json()) as { data: { name: string }[] }).data.map((p) => p.name)).toEqual([
      'Thermometer',
    ]);
  } finally {
    await server.close();
  }
}, 30_000);

test('a server that cannot start rejects with what it printed', async () => {
  await expect(spawnServer({ bin: cli.bin, args: ['--no-such-flag'] })).rejects.toThrow(
    /glm-mock serve exited early[\s\S]*--no-such-flag/,
  );
}, 30_000);
