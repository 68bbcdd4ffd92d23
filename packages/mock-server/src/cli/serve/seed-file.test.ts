import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { collector } from '../../../test/support/cli-output.ts';
import { parseSeed } from '../../service/seed.ts';
import { runCli } from '../run-cli.ts';
import { DEMO_SEED } from './demo.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glm-seed-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function seedFile(name: string, content: unknown): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const GOOD = {
  products: [{ ref: 'kit', name: 'First aid kit', price: 2599, currency: 'USD', merchant_product_id: 'kit' }],
  customers: [
    {
      ref: 'grace',
      email: 'grace@example.com',
      payment_methods: [{ ref: 'visa', card_number: '4242424242424242' }],
    },
  ],
  subscriptions: [
    {
      ref: 'monthly-kit',
      customer_id: 'ref:grace',
      payment_method_id: 'ref:visa',
      product_id: 'ref:kit',
      amount_cents: 2599,
      currency: 'USD',
      interval: 'monthly',
    },
  ],
};

test('the demo seed is a valid seed file of products, a customer, a link and a subscription', () => {
  const seed = parseSeed(DEMO_SEED);
  expect(seed.products?.map((product) => product.merchant_product_id)).toContain('demo-ibuprofen');
  expect(seed.customers).toHaveLength(1);
  expect(seed.payment_links).toHaveLength(1);
  expect(seed.subscriptions).toHaveLength(1);
});

test('serve --seed loads a seed file with refs and prints the id of each ref', async () => {
  const out = collector();
  const outcome = await runCli(['serve', '--port', '0', '--seed', await seedFile('seed.json', GOOD)], out.io);
  if (outcome.kind !== 'serving') throw new Error(out.stderr());
  try {
    const refs = outcome.server.service.seedRefs();
    expect(out.stdout()).toContain(`seed grace: ${String(refs['grace'])}\n`);
    expect(out.stdout()).toContain(`seed monthly-kit: ${String(refs['monthly-kit'])}\n`);
    expect(await outcome.server.service.getSubscription(String(refs['monthly-kit']))).toMatchObject({
      customer_id: refs['grace'],
      product_id: refs['kit'],
      status: 'active',
    });
  } finally {
    await outcome.server.close();
  }
});

test('serve --demo --seed loads both, the demo first', async () => {
  const out = collector();
  const outcome = await runCli(
    ['serve', '--port', '0', '--demo', '--seed', await seedFile('seed.json', GOOD)],
    out.io,
  );
  if (outcome.kind !== 'serving') throw new Error(out.stderr());
  try {
    expect(Object.keys(outcome.server.service.seedRefs())).toEqual(
      expect.arrayContaining(['ibuprofen', 'ada-lenses', 'kit']),
    );
    expect(out.stdout()).toMatch(/^demo checkout: http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_/m);
  } finally {
    await outcome.server.close();
  }
});

test.each([
  [
    'a schema problem and a ref problem stop at the schema, listing each',
    { products: [{ name: 'x', currency: 'USD' }], customers: [{ email: 'nope', payment_methods: [] }] },
    ['products[0].price: is required', 'customers[0].email:'],
  ],
  [
    'refs that resolve to nothing',
    {
      ...GOOD,
      subscriptions: [{ ...GOOD.subscriptions[0], customer_id: 'ref:bob', payment_method_id: 'ref:kit' }],
    },
    [
      'subscriptions[0].customer_id: ref:bob names no entry',
      'subscriptions[0].payment_method_id: ref:kit names products[0]',
    ],
  ],
])('serve --seed with %s exits 2 before listening', async (_name, content, lines) => {
  const out = collector();
  const file = await seedFile('bad.json', content);
  expect(await runCli(['serve', '--port', '0', '--seed', file], out.io)).toEqual({ kind: 'exit', code: 2 });
  expect(out.stderr()).toContain(`glm-mock: seed ${file} was refused; nothing was started:`);
  for (const line of lines) expect(out.stderr()).toContain(`  ${line}`);
  expect(out.stdout()).toBe('');
});

test('a seed the store refuses (a product the demo already has) exits 2 naming the file and the entry', async () => {
  const out = collector();
  const file = await seedFile('clash.json', {
    products: [{ name: 'Again', price: 1, currency: 'USD', merchant_product_id: 'demo-tissue' }],
  });
  expect(await runCli(['serve', '--port', '0', '--demo', '--seed', file], out.io)).toEqual({
    kind: 'exit',
    code: 2,
  });
  expect(out.stderr()).toContain(`seed ${file} was refused`);
  expect(out.stderr()).toContain('  products[0].merchant_product_id:');
});

test.each([
  ['not JSON', 'broken.json', '{"products": [', /cannot read seed file .*broken\.json: .*JSON/],
  ['YAML', 'seed.yaml', 'products: []\n', /seed files are JSON/],
  ['missing', 'missing.json', undefined, /cannot read seed file .*missing\.json/],
])('a seed file that is %s exits 2 saying why', async (_name, name, content, message) => {
  const out = collector();
  const file = content === undefined ? join(dir, name) : await seedFile(name, content);
  expect(await runCli(['serve', '--port', '0', '--seed', file], out.io)).toEqual({ kind: 'exit', code: 2 });
  expect(out.stderr()).toMatch(message);
});

test('a refused seed file is its problems alone, without the usage after them', async () => {
  const out = collector();
  const file = await seedFile('bad.json', { products: [{ name: 'x', currency: 'USD' }] });
  expect(await runCli(['serve', '--port', '0', '--seed', file], out.io)).toEqual({ kind: 'exit', code: 2 });
  expect(out.stderr()).toBe(
    `glm-mock: seed ${file} was refused; nothing was started:\n  products[0].price: is required\n`,
  );
});
