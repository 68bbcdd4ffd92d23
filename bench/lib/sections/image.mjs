// The container image (the repository's Dockerfile, built by `node scripts/test.mjs container` as
// glm-mock:local): its size above its base image, and `docker run` to `healthy` in Docker's own health
// status, beside the same server started as a process and polled on /healthz (the image's check runs
// every second, so the container's figure is that interval plus the start). Host network, a free
// 127.0.0.1 port each run. Without Docker or the image, the rows say so instead of a figure.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { localBaseTag } from '../../../scripts/container/base-image.mjs';
import { startEngine } from '../../../scripts/container/docker-engine.mjs';
import { freePort } from '../free-port.mjs';
import { median, progress, runSection } from '../section.mjs';

const RUNS = 5;
const IMAGE = 'glm-mock:local';
const cli = fileURLToPath(new URL('../../../packages/mock-server/bin/glm-mock.js', import.meta.url));
const docker = (args) => spawnSync('docker', args, { encoding: 'utf8' });
const inspect = (format, name) => docker(['image', 'inspect', '-f', format, name]).stdout.trim();

/** The base the image was built on: the candidate whose layers begin the image's. */
function baseOf(image) {
  const layers = inspect('{{json .RootFS.Layers}}', image);
  const dockerfile = spawnSync('sh', ['-c', "sed -n 's/^ARG BASE_IMAGE=//p' Dockerfile"], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    encoding: 'utf8',
  }).stdout.trim();
  return [dockerfile, localBaseTag()].find((tag) => {
    const base = docker(['image', 'inspect', '-f', '{{json .RootFS.Layers}}', tag]);
    return base.status === 0 && layers.startsWith(base.stdout.trim().slice(0, -1));
  });
}

async function runToHealthyMs() {
  const port = await freePort();
  const started = performance.now();
  const run = docker([
    'run',
    '-d',
    '--network',
    'host',
    '-e',
    'GLM_MOCK_HOST=127.0.0.1',
    '-e',
    `GLM_MOCK_PORT=${port}`,
    IMAGE,
  ]);
  const id = run.stdout.trim();
  try {
    for (;;) {
      const status = docker(['inspect', '-f', '{{.State.Health.Status}}', id]).stdout.trim();
      if (status === 'healthy') return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error(`not healthy in 60 s (${status})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    docker(['rm', '-f', id]);
  }
}

async function processToHealthyMs() {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'serve', '--port', String(port)], { stdio: 'ignore' });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
  }
}

const missing = (why) =>
  [
    ['Image: size above its base', '≤ 40 MB'],
    ['Image: `docker run` to healthy', '≤ 1.5 s'],
  ].map(([figure, target]) => ({
    figure,
    baseline: '–',
    value: 'not measured',
    baselineValue: '–',
    ratio: '–',
    target,
    met: null,
    notes: why,
  }));

runSection(async () => {
  const engine = await startEngine();
  if (engine.reason !== undefined) return missing(engine.reason);
  try {
    if (docker(['image', 'inspect', IMAGE]).status !== 0) {
      return missing(`no ${IMAGE}: build it with \`node scripts/test.mjs container\``);
    }
    const base = baseOf(IMAGE);
    const above =
      base === undefined
        ? Number.NaN
        : (Number(inspect('{{.Size}}', IMAGE)) - Number(inspect('{{.Size}}', base))) / 1e6;
    const container = [];
    const processes = [];
    for (let i = 0; i < RUNS; i++) {
      container.push(await runToHealthyMs());
      processes.push(await processToHealthyMs());
    }
    const healthy = median(container);
    const ready = median(processes);
    progress(
      `image ${above.toFixed(1)} MB above ${base}; healthy ${healthy.toFixed(0)} ms, process ${ready.toFixed(0)} ms`,
    );
    return [
      {
        figure: 'Image: size above its base',
        baseline: `${base ?? 'the base (not found)'}`,
        value: `${above.toFixed(1)} MB`,
        baselineValue: `${(Number(inspect('{{.Size}}', base ?? IMAGE)) / 1e6).toFixed(0)} MB`,
        ratio: '–',
        target: '≤ 40 MB',
        met: Number.isNaN(above) ? null : above <= 40,
        notes:
          'the bundled CLI (one ESM file, no node_modules) and the health-check script; `docker image inspect` sizes',
      },
      {
        figure: 'Image: `docker run` to healthy',
        baseline: '`glm-mock serve` as a process to its first 200 on /healthz',
        value: `${(healthy / 1000).toFixed(2)} s`,
        baselineValue: `${(ready / 1000).toFixed(2)} s`,
        ratio: `${(healthy / ready).toFixed(1)} ×`,
        target: '≤ 1.5 s',
        met: healthy <= 1500,
        notes: `median of ${RUNS}, alternating; Docker's health status polled every 20 ms; the image checks every 1 s (Docker 20.10 has no --start-interval), so the first check comes 1 s after the start`,
      },
    ];
  } finally {
    await engine.stop();
  }
});
