import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { collector } from '../../../test/support/cli-output.ts';
import { runCli } from '../run-cli.ts';

let dir: string;
beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'glm-serve-')), 'data');
});
afterEach(async () => {
  await rm(join(dir, '..'), { recursive: true, force: true });
});

async function serve(...extra: string[]) {
  const out = collector();
  const outcome = await runCli(['serve', '--port', '0', '--data', dir, ...extra], out.io);
  if (outcome.kind !== 'serving') throw new Error(`not serving: ${out.stderr()}`);
  return { server: outcome.server, out };
}

test('serve --data keeps keys, products and the dashboard token across a restart; --fresh starts empty', async () => {
  const first = await serve('--demo');
  expect(first.out.stdout()).toContain(`data: ${dir} (new)`);
  const { url, service } = first.server;
  const created = await fetch(`${url}/api/v2/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.keys.test}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Kept', price: 100, currency: 'USD', merchant_product_id: 'kept' }),
  });
  expect(created.status).toBe(201);
  await first.server.close();

  const second = await serve('--demo');
  expect(second.out.stdout()).toContain(`data: ${dir} (state restored)`);
  expect(second.server.service.keys).toEqual(service.keys);
  expect(second.server.service.dashboardToken).toBe(service.dashboardToken);
  const listed = await fetch(`${second.server.url}/api/v2/products?limit=100`, {
    headers: { authorization: `Bearer ${service.keys.test}` },
  });
  const skus = ((await listed.json()) as { data: { merchant_product_id: string }[] }).data.map(
    (product) => product.merchant_product_id,
  );
  // The demo catalog was seeded once, on the new directory, not again on the restart.
  expect(skus.filter((sku) => sku === 'kept')).toHaveLength(1);
  expect(new Set(skus).size).toBe(skus.length);
  await second.server.close();

  const fresh = await serve('--fresh');
  expect(fresh.out.stdout()).toContain('(new)');
  expect(fresh.server.service.keys).not.toEqual(service.keys);
  await fresh.server.close();
});

test('a data directory of another version, or --fresh without --data, is refused with exit code 2', async () => {
  const first = await serve();
  await first.server.close();
  await writeFile(join(dir, 'format.json'), '{"format":"glm-mock-data","version":9}\n');
  const refused = collector();
  const outcome = await runCli(['serve', '--port', '0', '--data', dir], refused.io);
  expect(outcome).toEqual({ kind: 'exit', code: 2 });
  expect(refused.stderr()).toMatch(/^glm-mock: .* format version 9, and this glm-mock reads version 1/);
  const bare = collector();
  expect(await runCli(['serve', '--fresh'], bare.io)).toEqual({ kind: 'exit', code: 2 });
  expect(bare.stderr()).toMatch(/^glm-mock: --fresh needs --data DIR\./);
});
