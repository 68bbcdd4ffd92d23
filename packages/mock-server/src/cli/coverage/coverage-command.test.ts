import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Coverage } from '@glm/domain/test-helpers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { collector } from '../../../test/support/cli-output.ts';
import { type RunningServer, startServer } from '../../adapters/node.ts';
import { runCli } from '../run-cli.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', rateLimit: false });
});
afterAll(() => server.close());

const get = (path: string) =>
  fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${server.service.keys.test}` } });

test('prints used and missing operations as a table, reading GLM_BASE_URL and GLM_API_KEY', async () => {
  await get('/v2/products');
  const output = collector({ GLM_BASE_URL: server.url, GLM_API_KEY: server.service.keys.test });
  expect(await runCli(['coverage'], output.io)).toEqual({ kind: 'exit', code: 0 });
  const table = output.stdout();
  expect(table).toMatch(/^Coverage \(merchant\) since /);
  expect(table).toMatch(/Used operations:\n.*\n\s+listProducts\s+GET \/v2\/products\s+\d+\s+200×\d+/);
  expect(table).toMatch(/Operations never called:\n(.*\n)*\s+createRefund\s+POST \/v2\/refunds/);
  expect(table).toContain('Event types never delivered:');
});

test('--fail-under is a CI gate: exit 1 below it, 0 at or above; --json prints the report', async () => {
  const args = ['coverage', '--base-url', server.url, '--key', server.service.keys.test];
  const below = collector();
  expect(await runCli([...args, '--fail-under', '90%', '--scope', 'server'], below.io)).toEqual({
    kind: 'exit',
    code: 1,
  });
  expect(below.stderr()).toMatch(/% of operations exercised, below --fail-under 90%/);
  const above = collector();
  expect(await runCli([...args, '--fail-under', '0', '--json'], above.io)).toEqual({ kind: 'exit', code: 0 });
  expect(Coverage.parse(JSON.parse(above.stdout())).scope).toBe('merchant');
});

test('a threshold outside 0–100, a live key or an unreachable server exits 2 with one line', async () => {
  const args = ['coverage', '--base-url', server.url];
  for (const [extra, message] of [
    [['--key', server.service.keys.test, '--fail-under', '120'], /--fail-under takes a percentage/],
    [['--key', server.service.keys.test, '--fail-under=-5'], /--fail-under takes a percentage/],
    [['--key', server.service.keys.live], /test keys only/],
  ] as const) {
    const output = collector();
    expect(await runCli([...args, ...extra], output.io)).toEqual({ kind: 'exit', code: 2 });
    expect(output.stderr()).toMatch(message);
  }
  const closed = await startServer({ port: 0, host: '127.0.0.1' });
  await closed.close();
  const output = collector();
  const outcome = await runCli(
    ['coverage', '--base-url', closed.url, '--key', server.service.keys.test],
    output.io,
  );
  expect(outcome).toEqual({ kind: 'exit', code: 2 });
  expect(output.stderr()).toMatch(/cannot reach/);
});

test('serve --coverage-out writes the server-wide report on a clean stop', async () => {
  const file = join(await mkdtemp(join(tmpdir(), 'glm-coverage-')), 'coverage.json');
  const output = collector();
  const outcome = await runCli(['serve', '--port', '0', '--coverage-out', file], output.io);
  if (outcome.kind !== 'serving') throw new Error(output.stderr());
  const { url, service } = outcome.server;
  await fetch(`${url}/v2/orders`, { headers: { authorization: `Bearer ${service.keys.test}` } });
  await outcome.server.close();
  const written = Coverage.parse(JSON.parse(await readFile(file, 'utf8')));
  expect(written.scope).toBe('server');
  expect(written.operations.map((entry) => entry.operation)).toContain('listOrders');
  const refused = collector();
  const missing = join(file, 'no-such-folder', 'coverage.json');
  expect(await runCli(['serve', '--port', '0', '--coverage-out', missing], refused.io)).toEqual({
    kind: 'exit',
    code: 2,
  });
});
