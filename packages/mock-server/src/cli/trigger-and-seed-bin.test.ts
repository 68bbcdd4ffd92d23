import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventType } from '@glm/domain';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type BuiltCli, buildCli } from '../../test/support/built-cli.ts';
import { type RunningServer, startServer } from '../adapters/node.ts';

let cli: BuiltCli;
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  cli = await buildCli();
  server = await startServer({ port: 0, host: '127.0.0.1', clock: 'system' });
  dir = await mkdtemp(join(tmpdir(), 'glm-bin-seed-'));
}, 30_000);
afterAll(async () => {
  await server.close();
  await cli.remove();
  await rm(dir, { recursive: true, force: true });
});

const env = () => ({ GLM_BASE_URL: server.url, GLM_API_KEY: server.service.keys.test });

test('the built glm-mock trigger --set patches the request and prints the event', async () => {
  const run = await cli.run(
    ['trigger', 'order.completed', '--set', 'customer.email=bin@example.com', '--set', 'reference_id="0042"'],
    env(),
  );
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const id = run.stdout.trimEnd().split('\n').at(-1)?.split(' ')[2];
  const [event] = server.service
    .events({ type: 'order.completed' })
    .filter((candidate) => candidate.id === id);
  expect(event?.data).toMatchObject({ reference_id: '0042', customer: { email: 'bin@example.com' } });
});

test('the built glm-mock trigger refuses an unknown --set field with exit 2, naming it, and changes nothing', async () => {
  const before = server.service.events().length;
  const run = await cli.run(['trigger', 'refund.created', '--set', 'amount_centz=5'], env());
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(
    /^glm-mock: refund\.created answered 422 \(overrides\.amount_centz\): Unknown field amount_centz/,
  );
  expect(server.service.events()).toHaveLength(before);
});

test('the built glm-mock trigger --list prints every event type with its requests and objects', async () => {
  const run = await cli.run(['trigger', '--list']);
  expect(run.code).toBe(0);
  const lines = run.stdout.trimEnd().split('\n');
  expect(lines.map((line) => line.split(' ')[0])).toEqual(EventType.options);
  expect(lines.find((line) => line.startsWith('order.failed'))).toMatch(
    /Requests: checkout \(main\), product, payment, order_fail\. Objects: --product, --customer, --order\.$/,
  );
});

test('the built glm-mock serve --seed refuses a bad seed file with exit 2 and every problem', async () => {
  const file = join(dir, 'bad-seed.json');
  await writeFile(
    file,
    JSON.stringify({
      customers: [
        {
          ref: 'ada',
          email: 'ada@example.com',
          payment_methods: [{ ref: 'visa', card_number: '4242424242424242' }],
        },
      ],
      subscriptions: [
        {
          customer_id: 'ref:ada',
          payment_method_id: 'ref:mastercard',
          amount_cents: 100,
          currency: 'USD',
          interval: 'monthly',
        },
      ],
    }),
  );
  const run = await cli.run(['serve', '--port', '0', '--seed', file]);
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr).toContain(
    'subscriptions[0].payment_method_id: ref:mastercard names no entry of the seed',
  );
});
