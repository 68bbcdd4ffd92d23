import { EventType } from '@glm/domain';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { collector } from '../../../test/support/cli-output.ts';
import { type RunningServer, startServer } from '../../adapters/node.ts';
import { TRIGGER_FLOWS } from '../../operations/triggers/trigger-flows.ts';
import { runCli } from '../run-cli.ts';

let server: RunningServer;
/** The address of a server that was closed: nothing listens there. */
let closedUrl: string;
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', clock: 'system' });
  const closed = await startServer({ port: 0, host: '127.0.0.1' });
  closedUrl = closed.url;
  await closed.close();
});
afterAll(() => server.close());

const trigger = (...args: string[]) => [
  'trigger',
  ...args,
  '--base-url',
  server.url,
  '--key',
  server.service.keys.test,
];

test.each(EventType.options)(
  'trigger %s prints what it made or used and the event id, which is in the log',
  async (type) => {
    const output = collector();
    const outcome = await runCli(trigger(type), output.io);
    expect(output.stderr()).toBe('');
    expect(outcome).toEqual({ kind: 'exit', code: 0 });
    const lines = output.stdout().trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/^created [a-z_]+ \S+( .+)?$/);
    const last = lines.at(-1) ?? '';
    expect(last).toMatch(new RegExp(`^event ${type.replace('.', '\\.')} evt_\\S+( decline_code [a-z_]+)?$`));
    const id = last.split(' ')[2];
    expect(server.service.events({ type }).map((event) => event.id)).toContain(id);
  },
);

test('--set patches the requests, and the existing objects are used', async () => {
  const made = collector();
  await runCli(trigger('order.completed', '--json'), made.io);
  const paid = JSON.parse(made.stdout()) as { event: { data: { id: string; customer: { id: string } } } };
  const output = collector();
  const outcome = await runCli(
    trigger(
      'refund.succeeded',
      '--order',
      paid.event.data.id,
      '--set',
      'amount_cents=250',
      '--set',
      'notes=Box arrived crushed',
    ),
    output.io,
  );
  expect(output.stderr()).toBe('');
  expect(outcome).toEqual({ kind: 'exit', code: 0 });
  const lines = output.stdout().trimEnd().split('\n');
  expect(lines[0]).toBe(`used order ${paid.event.data.id}`);
  expect(lines[1]).toMatch(/^created refund ref_\S+$/);
  const refundId = lines[1]?.split(' ')[2] ?? '';
  const [event] = server.service.events({ type: 'refund.succeeded' }).filter((e) => e.data.id === refundId);
  expect(event?.data).toMatchObject({
    order_id: paid.event.data.id,
    amount_cents: 250,
    notes: 'Box arrived crushed',
  });
});

test('--list prints every type with what it does, its requests and the objects it takes', async () => {
  const output = collector();
  expect(await runCli(['trigger', '--list'], output.io)).toEqual({ kind: 'exit', code: 0 });
  const lines = output.stdout().trimEnd().split('\n');
  expect(lines.map((line) => line.split(' ')[0])).toEqual(EventType.options);
  for (const [index, type] of EventType.options.entries()) {
    const flow = TRIGGER_FLOWS[type];
    expect(lines[index]).toContain(`Requests: ${flow.main} (main)`);
    for (const name of flow.objects) expect(lines[index]).toContain(`--${name}`);
  }
  expect(lines.find((line) => line.startsWith('refund.created'))).toContain(
    'Objects: --product, --customer, --order.',
  );
  expect(lines.find((line) => line.startsWith('product.created'))).toContain('Objects: none.');
});

const LIVE_KEY = `glm_live_${'A1b2C3d4E5f6G7h8'}.${'s'.repeat(32)}`;

test.each([
  ['an unknown type', () => trigger('order.exploded'), /unknown event type order\.exploded/],
  [
    'a live key',
    () => ['trigger', 'order.completed', '--base-url', server.url, '--key', LIVE_KEY],
    /live key/,
  ],
  [
    'an unreachable server',
    () => ['trigger', 'order.completed', '--base-url', closedUrl, '--key', server.service.keys.test],
    /cannot reach http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/,
  ],
  [
    'a --set without a value',
    () => trigger('order.created', '--set', 'reference_id'),
    /--set "reference_id" is not field=value/,
  ],
  [
    'a --product that is not an id',
    () => trigger('order.created', '--product', 'abc'),
    /--product takes a product id/,
  ],
  [
    'a --decline that is no decline code',
    () => trigger('payment.failed', '--decline', 'stolen_card'),
    /--decline takes a decline code \(card_declined, .*\), not stolen_card/,
  ],
])('%s is one line on stderr and exit 2, before any request', async (_name, argv, message) => {
  const before = server.service.requests().length;
  const output = collector();
  expect(await runCli(argv(), output.io)).toEqual({ kind: 'exit', code: 2 });
  expect(output.stderr()).toMatch(message);
  expect(output.stderr().trimEnd().split('\n')).toHaveLength(1);
  expect(output.stdout()).toBe('');
  expect(server.service.requests().length).toBe(before);
});

