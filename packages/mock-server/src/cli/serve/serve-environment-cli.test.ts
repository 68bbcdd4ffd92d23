import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { collector } from '../../../test/support/cli-output.ts';
import type { RunningServer } from '../../adapters/node.ts';
import { runCli } from '../run-cli.ts';

const TEST_KEY = `glm_test_${'A1b2C3d4E5f6G7h8'}.${'t'.repeat(32)}`;
const LIVE_KEY = `glm_live_${'Z9y8X7w6V5u4T3s2'}.${'l'.repeat(32)}`;

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function serveWith(env: Record<string, string>, args: readonly string[] = []) {
  const output = collector(env);
  const outcome = await runCli(['serve', ...args], output.io);
  if (outcome.kind !== 'serving') throw new Error(`not serving: ${output.stderr()}`);
  running.push(outcome.server);
  return { server: outcome.server, stdout: output.stdout(), lines: output.stdout().trimEnd().split('\n') };
}

test('a server configured from the environment alone: port, keys and a fault rule from GLM_MOCK_FAULTS', async () => {
  const { server, stdout, lines } = await serveWith({
    GLM_MOCK_PORT: '0',
    GLM_MOCK_TEST_KEY: TEST_KEY,
    GLM_MOCK_LIVE_KEY: LIVE_KEY,
    GLM_MOCK_FAULTS: 'GET /v2/products 503 x1',
    GLM_MOCK_RATE_LIMIT: 'off',
  });
  expect(lines[0]).toBe(`glm-mock listening on ${server.url}`);
  expect(lines).toContain(`test key: ${TEST_KEY}`);
  expect(lines.at(-1)).toBe(`GLM_API_KEY=${TEST_KEY}`);
  // The live key someone fixed in their CI file is theirs already: the log shows its start only.
  expect(stdout).not.toContain(LIVE_KEY);
  expect(lines).toContain('live key: glm_live_Z9y8… (given; not printed)');
  const get = () =>
    fetch(`${server.url}/api/v2/products`, { headers: { authorization: `Bearer ${TEST_KEY}` } });
  expect((await get()).status).toBe(503);
  expect((await get()).status).toBe(200);
  const live = await fetch(`${server.url}/api/v2/products`, {
    headers: { authorization: `Bearer ${LIVE_KEY}` },
  });
  expect(live.status).toBe(200);
});

