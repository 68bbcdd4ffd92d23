import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type RunningServer, startServer } from '../../adapters/node.ts';

// The committed bin entry (bin/glm-mock.js, which imports ../dist/cli.js) in front of the CLI built from
// the current sources the way the package build does (one ESM file for Node 20), in a temporary
// package directory, so the test never runs a stale dist.
let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glm-mock-bin-'));
  await mkdir(join(dir, 'bin'));
  await copyFile(
    fileURLToPath(new URL('../../../bin/glm-mock.js', import.meta.url)),
    join(dir, 'bin', 'glm-mock.js'),
  );
  await build({
    entryPoints: [fileURLToPath(new URL('../main.ts', import.meta.url))],
    outfile: join(dir, 'dist', 'cli.js'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    conditions: ['@glm/source'],
    logLevel: 'silent',
  });
  server = await startServer({ port: 0, host: '127.0.0.1', clock: 'system' });
}, 30_000);
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs `glm-mock <args>` in a child process (asynchronously: the server answers from this one). */
function glmMock(args: readonly string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(dir, 'bin', 'glm-mock.js'), ...args],
      { env: { PATH: process.env['PATH'] ?? '', ...env }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

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
