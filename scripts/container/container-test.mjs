// The "container image" step of `pnpm test`: builds the image of `glm-mock serve` from a clean clone of
// this repository's HEAD and checks it the way teams run it. Docker (Debian's docker.io) is installed
// when missing and `dockerd` started when none answers; a base made from Debian packages stands in for
// the Dockerfile's default base when that cannot be pulled. Every container runs with `--network host`
// on a free 127.0.0.1 port; whatever this step started (containers, volumes, dockerd) is stopped at the
// end, pass or fail. Without any way to run Docker it says so loudly and skips (exit 0).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { resolveBaseImage } from './base-image.mjs';
import { docker, dockerOk, startEngine } from './docker-engine.mjs';
import { runRecipes } from './recipes.mjs';

const root = new URL('../../', import.meta.url).pathname;
/** The tag the step builds; kept afterwards so the next run's build and the recipes reuse its layers. */
export const IMAGE = 'glm-mock:local';
const LABEL = `glm.container-step=${process.pid}`;
const TEST_KEY = `glm_test_${'C1c2C3c4C5c6C7c8'}.${'k'.repeat(32)}`;
const LIVE_KEY = `glm_live_${'L1l2L3l4L5l6L7l8'}.${'v'.repeat(32)}`;

const started = Date.now();
const say = (line) => console.log(`  ${line} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
const figures = [];

class CheckFailure extends Error {}
function check(condition, message) {
  if (!condition) throw new CheckFailure(message);
}

/** A free 127.0.0.1 port (the OS picks it; the container listens on it through the host network). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The `docker run` arguments every container of the step gets: host network, labelled for the clean-up. */
const runArgs = (port, env = {}) => [
  '--network',
  'host',
  '--label',
  LABEL,
  '-e',
  'GLM_MOCK_HOST=127.0.0.1',
  '-e',
  `GLM_MOCK_PORT=${port}`,
  ...Object.entries(env).flatMap(([name, value]) => ['-e', `${name}=${value}`]),
];

function cleanClone() {
  const dir = mkdtempSync(join(tmpdir(), 'glm-container-clone-'));
  const clone = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', root, dir], { encoding: 'utf8' });
  if (clone.status !== 0) throw new Error(`git clone of ${root} failed: ${clone.stderr}`);
  // A registry behind a TLS-intercepting proxy: its CA for the build stage only (scripts/container/build-ca).
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  if (ca !== undefined && existsSync(ca)) cpSync(ca, join(dir, 'scripts/container/build-ca/ca.pem'));
  return dir;
}

/** The Dockerfile's default base (its `ARG BASE_IMAGE=` line). */
function defaultBase(dir) {
  const dockerfile = readFileSync(join(dir, 'Dockerfile'), 'utf8');
  const base = /^ARG BASE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1];
  check(base !== undefined, 'the Dockerfile has no ARG BASE_IMAGE=<default>');
  return base;
}

function buildImage(dir, base) {
  // The classic builder: Debian's Docker 20.10 has no buildx plugin for a newer client to hand BuildKit to.
  const build = docker(
    ['build', '--network', 'host', '--build-arg', `BASE_IMAGE=${base}`, '-t', IMAGE, dir],
    { env: { ...process.env, DOCKER_BUILDKIT: '0' } },
  );
  if (build.status !== 0) throw new CheckFailure(`docker build failed:\n${build.stdout}\n${build.stderr}`);
}

const inspect = (format, name) => dockerOk(['inspect', '-f', format, name]).trim();

/** Waits until Docker's own health status of `name` is `healthy`; answers the seconds it took from `since`. */
async function waitHealthy(name, since) {
  for (;;) {
    const status = docker(['inspect', '-f', '{{.State.Health.Status}}', name]).stdout?.trim();
    if (status === 'healthy') return (Date.now() - since) / 1000;
    if (Date.now() - since > 60_000) throw new CheckFailure(`${name} not healthy after 60 s (${status})`);
    if (inspect('{{.State.Running}}', name) !== 'true') {
      throw new CheckFailure(`${name} exited: ${docker(['logs', name]).stderr}`);
    }
    await sleep(50);
  }
}

/** Waits until the container printed its `GLM_API_KEY=` line (the last of the serve lines). */
async function waitLines(name) {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const logs = docker(['logs', name]);
    if (/^GLM_API_KEY=/m.test(logs.stdout)) return logs.stdout.trimEnd().split('\n');
    await sleep(100);
  }
  throw new CheckFailure(`${name} printed no GLM_API_KEY line within 30 s: ${docker(['logs', name]).stderr}`);
}

const api = (port, key, path, init = {}) =>
  fetch(`http://127.0.0.1:${port}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
  });