test.each([
  [
    ['order.created', '--set', 'customer.emial=a@b.example'],
    2,
    /\(overrides\.customer\.emial\): Unknown field customer\.emial/,
  ],
  [['order.created', '--customer', 'cus_missing'], 2, /\(objects\.customer\): No such customer/],
  [['order.failed', '--order', 'ord_missing'], 2, /\(objects\.order\)/],
  [
    ['payment.failed', '--decline', 'hard_decline'],
    2,
    /\(decline\): A payment\.failed trigger cannot produce hard_decline/,
  ],
  [
    ['order.created', '--decline', 'expired_card'],
    2,
    /\(decline\): A order\.created trigger takes no decline/,
  ],
])(
  'trigger %j is refused by the server: one line naming the field, exit %i, nothing changed',
  async (args, code, message) => {
    const events = server.service.events().length;
    const output = collector();
    expect(await runCli(trigger(...args), output.io)).toEqual({ kind: 'exit', code });
    expect(output.stderr()).toMatch(message);
    expect(output.stderr().trimEnd().split('\n')).toHaveLength(1);
    expect(server.service.events()).toHaveLength(events);
  },
);

test('the base URL and key come from GLM_BASE_URL and GLM_API_KEY when not given', async () => {
  const output = collector({ GLM_BASE_URL: server.url, GLM_API_KEY: server.service.keys.test });
  expect(await runCli(['trigger', 'product.created'], output.io)).toEqual({ kind: 'exit', code: 0 });
  expect(output.stdout()).toMatch(/^created product \d+ "[^"]+" \(merchant_product_id trigger-\S+\)\n/);
});

test('a product is printed with its name and merchant product id, not as "product 1"', async () => {
  const output = collector();
  expect(await runCli(trigger('order.created'), output.io)).toEqual({ kind: 'exit', code: 0 });
  const [first] = output.stdout().split('\n');
  const id = /^created product (\d+) /.exec(first ?? '')?.[1];
  const product = server.service.events({ type: 'product.created' }).find((e) => String(e.data.id) === id);
  expect(first).toBe(
    `created product ${id} "${product?.data.name}" (merchant_product_id ${product?.data.merchant_product_id})`,
  );
});

test.each([
  ['not_hsa_fsa_card', true],
  ['restricted_card', false],
  ['expired_card', true],
  ['incorrect_cvc', true],
])(
  'trigger payment.failed --decline %s: the event line names the decline, and the session is declined so',
  async (decline, eligible) => {
    const output = collector();
    const outcome = await runCli(trigger('payment.failed', '--decline', decline), output.io);
    expect(output.stderr()).toBe('');
    expect(outcome).toEqual({ kind: 'exit', code: 0 });
    const lines = output.stdout().trimEnd().split('\n');
    const last = lines.at(-1) ?? '';
    expect(last).toMatch(new RegExp(`^event payment\\.failed evt_\\S+ decline_code ${decline}$`));
    const event = server.service.events({ type: 'payment.failed' }).find((e) => e.id === last.split(' ')[2]);
    expect(event?.data).toMatchObject({ decline_code: decline, retryable: true });
    const session = lines.find((line) => line.startsWith('created checkout_session '))?.split(' ')[2] ?? '';
    const reply = await fetch(`${server.url}/api/v2/checkout/${session}`, {
      headers: { authorization: `Bearer ${server.service.keys.test}` },
    });
    const body = (await reply.json()) as {
      data: { status: string; order_id: null; line_items: { is_hsa_fsa_eligible: boolean }[] };
    };
    expect(body.data).toMatchObject({ status: 'open', order_id: null });
    expect(body.data.line_items.map((item) => item.is_hsa_fsa_eligible)).toEqual([eligible]);
  },
);

test('--list names the declines of the types that take --decline', async () => {
  const output = collector();
  await runCli(['trigger', '--list'], output.io);
  const lines = output.stdout().split('\n');
  expect(lines.find((line) => line.startsWith('payment.failed'))).toContain(
    'Declines (--decline): card_declined (default), insufficient_funds, processing_error, incorrect_cvc, expired_card, not_hsa_fsa_card, restricted_card.',
  );
  expect(lines.find((line) => line.startsWith('order.created'))).not.toContain('Declines');
});
