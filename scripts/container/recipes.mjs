// The recipes of examples/container-recipes/ run against the image the container step built: the
// Testcontainers suite for real, the GitHub Actions job's service and `docker run` steps as parsed from
// its YAML, and the compose file with Debian's docker-compose (validated only, saying why, when it cannot
// run here). Installed with npm in a project outside the workspace, as a team's repository is, kept in
// node_modules/.cache/glm-container-recipes as the next run's cache.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { docker, dockerOk, installMissing } from './docker-engine.mjs';

const recipes = new URL('../../examples/container-recipes/', import.meta.url).pathname;

function fail(message) {
  throw new Error(message);
}

/**
 * The recipes' project, as a team's repository: the example's files with its dependencies installed by
 * npm. Kept in node_modules/.cache/ so a later run installs again only when package.json changed.
 */
function installProject() {
  const project = new URL('../../node_modules/.cache/glm-container-recipes/', import.meta.url).pathname;
  const manifest = readFileSync(join(recipes, 'package.json'), 'utf8');
  const installedFor = join(project, '.installed-package.json');
  const installed = existsSync(installedFor) && readFileSync(installedFor, 'utf8') === manifest;
  if (!installed) rmSync(project, { recursive: true, force: true });
  for (const entry of ['testcontainers', 'compose', 'github-actions']) {
    rmSync(join(project, entry), { recursive: true, force: true });
    cpSync(join(recipes, entry), join(project, entry), { recursive: true });
  }
  cpSync(join(recipes, 'package.json'), join(project, 'package.json'));
  if (installed) return project;
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: project,
    encoding: 'utf8',
  });
  if (install.status !== 0) fail(`npm install of the recipes failed:\n${install.stdout}${install.stderr}`);
  writeFileSync(installedFor, manifest);
  return project;
}

function runTestcontainers(project, { image }) {
  // Ryuk, Testcontainers' reaper, is an image from a registry: this machine has none, and the suite
  // stops its container itself. Without Docker's bridge network Testcontainers cannot look the host up
  // from the bridge's gateway: the host override names it.
  const run = spawnSync('npm', ['test', '--silent'], {
    cwd: project,
    stdio: 'inherit',
    env: {
      ...process.env,
      GLM_MOCK_IMAGE: image,
      GLM_MOCK_NETWORK: 'host',
      TESTCONTAINERS_RYUK_DISABLED: 'true',
      TESTCONTAINERS_HOST_OVERRIDE: '127.0.0.1',
    },
    timeout: 180_000,
  });
  const left = docker([
    'ps',
    '-aq',
    '--filter',
    `ancestor=${image}`,
    '--filter',
    'label=org.testcontainers=true',
  ]).stdout?.trim();
  if (left) docker(['rm', '-f', ...left.split('\n')]);
  if (run.status !== 0) fail('the Testcontainers suite failed');
  if (left) fail('the Testcontainers suite left its container running');
}

async function waitHealthy(name) {
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (docker(['inspect', '-f', '{{.State.Health.Status}}', name]).stdout?.trim() === 'healthy') return;
    await sleep(100);
  }
  fail(`${name} not healthy within 60 s: ${docker(['logs', name]).stderr}`);
}

/** The Actions job as its YAML says: the service with its env, then each `docker run` step, on a free port. */
async function runActionsJob(project, { image, label, freePort }) {
  const { parse } = createRequire(join(project, 'package.json'))('yaml');
  const workflow = parse(readFileSync(join(project, 'github-actions/glm-mock-service.yml'), 'utf8'));
  const job = workflow.jobs.test;
  const service = job.services['glm-mock'];
  if (service.env.GLM_MOCK_TEST_KEY !== workflow.env.GLM_API_KEY)
    fail('the service key is not the workflow’s GLM_API_KEY');
  const runs = job.steps.map((step) => step.run).filter((run) => typeof run === 'string');
  if (!runs.includes('npm test')) fail('the Actions job runs no npm test');
  const port = await freePort();
  const name = `glm-ct-${process.pid}-actions`;
  const env = Object.entries(service.env).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  dockerOk([
    'run',
    '-d',
    '--name',
    name,
    '--network',
    'host',
    '--label',
    label,
    '-e',
    'GLM_MOCK_HOST=127.0.0.1',
    '-e',
    `GLM_MOCK_PORT=${port}`,
    ...env,
    image,
  ]);
  try {
    await waitHealthy(name);
    const stepEnv = { ...process.env, ...workflow.env, GLM_BASE_URL: `http://127.0.0.1:${port}` };
    for (const run of runs.filter((command) => command.startsWith('docker run '))) {
      const command = run.replaceAll(service.image, image);
      const result = spawnSync('bash', ['-c', command], { env: stepEnv, encoding: 'utf8', timeout: 120_000 });
      if (result.status !== 0)
        fail(`the Actions step \`${run}\` failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
    }
    return runs.filter((command) => command.startsWith('docker run ')).length;
  } finally {
    docker(['rm', '-f', name]);
  }
}

/** Runs the compose file with docker-compose when this machine can; answers what happened. */
function runCompose(project, { image, shopImage }) {
  const dir = join(project, 'compose');
  if (!installMissing({ 'docker-compose': 'docker-compose' }))
    return 'not run: docker-compose cannot be installed here';
  const env = { ...process.env, GLM_MOCK_IMAGE: image, SHOP_IMAGE: shopImage };
  const compose = (args, options = {}) =>
    spawnSync('docker-compose', ['-p', `glmct${process.pid}`, ...args], {
      cwd: dir,
      env,
      encoding: 'utf8',
      ...options,
    });
  const config = compose(['config', '-q']);
  if (config.status !== 0) fail(`docker-compose config refused compose.yaml: ${config.stderr}`);
  try {
    const up = compose(['up', '--exit-code-from', 'shop', '--abort-on-container-exit'], { timeout: 180_000 });
    const output = `${up.stdout}${up.stderr}`;
    if (up.status === 0 && /shop: received order\.completed \S+ \(signature valid\)/.test(output)) {
      return 'ran: the shop received order.completed by service name, signature valid';
    }
    if (/network|iptables|bridge/i.test(output) && !/shop: asked for/.test(output)) {
      return `validated only (docker-compose config): its network cannot be made here: ${output.trim().split('\n').at(-1)}`;
    }
    fail(`docker-compose up failed (exit ${up.status}):\n${output}`);
  } finally {
    compose(['down', '-v', '--remove-orphans']);
  }
}

/** Runs every recipe against `image`; `shopImage` is a Node image for the compose file's shop. */
export async function runRecipes({ image, label, freePort, say, shopImage }) {
  const project = installProject();
  runTestcontainers(project, { image });
  say('Testcontainers suite: the image started, healthy, a merchant per test file, stopped');
  const steps = await runActionsJob(project, { image, label, freePort });
  say(`GitHub Actions job (parsed): its service and its ${steps} docker run steps pass`);
  say(`compose.yaml: ${runCompose(project, { image, shopImage })}`);
}
