import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { collector } from '../support/cli-output.ts';

// A plain `glm-mock serve` loads none of the modules that only some options need, nor the hosted pages'
// and the dashboard's own modules; each is loaded when its option is given or its page first asked for. Each module is replaced by itself with a load counted, and the CLI is loaded afresh
// after them (the project's test files share one module registry).
const ON_DEMAND = {
  data: '../../src/cli/serve/serve-data.ts',
  seedFile: '../../src/cli/serve/seed-file.ts',
  coverageOut: '../../src/cli/serve/coverage-out.ts',
  future: '../../src/cli/serve/future-flag.ts',
  demo: '../../src/cli/serve/demo.ts',
  checkoutPage: '../../src/pages/checkout/hosted-checkout.ts',
  paymentLinkPage: '../../src/pages/checkout/payment-link-page.ts',
  dashboard: '../../src/pages/dashboard/dashboard.ts',
} as const;

const NO_PAGES = { checkoutPage: 0, paymentLinkPage: 0, dashboard: 0 };

// Loading the CLI afresh and starting three servers takes seconds on a busy machine (hence the timeout).
const loads: Record<string, number> = {};

beforeAll(() => {
  vi.resetModules();
  for (const [name, path] of Object.entries(ON_DEMAND)) {
    loads[name] = 0;
    vi.doMock(path, async (importOriginal) => {
      loads[name] = (loads[name] ?? 0) + 1;
      return importOriginal();
    });
  }
});

afterAll(() => {
  for (const path of Object.values(ON_DEMAND)) vi.doUnmock(path);
  vi.resetModules();
});

async function started(args: readonly string[]) {
  const { runCli } = await import('../../src/cli/run-cli.ts');
  const output = collector({});
  const outcome = await runCli(['serve', '--port', '0', ...args], output.io);
  if (outcome.kind !== 'serving') throw new Error(`not serving: ${output.stderr()}`);
  return { server: outcome.server, firstLine: output.stdout().split('\n')[0] };
}

async function serve(args: readonly string[]) {
  const { server, firstLine } = await started(args);
  await server.close();
  return firstLine;
}

test('a plain serve answers without loading the data directory, seed, coverage, future or demo code; each option loads its own', async () => {
  expect(await serve([])).toMatch(/^glm-mock listening on http:\/\/127\.0\.0\.1:\d+$/);
  expect(loads).toEqual({ data: 0, seedFile: 0, coverageOut: 0, future: 0, demo: 0, ...NO_PAGES });

  const dir = await mkdtemp(join(tmpdir(), 'glm-on-demand-'));
  try {
    await serve([
      '--data',
      join(dir, 'data'),
      '--coverage-out',
      join(dir, 'coverage.json'),
      '--future',
      'fields',
    ]);
    expect(loads).toEqual({ data: 1, seedFile: 0, coverageOut: 1, future: 1, demo: 0, ...NO_PAGES });
    await serve(['--demo']);
    expect(loads).toMatchObject({ data: 1, seedFile: 0, coverageOut: 1, future: 1, demo: 1 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 60_000);

test('the hosted checkout, payment link and dashboard modules load on their first request, once', async () => {
  const { server } = await started([]);
  const pages = () => ({
    checkoutPage: loads['checkoutPage'],
    paymentLinkPage: loads['paymentLinkPage'],
    dashboard: loads['dashboard'],
  });
  try {
    const before = pages();
    const status = async (path: string) =>
      (await fetch(`${server.url}${path}`, { redirect: 'manual' })).status;
    expect(await status('/checkout/cs_unknown')).toBe(404);
    expect(pages()).toEqual({ ...before, checkoutPage: 1 });
    expect(await status('/pay/plink_unknown')).toBe(404);
    expect(await status('/dashboard')).toBe(403);
    expect(await status('/checkout/cs_unknown')).toBe(404);
    expect(pages()).toEqual({ checkoutPage: 1, paymentLinkPage: 1, dashboard: 1 });
  } finally {
    await server.close();
  }
}, 60_000);