function checkImageConfig(baseTag) {
  const user = inspect('{{.Config.User}}', IMAGE);
  check(user !== '' && user !== 'root' && user !== '0', `the image runs as ${user || 'root'}`);
  check(
    inspect('{{json .Config.ExposedPorts}}', IMAGE).includes('4010/tcp'),
    'the image does not EXPOSE 4010',
  );
  check(
    inspect('{{json .Config.Env}}', IMAGE).includes('GLM_MOCK_HOST=0.0.0.0'),
    'the image does not listen on 0.0.0.0',
  );
  check(
    inspect('{{json .Config.Healthcheck}}', IMAGE).includes('healthcheck'),
    'the image has no HEALTHCHECK',
  );
  const above = (Number(inspect('{{.Size}}', IMAGE)) - Number(inspect('{{.Size}}', baseTag))) / 1e6;
  figures.push(`image size above its base: ${above.toFixed(1)} MB`);
  say(
    `image config: user ${user}, EXPOSE 4010, 0.0.0.0 inside, HEALTHCHECK; ${above.toFixed(1)} MB above the base`,
  );
}

/** The main container: keys and a fault from the environment; first lines, health, non-root, stop. */
async function checkServing() {
  const port = await freePort();
  const name = `glm-ct-${process.pid}-serve`;
  const since = Date.now();
  dockerOk([
    'run',
    '-d',
    '--name',
    name,
    ...runArgs(port, {
      GLM_MOCK_TEST_KEY: TEST_KEY,
      GLM_MOCK_LIVE_KEY: LIVE_KEY,
      GLM_MOCK_FAULTS: 'GET /v2/products 503 x1\nPOST /v2/refunds 500 x1',
    }),
    IMAGE,
  ]);
  const healthy = await waitHealthy(name, since);
  figures.push(`docker run to healthy: ${healthy.toFixed(2)} s`);
  say(`healthy in Docker's health status ${healthy.toFixed(2)} s after docker run`);
  const lines = await waitLines(name);
  const logs = docker(['logs', name]);
  check(lines[0] === `glm-mock listening on http://127.0.0.1:${port}`, `first line: ${lines[0]}`);
  check(lines.includes(`test key: ${TEST_KEY}`), 'the test key of GLM_MOCK_TEST_KEY is not the one printed');
  check(
    lines.at(-2) === `GLM_BASE_URL=http://127.0.0.1:${port}` && lines.at(-1) === `GLM_API_KEY=${TEST_KEY}`,
    'the last lines are not GLM_BASE_URL and GLM_API_KEY',
  );
  check(!`${logs.stdout}${logs.stderr}`.includes(LIVE_KEY), 'the container printed the live key');
  check(
    lines.filter((line) => line.startsWith('fault: ')).length === 2,
    'GLM_MOCK_FAULTS rules are not listed',
  );
  say('first lines as serve prints them; keys from the environment; the live key not printed');
  const uid = dockerOk(['exec', name, 'id', '-u']).trim();
  check(uid !== '0', 'the server runs as root');
  check(
    (await api(port, TEST_KEY, '/v2/products')).status === 503,
    'the GLM_MOCK_FAULTS rule did not answer 503',
  );
  check((await api(port, TEST_KEY, '/v2/products')).status === 200, 'the env test key is refused');
  check((await api(port, LIVE_KEY, '/v2/products')).status === 200, 'the env live key is refused');
  say(`runs as uid ${uid}; the GLM_MOCK_FAULTS rule answered 503 once, then 200 with either key`);
  return { name, port };
}

