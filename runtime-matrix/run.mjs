// The runtime matrix, one step of `pnpm test`: the SDK's and mock server's runtime-sensitive
// tests on Node 22 and 24 (Node 20, the machine's, already ran every test in the unit-test step; the rule
// that picks them is in runtime-sensitive.mjs), the msw adapter on msw 3 under Node 22 and 24, the SDK's
// core and webhooks entries smoke-tested on Bun and Deno, and the built SDK in workerd,
// Vercel's Edge runtime and a Chromium page, and a merchant app bundled by webpack 5, Vite and esbuild,
// all against the standalone server running under Node. Runs every step, then exits non-zero if any failed.
// Options: --only <name>[,<name>] (node22, node24, msw3-node22, msw3-node24, bun, deno, workerd,
// edge-runtime, chromium, bundlers); --list prints the runtime-sensitive tests, each with the reason it was
// picked, and exits.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runtimeSensitiveTests } from './runtime-sensitive.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const require = createRequire(import.meta.url);
// Node binaries come from the npm registry's `node` package, cached by npx after the first run.
const onNode = (major, args) => ['npx', ['-y', '-p', `node@${major}`, 'node', ...args]];

// pnpm does not run bun's postinstall (which copies the platform binary over bin/bun.exe), so the
// binary is taken from the platform package that bun installs as an optional dependency.
function bunBinary() {
  const bunPackage = require.resolve('bun/package.json');
  const fromBun = createRequire(bunPackage);
  for (const name of [`@oven/bun-${platform()}-${arch()}`, `@oven/bun-${platform()}-${arch()}-baseline`]) {
    try {
      const binary = join(dirname(fromBun.resolve(`${name}/package.json`)), 'bin', 'bun');
      if (existsSync(binary)) return binary;
    } catch {
      // Not installed for this platform; try the next.
    }
  }
  return join(dirname(bunPackage), 'bin', 'bun.exe');
}
const denoBinary = () => join(here, 'node_modules/.bin/deno');

function startSmokeServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, 'smoke/serve.mjs')], {
      cwd: here,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let seen = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`smoke server exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      seen += chunk.toString('utf8');
      if (!seen.includes('\n')) return;
      child.removeAllListeners('exit');
      resolve({ ...JSON.parse(seen.split('\n')[0]), stop: () => child.kill('SIGTERM') });
    });
  });
}

// Path filters: vitest runs the test files whose path contains one of them (each is a whole path).
const runtimeSensitive = () => [
  'run',
  '--project',
  'sdk',
  '--project',
  'mock-server',
  ...runtimeSensitiveTests(root).map(({ file }) => file),
];
const msw3 = ['run', '--config', join(here, 'msw3/vitest.config.ts')];
const steps = [
  [
    'node22',
    'SDK + mock server runtime-sensitive tests on Node 22',
    () => onNode(22, [vitest, ...runtimeSensitive()]),
  ],
  [
    'node24',
    'SDK + mock server runtime-sensitive tests on Node 24',
    () => onNode(24, [vitest, ...runtimeSensitive()]),
  ],
  ['msw3-node22', 'msw adapter on msw 3, Node 22', () => onNode(22, [vitest, ...msw3])],
  ['msw3-node24', 'msw adapter on msw 3, Node 24', () => onNode(24, [vitest, ...msw3])],
  ['bun', 'SDK core + webhooks on Bun', () => [bunBinary(), [join(here, 'smoke/smoke.mjs')]], true],
  [
    'deno',
    'SDK core + webhooks on Deno',
    () => [
      denoBinary(),
      ['run', '--no-lock', '--allow-net', '--allow-env', '--allow-read', join(here, 'smoke/smoke.mjs')],
    ],
    true,
  ],
  [
    'workerd',
    'SDK main + webhooks + embed in workerd',
    () => [process.execPath, [join(here, 'workerd/run.mjs')]],
    true,
  ],
  [
    'edge-runtime',
    "SDK main + webhooks + embed in Vercel's Edge runtime",
    () => [process.execPath, [join(here, 'edge-runtime/run.mjs')]],
    true,
  ],
  [
    'chromium',
    'SDK ESM build in a Chromium page',
    () => [process.execPath, [join(here, 'browser/run.mjs')]],
    true,
  ],
  [
    'bundlers',
    'A merchant app bundled by webpack 5, Vite and esbuild (ESM + CJS)',
    () => [process.execPath, [join(here, 'bundlers/run.mjs')]],
    true,
  ],
];

const say = (line) => process.stdout.write(`${line}\n`);

const { values } = parseArgs({ options: { only: { type: 'string' }, list: { type: 'boolean' } } });
if (values.list) {
  for (const { file, reason } of runtimeSensitiveTests(root)) say(`${file}  (${reason})`);
  process.exit(0);
}
const only = values.only?.split(',');
const outcomes = [];
let server;
for (const [name, title, command, needsServer] of steps) {
  if (only !== undefined && !only.includes(name)) continue;
  say(`\n▶ runtime matrix: ${title}`);
  const started = Date.now();
  let status;
  try {
    if (needsServer && server === undefined) server = await startSmokeServer();
    const [file, args] = command();
    const env = needsServer
      ? { ...process.env, GLM_BASE_URL: server.url, GLM_API_KEY: server.key }
      : process.env;
    status = spawnSync(file, args, { cwd: root, stdio: 'inherit', env }).status;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    status = 1;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  outcomes.push([title, status === 0, seconds]);
  say(`${status === 0 ? '✔' : '✖'} ${title} (${seconds}s)`);
}
server?.stop();

say('\nRuntime matrix:');
for (const [title, ok, seconds] of outcomes) say(`  ${ok ? '✔' : '✖'} ${title} (${seconds}s)`);
process.exit(outcomes.every(([, ok]) => ok) ? 0 : 1);
