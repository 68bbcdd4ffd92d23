import type { MockServiceOptions } from '@glm/mock-server';
import { startServer } from '@glm/mock-server/node';
import { Glm } from '@glm/sdk';
import { expect, onTestFinished, test } from 'vitest';
import { run } from '../src/main.ts';

// The CLI against the standalone mock server over HTTP. Its sleeps move the mock's virtual clock
// instead of waiting, so a minute-long rate-limit window passes in no time.
async function cliAgainstMock(eligibilityPerMinute = 100, future: MockServiceOptions['future'] = {}) {
  const mock = await startServer({
    port: 0,
    rateLimit: { eligibility: { test: { limit: eligibilityPerMinute, windowMs: 60_000 } } },
    future,
  });
  onTestFinished(() => mock.close());
  const output = {
    out: [] as string[],
    error: [] as string[],
    progress: [] as string[],
    sleeps: [] as number[],
  };
  const cli = {
    glm: new Glm({ apiKey: mock.service.keys.test, baseUrl: mock.url, logLevel: 'off' }),
    out: (line: string) => output.out.push(line),
    error: (line: string) => output.error.push(line),
    progress: (line: string) => output.progress.push(line),
    sleep: async (ms: number) => {
      output.sleeps.push(ms);
      mock.service.clock.advance(ms);
    },
  };
  const exec = async (...argv: string[]) => {
    output.out.length = 0;
    output.error.length = 0;
    return run(argv, cli);
  };
  return { exec, output };
}

test('a link is created, listed, cancelled with a reason, and listed as cancelled', async () => {
  const { exec, output } = await cliAgainstMock();

  expect(
    await exec('create', '--amount', '2599', '--description', 'Knee brace', '--email', 'ada@example.com'),
  ).toBe(0);
  const id = output.out[0]?.split(' ')[0] ?? '';
  expect(output.out[0]).toMatch(
    /^plink_\w+ {2}active {5}\s+\$25\.99 {2}Knee brace {2}http:\/\/127\.0\.0\.1:\d+\/pay\/plink_/,
  );
  expect(await exec('list', '--status', 'active')).toBe(0);
  expect(output.out).toHaveLength(1);
  expect(await exec('cancel', id, '--reason', 'typo in the amount')).toBe(0);
  expect(output.out[0]).toContain(`${id}  cancelled`);
  expect(await exec('list', '--status', 'active')).toBe(0);
  expect(output.out).toEqual([]);
  expect(await exec('list', '--status', 'cancelled')).toBe(0);
  expect(output.out.map((line) => line.split(' ')[0])).toEqual([id]);
});

// Tomorrow's API: new members and a status value this CLI does not list are printed as they come, never
// a crash; the list's filter sends only the statuses the CLI knows.
test.each(['fields', 'enums'] as const)(
  'under future mode %s, create, list and cancel still exit 0',
  async (mode) => {
    const { exec, output } = await cliAgainstMock(100, { [mode]: true });

    expect(await exec('create', '--amount', '2599', '--description', 'Knee brace')).toBe(0);
    const id = output.out[0]?.split(' ')[0] ?? '';
    expect(await exec('list')).toBe(0);
    expect(output.out.map((line) => line.split(/ +/).slice(0, 2))).toEqual([
      [id, mode === 'enums' ? 'future_status' : 'active'],
    ]);
    expect(await exec('cancel', id)).toBe(0);
  },
);

test('cancelling a link twice exits 1 with the service code and message', async () => {
  const { exec, output } = await cliAgainstMock();
  await exec('create', '--amount', '1000', '--description', 'Deposit');
  const id = output.out[0]?.split(' ')[0] ?? '';
  await exec('cancel', id);

  expect(await exec('cancel', id)).toBe(1);
  expect(output.error).toEqual([expect.stringMatching(/^invalid_state: .*cancelled/)]);
});

test('a bad command, a bad flag or a missing amount prints the usage and exits 2', async () => {
  const { exec, output } = await cliAgainstMock();

  const codes = [
    await exec('refund'),
    await exec('list', '--status', 'open'),
    await exec('create', '--description', 'x'),
  ];

  expect(codes).toEqual([2, 2, 2]);
  expect(output.error[0]).toMatch(/^usage: payment-links create/);
  expect(await exec('list', '--colour')).toBe(2);
});

test('a bulk check is paced 100 ms apart and reports every answer with its progress', async () => {
  const { exec, output } = await cliAgainstMock();

  const code = await exec('check', 'Digital Thermometer', 'Coffee Mug', 'Reading Glasses +2.0');

  expect(code).toBe(0);
  expect(output.sleeps).toEqual([100, 100]);
  expect(output.progress.at(-1)).toBe('[####################] 3/3 checked, 2 eligible');
  expect(output.out).toEqual([
    expect.stringMatching(/^Digital Thermometer: eligible \(auto_substantiation\): /),
    expect.stringMatching(/^Coffee Mug: not eligible: /),
    expect.stringMatching(/^Reading Glasses \+2\.0: eligible \(vision\): /),
  ]);
});

test('past the per-minute limit the check waits as long as the service asks, shows it, and finishes', async () => {
  const { exec, output } = await cliAgainstMock(3);

  const code = await exec(
    'check',
    'Thermometer',
    'Bandages',
    'Sunscreen SPF 50',
    'Coffee Mug',
    '--spacing-ms',
    '10',
  );

  expect(code).toBe(0);
  expect(output.out).toHaveLength(4);
  const [spacing, wait, rest] = [output.sleeps.slice(0, 3), output.sleeps[3], output.sleeps.slice(4)];
  expect(spacing).toEqual([10, 10, 10]);
  // Three checks in the first 20 ms of the window; the fourth, at 30 ms, waits for the first to leave it
  // (Retry-After is in whole seconds, so the wait may round up to the minute).
  expect(wait).toBeGreaterThanOrEqual(60_000 - 30);
  expect(wait).toBeLessThanOrEqual(60_000);
  expect(rest).toEqual([]);
  expect(output.progress).toEqual([
    '[#####---------------] 1/4 checked, 1 eligible',
    '[##########----------] 2/4 checked, 2 eligible',
    '[###############-----] 3/4 checked, 3 eligible',
    '[###############-----] 3/4 checked, 3 eligible, rate limited: waiting 60 s',
    '[####################] 4/4 checked, 3 eligible',
  ]);
});