/** `docker stop` gives 2 s before SIGKILL: exit code 0 says the server stopped on SIGTERM within them. */
function checkStop(name) {
  const since = Date.now();
  dockerOk(['stop', '-t', '2', name]);
  const seconds = (Date.now() - since) / 1000;
  const code = inspect('{{.State.ExitCode}}', name);
  check(code === '0', `docker stop: exit code ${code} (137 is a SIGKILL after the 2 s)`);
  figures.push(`docker stop: ${seconds.toFixed(2)} s`);
  say(`docker stop -t 2: exit 0 in ${seconds.toFixed(2)} s`);
}

/** Runs the image to completion (a refusal) and answers its exit code and output. */
function runToExit(port, env, args = []) {
  return docker(['run', '--rm', ...runArgs(port, env), IMAGE, ...args], { timeout: 60_000 });
}

async function checkSettings() {
  // A flag beats its variable, which is not even read: a bad GLM_MOCK_RATE_LIMIT is not refused.
  const port = await freePort();
  const name = `glm-ct-${process.pid}-flag`;
  dockerOk([
    'run',
    '-d',
    '--name',
    name,
    ...runArgs(port, { GLM_MOCK_RATE_LIMIT: 'fast', GLM_MOCK_DEMO: '1' }),
    IMAGE,
    'serve',
    '--rate-limit',
    'off',
    '--port',
    String(port),
  ]);
  const lines = await waitLines(name);
  check(lines[0] === `glm-mock listening on http://127.0.0.1:${port}`, `flag run: ${lines[0]}`);
  check(
    lines.some((line) => line.startsWith('demo checkout: ')),
    'GLM_MOCK_DEMO=1 loaded no demo',
  );
  dockerOk(['rm', '-f', name]);
  // A bad variable: exit 2, one line naming it.
  const bad = runToExit(await freePort(), { GLM_MOCK_RATE_LIMIT: 'fast' });
  check(bad.status === 2, `a bad GLM_MOCK_RATE_LIMIT exited ${bad.status}`);
  check(
    /^glm-mock: GLM_MOCK_RATE_LIMIT must be off or <n>\/s/.test(bad.stderr) &&
      bad.stderr.trimEnd().split('\n').length === 1,
    `a bad variable said: ${bad.stderr}`,
  );
  const badKey = runToExit(await freePort(), { GLM_MOCK_TEST_KEY: LIVE_KEY });
  check(
    badKey.status === 2 && !badKey.stderr.includes(LIVE_KEY),
    'a live key as GLM_MOCK_TEST_KEY was not refused without repeating it',
  );
  say('a flag beats its variable (a bad one unread); a bad variable exits 2 in one line naming it');
}

async function checkDataVolume() {
  const volume = dockerOk(['volume', 'create', '--label', LABEL]).trim();
  const port = await freePort();
  const first = `glm-ct-${process.pid}-data1`;
  dockerOk([
    'run',
    '-d',
    '--name',
    first,
    ...runArgs(port),
    '-v',
    `${volume}:/data`,
    IMAGE,
    'serve',
    '--data',
    '/data',
  ]);
  const lines = await waitLines(first);
  check(lines[1] === 'data: /data (new)', `first data run: ${lines[1]}`);
  const key = lines.find((line) => line.startsWith('test key: '))?.slice('test key: '.length) ?? '';
  const created = await api(port, key, '/v2/products', {
    method: 'POST',
    body: JSON.stringify({ name: 'Kept gauze', price: 499, currency: 'USD', merchant_product_id: 'kept-1' }),
  });
  check(created.status === 201, `creating a product answered ${created.status}`);
  checkStop(first);
  const second = `glm-ct-${process.pid}-data2`;
  dockerOk([
    'run',
    '-d',
    '--name',
    second,
    ...runArgs(port, { GLM_MOCK_DATA: '/data' }),
    '-v',
    `${volume}:/data`,
    IMAGE,
  ]);
  const again = await waitLines(second);
  check(again[1] === 'data: /data (state restored)', `second data run: ${again[1]}`);
  check(again.includes(`test key: ${key}`), 'a new container on the volume has other keys');
  const listed = await (await api(port, key, '/v2/products')).json();
  check(JSON.stringify(listed).includes('Kept gauze'), 'the product is gone in the new container');
  dockerOk(['rm', '-f', second]);
  // A directory the container's user may not write (a root-owned tmpfs): said so, exit 2.
  const refused = docker(
    [
      'run',
      '--rm',
      ...runArgs(await freePort()),
      '--tmpfs',
      '/data:rw,mode=0755',
      IMAGE,
      'serve',
      '--data',
      '/data',
    ],
    { timeout: 60_000 },
  );
  check(
    refused.status === 2 && /cannot be written/.test(refused.stderr),
    `an unwritable --data: exit ${refused.status}: ${refused.stderr}`,
  );
  say(
    '--data /data on a volume survives a new container with the same keys; an unwritable one exits 2 saying so',
  );
}

