import { spawn } from 'node:child_process';
import { chmod, chown, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import module from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type BuiltCli, buildCli } from '../support/built-cli.ts';

// On Node 20, which has no compile cache of its own, the bin keeps V8's compiled code of the CLI between
// starts. Whatever state the cache is in (absent, present, garbage, not writable), `glm-mock serve` prints
// its listening line first and answers; a missing or refused cache is written whole. Later Nodes use
// Node's own cache, which the bin turns on, and never reach this one.
const node20 = !('enableCompileCache' in module);

let cli: BuiltCli;

beforeAll(async () => {
  cli = await buildCli({ codeCache: true });
}, 60_000);
afterAll(() => cli?.remove());

/** Starts `glm-mock serve`, reads its first line, sends one unauthenticated request (a 401), and stops it. */
function serveOnce(env: Record<string, string>): Promise<{ firstLine: string; status: number }> {
  const child = spawn(process.execPath, [cli.bin, 'serve', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env['PATH'] ?? '', ...env },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    const onExit = (code: number | null) => reject(new Error(`glm-mock serve exited ${code}: ${err}`));
    child.once('exit', onExit);
    child.stdout.on('data', async (chunk: Buffer) => {
      const first = out === '' || !out.includes('\n');
      out += chunk.toString();
      if (!first || !out.includes('\n')) return;
      const firstLine = out.split('\n')[0] ?? '';
      const url = /^glm-mock listening on (\S+)$/.exec(firstLine)?.[1];
      const status = url === undefined ? 0 : (await fetch(`${url}/v2/orders/ord_none`)).status;
      child.off('exit', onExit);
      child.once('exit', () => resolve({ firstLine, status }));
      child.kill('SIGTERM');
    });
  });
}

async function cacheFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) found.push(join(entry.parentPath, entry.name));
  }
  return found;
}

const listening = /^glm-mock listening on http:\/\/127\.0\.0\.1:\d+$/;

test.runIf(node20)(
  'serve starts with the cache absent, writes it whole, and starts again from it unchanged',
  async () => {
    const root = join(cli.dir, 'cache-absent');
    const started = await serveOnce({ NODE_COMPILE_CACHE: root });
    expect(started).toEqual({ firstLine: expect.stringMatching(listening), status: 401 });
    const [file, ...others] = await cacheFiles(root);
    expect(others).toEqual([]);
    expect(file).toMatch(/glm-mock-0\.0\.0-test-node-[\d.]+-v8-\d+[\\/]cli-\d+-\d+\.v8-cache$/);
    const written = await stat(file ?? '');
    expect(written.size).toBeGreaterThan(0);

    const again = await serveOnce({ NODE_COMPILE_CACHE: root });
    expect(again).toEqual({ firstLine: expect.stringMatching(listening), status: 401 });
    expect((await stat(file ?? '')).mtimeMs).toBe(written.mtimeMs);
  },
  60_000,
);

test.runIf(node20)(
  'serve starts over a garbage cache file and replaces it with V8 code',
  async () => {
    const root = join(cli.dir, 'cache-garbage');
    await serveOnce({ NODE_COMPILE_CACHE: root });
    const [file] = await cacheFiles(root);
    await writeFile(file ?? '', 'not V8 code at all');

    const started = await serveOnce({ NODE_COMPILE_CACHE: root });
    expect(started).toEqual({ firstLine: expect.stringMatching(listening), status: 401 });
    expect(await cacheFiles(root)).toEqual([file]);
    const rewritten = await stat(file ?? '');
    expect(rewritten.size).toBeGreaterThan(1000);

    // V8 takes the rewritten code: the next start leaves the file as it is.
    await serveOnce({ NODE_COMPILE_CACHE: root });
    expect((await stat(file ?? '')).mtimeMs).toBe(rewritten.mtimeMs);
  },
  60_000,
);

test.runIf(node20)(
  'serve starts when the cache directory cannot be created or is read-only',
  async () => {
    // A cache path below a plain file can never be created, whoever runs the test (root included).
    const blocker = join(cli.dir, 'a-file');
    await writeFile(blocker, '');
    const started = await serveOnce({ NODE_COMPILE_CACHE: join(blocker, 'cache') });
    expect(started).toEqual({ firstLine: expect.stringMatching(listening), status: 401 });

    const readOnly = join(cli.dir, 'cache-read-only');
    await mkdir(readOnly);
    await chmod(readOnly, 0o555);
    const again = await serveOnce({ NODE_COMPILE_CACHE: readOnly });
    expect(again).toEqual({ firstLine: expect.stringMatching(listening), status: 401 });
  },
  60_000,
);

// Only root can give a file to another user; elsewhere the check is left to root's runs (the containers').
test.runIf(node20 && process.getuid?.() === 0)(
  "serve never runs another user's cached code: it compiles afresh and writes its own",
  async () => {
    const root = join(cli.dir, 'cache-foreign');
    await serveOnce({ NODE_COMPILE_CACHE: root });
    const [file] = await cacheFiles(root);
    await chown(file ?? '', 4242, 4242);

    const started = await serveOnce({ NODE_COMPILE_CACHE: root });
    expect(started).toEqual({ firstLine: expect.stringMatching(listening), status: 401 });
    expect((await stat(file ?? '')).uid).toBe(0);
  },
  60_000,
);

test('with NODE_DISABLE_COMPILE_CACHE=1 serve starts and writes no cache', async () => {
  const root = join(cli.dir, 'cache-disabled');
  const started = await serveOnce({ NODE_COMPILE_CACHE: root, NODE_DISABLE_COMPILE_CACHE: '1' });
  expect(started).toEqual({ firstLine: expect.stringMatching(listening), status: 401 });
  await expect(stat(root)).rejects.toMatchObject({ code: 'ENOENT' });
}, 60_000);

test.skipIf(node20)(
  'on a Node with its own compile cache, the bin uses that one and not its own',
  async () => {
    const root = join(cli.dir, 'cache-node-own');
    const started = await serveOnce({ NODE_COMPILE_CACHE: root });
    expect(started).toEqual({ firstLine: expect.stringMatching(listening), status: 401 });
    const files = await cacheFiles(root);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => file.endsWith('.v8-cache'))).toEqual([]);
  },
  60_000,
);
