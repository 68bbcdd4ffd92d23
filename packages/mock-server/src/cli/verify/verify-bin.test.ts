import { afterAll, beforeAll, expect, test } from 'vitest';
import { type BuiltCli, buildCli } from '../../../test/support/built-cli.ts';
import { type RunningServer, startServer } from '../../adapters/node.ts';

let cli: BuiltCli;
let server: RunningServer;

beforeAll(async () => {
  cli = await buildCli();
  server = await startServer({ port: 0, host: '127.0.0.1', clock: 'system' });
}, 30_000);
afterAll(async () => {
  await server.close();
  await cli.remove();
});

const glmMock = (args: readonly string[], env: Record<string, string> = {}) => cli.run(args, env);

test('the built glm-mock verify against a running server prints the table, "no drift" and exits 0', async () => {
  const run = await glmMock(['verify', '--against', server.url], { GLM_API_KEY: server.service.keys.test });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/^METHOD +PATH +CASE +EXPECTED +GOT +VERDICT +DIFFERENCE$/m);
  expect(run.stdout).toMatch(/^POST +\/products +create +201 +201 +ok$/m);
  expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^no drift \(\d+ ok, \d+ skipped\)$/);
});

test('the built glm-mock verify refuses a live key with exit 2 before any request', async () => {
  const before = server.service.requests().length;
  const run = await glmMock([
    'verify',
    '--against',
    server.url,
    '--key',
    `glm_live_${'A'.repeat(16)}.${'s'.repeat(32)}`,
  ]);
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/^glm-mock: verify refuses a live key/);
  expect(server.service.requests().length).toBe(before);
});
