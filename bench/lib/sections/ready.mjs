// Ready times: createMockService() in a fresh process (import time reported beside it), and the built
// CLI `glm-mock serve --port 0` from spawn to its first stdout line (the "listening on" line, printed
// once the server accepts connections), against its floor: `node -e` printing one line once a bare
// `node:http` server listens, and the CLI again with the compile cache off (NODE_DISABLE_COMPILE_CACHE=1),
// the three spawned in turn after one unmeasured start that writes the cache. Each measured RUNS times in
// new processes; medians.
import { execFile, spawn } from 'node:child_process';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { median, progress, runSection } from '../section.mjs';

const RUNS = 7;
const probe = fileURLToPath(new URL('../ready-probe.mjs', import.meta.url));
const cli = fileURLToPath(new URL('../../../packages/mock-server/bin/glm-mock.js', import.meta.url));

const BARE_SERVER =
  "require('node:http').createServer((q, s) => s.end('{}')).listen(0, '127.0.0.1', function () {" +
  " process.stdout.write('listening on http://127.0.0.1:' + this.address().port + '\\n'); });";

function firstLineMs(args, firstLine, env = process.env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env,
    });
    let seen = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${seen}`)));
    child.stdout.on('data', (chunk) => {
      seen += chunk.toString('utf8');
      if (!seen.includes('\n')) return;
      const elapsed = performance.now() - started;
      child.removeAllListeners('exit');
      if (!seen.startsWith(firstLine)) reject(new Error(`unexpected first line: ${seen}`));
      child.once('exit', () => resolve(elapsed));
      child.kill('SIGTERM');
    });
  });
}

runSection(async () => {
  const probes = [];
  for (let i = 0; i < RUNS; i++) {
    const { stdout } = await promisify(execFile)(process.execPath, [probe], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
    });
    probes.push(JSON.parse(stdout));
  }
  const serveArgs = [cli, 'serve', '--port', '0'];
  const listening = 'glm-mock listening on http://';
  const uncached = { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' };
  // One start first, unmeasured: it writes the compile cache, as a CI job's first start does for the next.
  await firstLineMs(serveArgs, listening);
  const serves = [];
  const uncachedServes = [];
  const floors = [];
  for (let i = 0; i < RUNS; i++) {
    serves.push(await firstLineMs(serveArgs, listening));
    uncachedServes.push(await firstLineMs(serveArgs, listening, uncached));
    floors.push(await firstLineMs(['-e', BARE_SERVER], 'listening on http://'));
  }
  const cold = median(probes.map((p) => p.coldMs));
  const warm = median(probes.map((p) => p.warmMs));
  const imported = median(probes.map((p) => p.importMs));
  const serve = median(serves);
  const uncachedServe = median(uncachedServes);
  const floor = median(floors);
  progress(
    `createMockService: cold ${cold.toFixed(1)} ms, warm ${warm.toFixed(2)} ms, import ${imported.toFixed(0)} ms`,
  );
  progress(
    `glm-mock serve: ${serve.toFixed(0)} ms to the first line (${uncachedServe.toFixed(0)} ms without the ` +
      `compile cache); bare node:http ${floor.toFixed(0)} ms`,
  );
  return [
    {
      figure: '`createMockService()` ready',
      baseline: '–',
      value: `${cold.toFixed(1)} ms`,
      baselineValue: '–',
      ratio: '–',
      target: '≤ 50 ms',
      met: cold <= 50,
      notes:
        `first call in a fresh process, median of ${RUNS}; later calls ${warm.toFixed(2)} ms; ` +
        `importing the package first takes ${imported.toFixed(0)} ms`,
    },
    {
      figure: '`glm-mock serve` ready',
      baseline: '`node -e`: a bare `node:http` server, one line once it listens',
      value: `${serve.toFixed(0)} ms`,
      baselineValue: `${floor.toFixed(0)} ms`,
      ratio: `${(serve / floor).toFixed(2)} ×`,
      target: '≤ 150 ms',
      met: serve <= 150,
      notes:
        `spawn of the built CLI to its first stdout line, Node start-up included; median of ${RUNS}, ` +
        `spawned in turn with the floor; Node ${process.version}` +
        (typeof module.enableCompileCache === 'function'
          ? ' with its compile cache'
          : ", which has no compile cache: the CLI's own V8 code cache, written by an earlier start") +
        `; without the cache (NODE_DISABLE_COMPILE_CACHE=1, spawned in turn) ${uncachedServe.toFixed(0)} ms`,
    },
  ];
});