test('a flag beats its variable, which is then not read (a bad one is not refused)', async () => {
  const { server } = await serveWith({ GLM_MOCK_PORT: 'eighty', GLM_MOCK_HOST: '256.0.0.1' }, [
    '--port',
    '0',
    '--host',
    '127.0.0.1',
  ]);
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

test('GLM_MOCK_FAULTS rules are installed before the --fault rules', async () => {
  const { lines } = await serveWith({ GLM_MOCK_PORT: '0', GLM_MOCK_FAULTS: 'POST /v2/checkout 503' }, [
    '--fault',
    'GET /v2/orders/:id timeout',
  ]);
  const faults = lines
    .filter((line) => line.startsWith('fault: '))
    .map((line) => line.split(' ').slice(2).join(' '));
  expect(faults).toEqual(['POST /v2/checkout', 'GET /v2/orders/:id']);
});

test.each([
  ['GLM_MOCK_PORT', '70000', /^glm-mock: GLM_MOCK_PORT must be 0–65535, not 70000\./],
  ['GLM_MOCK_RATE_LIMIT', 'fast', /^glm-mock: GLM_MOCK_RATE_LIMIT must be off or <n>\/s/],
  ['GLM_MOCK_JOURNAL_SIZE', '-1', /^glm-mock: GLM_MOCK_JOURNAL_SIZE must be a whole number/],
  ['GLM_MOCK_MAX_MERCHANTS', '0', /^glm-mock: GLM_MOCK_MAX_MERCHANTS must be a whole number of at least 1/],
  ['GLM_MOCK_MAX_OBJECTS', 'many', /^glm-mock: GLM_MOCK_MAX_OBJECTS must be a whole number of at least 1/],
  ['GLM_MOCK_DEMO', 'yes', /^glm-mock: GLM_MOCK_DEMO must be 1 \(on\) or 0 \(off\), not yes\./],
  [
    'GLM_MOCK_FAULTS',
    'POST /v2/checkout 999',
    /^glm-mock: GLM_MOCK_FAULTS line 1: "POST \/v2\/checkout 999".*expected <METHOD> <path>/,
  ],
  [
    'GLM_MOCK_TEST_KEY',
    LIVE_KEY,
    /^glm-mock: GLM_MOCK_TEST_KEY is not a well-formed test key \(glm_test_<16>\.<32>\): it is a live key\./,
  ],
  ['GLM_MOCK_LIVE_KEY', 'glm_live_short', /^glm-mock: GLM_MOCK_LIVE_KEY is not a well-formed live key/],
  [
    'GLM_MOCK_SEED',
    '/nowhere/seed.json',
    /^glm-mock: GLM_MOCK_SEED: cannot read seed file \/nowhere\/seed\.json/,
  ],
  ['GLM_MOCK_SNAPSHOT', '/nowhere/snapshot.json', /^glm-mock: GLM_MOCK_SNAPSHOT: cannot read snapshot file/],
  ['GLM_MOCK_FRESH', '1', /^glm-mock: GLM_MOCK_FRESH needs GLM_MOCK_DATA \(or --data DIR\)\./],
])(
  '%s=%s is refused in one line naming the variable and its form, exit 2, nothing served',
  async (name, value, message) => {
    const output = collector({ GLM_MOCK_PORT: '0', [name]: value });
    expect(await runCli(['serve'], output.io)).toEqual({ kind: 'exit', code: 2 });
    expect(output.stderr()).toMatch(message);
    expect(output.stderr().trimEnd().split('\n')).toHaveLength(1);
    expect(output.stdout()).toBe('');
    // A refused key is never repeated back: a log must not hold it.
    if (name.endsWith('_KEY')) expect(output.stderr()).not.toContain(value);
  },
);

test('GLM_MOCK_DATA keeps the state in a directory, as --data does', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'glm-mock-env-data-'));
  try {
    const first = await serveWith({ GLM_MOCK_PORT: '0', GLM_MOCK_DATA: dir, GLM_MOCK_TEST_KEY: TEST_KEY });
    expect(first.lines[1]).toBe(`data: ${dir} (new)`);
    await first.server.close();
    running.splice(running.indexOf(first.server), 1);
    const second = await serveWith({ GLM_MOCK_PORT: '0', GLM_MOCK_DATA: dir });
    expect(second.lines[1]).toBe(`data: ${dir} (state restored)`);
    expect(second.lines).toContain(`test key: ${TEST_KEY}`);
  } finally {
    await Promise.all(running.splice(0).map((server) => server.close()));
    await rm(dir, { recursive: true, force: true });
  }
});

test('serve --help lists every variable', async () => {
  const output = collector();
  await runCli(['serve', '--help'], output.io);
  for (const name of [
    'GLM_MOCK_PORT',
    'GLM_MOCK_HOST',
    'GLM_MOCK_TEST_KEY',
    'GLM_MOCK_LIVE_KEY',
    'GLM_MOCK_DASHBOARD_TOKEN',
    'GLM_MOCK_SEED',
    'GLM_MOCK_SNAPSHOT',
    'GLM_MOCK_DATA',
    'GLM_MOCK_FAULTS',
    'GLM_MOCK_RATE_LIMIT',
    'GLM_MOCK_MAX_OBJECTS',
    'GLM_MOCK_MAX_MERCHANTS',
    'GLM_MOCK_JOURNAL_SIZE',
    'GLM_MOCK_ALLOWED_ORIGINS',
    'GLM_MOCK_DEMO',
    'GLM_MOCK_FRESH',
  ]) {
    expect(output.stdout()).toContain(name);
  }
});
