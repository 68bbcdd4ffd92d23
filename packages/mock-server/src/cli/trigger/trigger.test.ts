import { EventType } from '@glm/domain';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { collector } from '../../../test/support/cli-output.ts';
import { type RunningServer, startServer } from '../../adapters/node.ts';
import { runCli } from '../run-cli.ts';
import { TRIGGER_FLOWS } from './flows.ts';

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

/** The types no flow of the server emits, so trigger cannot fire them. */
const NOT_TRIGGERABLE: readonly EventType[] = ['order.failed'];
const TRIGGERABLE = EventType.options.filter((type) => !NOT_TRIGGERABLE.includes(type));

test('every type of the union has a flow, except those no flow of the server emits', () => {
  expect(Object.keys(TRIGGER_FLOWS).sort()).toEqual([...TRIGGERABLE].sort());
});

test.each(TRIGGERABLE)(
  'trigger %s prints what it created and the event id, which is in the log',
  async (type) => {
    const output = collector();
    const outcome = await runCli(
      ['trigger', type, '--base-url', server.url, '--key', server.service.keys.test],
      output.io,
    );
    expect(output.stderr()).toBe('');
    expect(outcome).toEqual({ kind: 'exit', code: 0 });
    const lines = output.stdout().trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/^[a-z_]+ \S+$/);
    const last = lines.at(-1) ?? '';
    expect(last).toMatch(new RegExp(`^event ${type.replace('.', '\\.')} evt_\\S+$`));
    const id = last.split(' ')[2];
    expect(server.service.events({ type }).map((event) => event.id)).toContain(id);
  },
);

test('--list prints every triggerable type, one a line', async () => {
  const output = collector();
  expect(await runCli(['trigger', '--list'], output.io)).toEqual({ kind: 'exit', code: 0 });
  expect(output.stdout().trimEnd().split('\n')).toEqual(TRIGGERABLE);
});

const LIVE_KEY = `glm_live_${'A1b2C3d4E5f6G7h8'}.${'s'.repeat(32)}`;

test.each([
  [
    'an unknown type',
    () => ['trigger', 'order.exploded', '--base-url', server.url, '--key', server.service.keys.test],
    /unknown event type order\.exploded/,
  ],
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
    'a type no flow emits',
    () => ['trigger', 'order.failed', '--base-url', server.url, '--key', server.service.keys.test],
    /order\.failed cannot be triggered/,
  ],
])('%s is one line on stderr and exit 2', async (_name, argv, message) => {
  const before = server.service.requests().length;
  const output = collector();
  expect(await runCli(argv(), output.io)).toEqual({ kind: 'exit', code: 2 });
  expect(output.stderr()).toMatch(message);
  expect(output.stderr().trimEnd().split('\n')).toHaveLength(1);
  expect(output.stdout()).toBe('');
  expect(server.service.requests().length).toBe(before);
});

test('the base URL and key come from GLM_BASE_URL and GLM_API_KEY when not given', async () => {
  const output = collector({ GLM_BASE_URL: server.url, GLM_API_KEY: server.service.keys.test });
  expect(await runCli(['trigger', 'product.created'], output.io)).toEqual({ kind: 'exit', code: 0 });
  expect(output.stdout()).toMatch(/^product \d+\n/);
});
