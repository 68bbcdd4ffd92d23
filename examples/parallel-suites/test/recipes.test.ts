import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from '@glm/mock-server/node';
import { Glm } from '@glm/sdk';
import { expect, test } from 'vitest';

// The guides' recipes for parallel suites (docs/guides/parallel-suites.md, and the Vitest one in
// docs/guides/in-process-msw.md) are these files, shown verbatim. The Vitest one
// runs as a test of this project, the CI script runs here, and the Playwright fixture runs under
// Playwright against the built `glm-mock serve` after the build (`test:built`: run-playwright.mjs).

const here = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));
const guide = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../docs/guides/${name}`, import.meta.url)), 'utf8');
const readme = [guide('parallel-suites.md'), guide('in-process-msw.md')].join('\n');

const run = (file: string, args: readonly string[], env: Record<string, string>) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [file, ...args],
      { cwd: here(''), env: { ...process.env, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        resolve({
          code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1,
          stdout,
          stderr,
        });
      },
    );
  });

test.each(['playwright/fixtures.ts', 'test/concurrent.test.ts', 'ci/merchant-env.mjs'])(
  'the README shows %s as it is',
  (file) => {
    expect(readme).toContain(readFileSync(here(file), 'utf8').trim());
  },
);

test('a CI job gets its own merchant from the script, works with its key, and removes it', async () => {
  const server = await startServer({ rateLimit: false });
  try {
    const env = { GLM_BASE_URL: server.url, GLM_API_KEY: server.service.keys.test, GITHUB_JOB: 'unit' };
    const made = await run(here('ci/merchant-env.mjs'), [], env);
    expect(made.code, made.stderr).toBe(0);
    const lines = Object.fromEntries(
      made.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('=')),
    );
    const mine = new Glm({ apiKey: lines['GLM_API_KEY'], baseUrl: server.url, logLevel: 'off' });
    expect(await mine.testHelpers.merchants.current()).toMatchObject({
      id: lines['GLM_MERCHANT_ID'],
      name: 'unit',
    });
    const removed = await run(here('ci/merchant-env.mjs'), ['--remove'], {
      ...env,
      GLM_API_KEY: lines['GLM_API_KEY'] ?? '',
    });
    expect(removed.code, removed.stderr).toBe(0);
    const again = await run(here('ci/merchant-env.mjs'), ['--remove'], {
      ...env,
      GLM_API_KEY: lines['GLM_API_KEY'] ?? '',
    });
    expect([again.code, again.stderr]).toEqual([1, expect.stringContaining('glm-mock answered 401')]);
  } finally {
    await server.close();
  }
}, 60_000);
