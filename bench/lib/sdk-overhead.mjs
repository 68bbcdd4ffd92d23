// CPU per call of the SDK, its peers, ky and plain `fetch` + `json()` (wall time on a shared two-core machine
// moves by more than the SDK costs): against one canned `fetch` (the peer rows), and through msw and over
// loopback, where ky alone is measured on the same path since the SDK is on ky and ky's own cost there is
// its floor. Each task runs alone in a fresh process (call-worker.mjs), the tasks alternating round by
// round: in one shared process a task's garbage is collected while the next one is measured, which moved
// single figures by ±50 µs and put the SDK 40 µs above ky in one run and 10 µs in the next. `ky` runs twice
// a round (`ky`, `ky-twin`): the difference of the two is the noise of the figure itself. Through msw the
// mock service runs in the worker too, so its own share is measured apart: plain `fetch` of the mock minus
// a bare msw handler answering the same JSON. Shared by the `peers` section and bench/profile/sdk-overhead.mjs.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startChild } from './child.mjs';
import { sdkBaseDir } from './sdk-base.mjs';
import { median } from './section.mjs';

const WORKER = fileURLToPath(new URL('./call-worker.mjs', import.meta.url));

/** CPU µs per call of one task in a fresh worker process. */
function measureAlone(where, task, calls, server = []) {
  const name = task === 'ky-twin' ? 'ky' : task;
  const child = fork(WORKER, [where, name, String(calls), ...server], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`${where} ${task}: the worker exited with ${code}`));
    });
  });
}

/** Median CPU µs per call of each task, each measured alone, the tasks alternating round by round. */
async function alternate(where, tasks, { rounds, calls }, server) {
  const samples = new Map(tasks.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 === 0 ? tasks : [...tasks].reverse()) {
      samples.get(name).push(await measureAlone(where, name, calls, server));
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

// With --sdk-base, the earlier build's two clients run in the same rounds.
const SDK_TASKS = [
  'fetch',
  'ky',
  'ky-twin',
  'glm',
  'glm-off',
  ...(sdkBaseDir() === undefined ? [] : ['glm-base', 'glm-off-base']),
];

/** How many rounds and calls per task each figure takes (each task: as many calls again, unmeasured, first). */
export const CALL_ROUNDS = 5;
export const CALLS = 3000;

/** Against the canned `fetch` of the peer rows: the SDK, its peers, ky (twice) and plain `fetch`. */
export function cannedCpu(tasks, { rounds = CALL_ROUNDS, calls = CALLS } = {}) {
  return alternate('canned', [...tasks, 'ky-twin'], { rounds, calls });
}

/** Through msw 2 `setupServer`: the bare handler, plain `fetch` of the mock, ky, the SDK (validation on, off). */
export function mswOverhead({ rounds = CALL_ROUNDS, calls = CALLS } = {}) {
  return alternate('msw', ['bare', ...SDK_TASKS], { rounds, calls });
}

/** Over loopback to the standalone server in a child process: plain `fetch`, ky and the SDK, the worker's CPU. */
export async function loopbackOverhead({ rounds = CALL_ROUNDS, calls = CALLS } = {}) {
  const script = fileURLToPath(new URL('./mock-server-process.mjs', import.meta.url));
  const server = await startChild(script);
  try {
    return await alternate('loopback', SDK_TASKS, { rounds, calls }, [
      server.url,
      server.key,
      server.orderId,
    ]);
  } finally {
    await server.stop();
  }
}