/** Builds the packages when they are not (`pnpm test` runs its build step before this one). */
function ensureBuilt() {
  const built = ['domain', 'sdk', 'mock-server'].every((name) =>
    existsSync(join(root, 'packages', name, 'dist')),
  );
  if (built) return;
  const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  say('the packages are not built: pnpm -r build');
  const build = spawnSync('npx', ['-y', packageManager, '-r', 'build'], { cwd: root, stdio: 'inherit' });
  check(build.status === 0, 'pnpm -r build failed');
}

function checkMerchantApp() {
  ensureBuilt();
  const command = [
    'docker',
    'run',
    '--rm',
    '--network',
    'host',
    '--label',
    LABEL,
    '-e',
    'GLM_MOCK_HOST=127.0.0.1',
    IMAGE,
  ];
  const run = spawnSync(process.execPath, [join(root, 'examples/merchant-app/run.mjs'), '--no-build'], {
    stdio: 'inherit',
    env: { ...process.env, GLM_MOCK_COMMAND: JSON.stringify(command) },
  });
  check(run.status === 0, 'the merchant app end-to-end tests failed against the container');
  say('the merchant app end-to-end tests pass against the container');
}

/** Removes every container and volume this run labelled. */
function cleanUp() {
  const containers =
    docker(['ps', '-aq', '--filter', `label=${LABEL}`])
      .stdout?.trim()
      .split('\n')
      .filter(Boolean) ?? [];
  if (containers.length > 0) docker(['rm', '-f', '-v', ...containers]);
  const volumes =
    docker(['volume', 'ls', '-q', '--filter', `label=${LABEL}`])
      .stdout?.trim()
      .split('\n')
      .filter(Boolean) ?? [];
  if (volumes.length > 0) docker(['volume', 'rm', '-f', ...volumes]);
}

async function main() {
  const engine = await startEngine();
  if (engine.reason !== undefined) {
    console.log(
      `\n⚠⚠⚠ container image step SKIPPED: ${engine.reason}. Nothing about the image was checked. ⚠⚠⚠\n`,
    );
    return 0;
  }
  let clone;
  try {
    clone = cleanClone();
    const base = resolveBaseImage(defaultBase(clone));
    say(`base image ${base.tag} (${base.how})`);
    buildImage(clone, base.tag);
    say(`built ${IMAGE} from a clean clone of HEAD`);
    checkImageConfig(base.tag);
    const serving = await checkServing();
    checkStop(serving.name);
    await checkSettings();
    await checkDataVolume();
    checkMerchantApp();
    await runRecipes({ image: IMAGE, label: LABEL, freePort, say, shopImage: base.tag });
    console.log(`  figures: ${figures.join('; ')}`);
    return 0;
  } catch (error) {
    console.error(
      `\n✖ container image: ${error instanceof CheckFailure ? error.message : (error?.stack ?? error)}`,
    );
    return 1;
  } finally {
    cleanUp();
    if (clone !== undefined) rmSync(clone, { recursive: true, force: true });
    if (engine.started) {
      await engine.stop();
      say('stopped the dockerd this step started');
    }
  }
}

process.exitCode = await main();
