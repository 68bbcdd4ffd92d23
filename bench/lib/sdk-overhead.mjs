// What the SDK adds above plain `fetch` + `json()` of the same request, through msw and over loopback,
// in CPU time (wall time on a shared two-core machine moves by more than the SDK costs), next to what ky
// alone adds on the same path: the SDK is on ky, so ky's own cost there is its floor. Each task runs alone
// in a fresh process (sdk-overhead-worker.mjs), the tasks alternating round by round: in one shared process
// a task's garbage is collected while the next one is measured, which moved single figures by ±50 µs.
// `ky` runs twice a round (`ky`, `ky-twin`): the difference of the two is the noise of the figure itself.
// Through msw the mock service runs in the worker too, so its own share is measured apart: plain `fetch`
// of the mock minus a bare msw handler answering the same JSON. Shared by the `peers` section and
// bench/profile/sdk-overhead.mjs.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startChild } from './child.mjs';
import { median } from './section.mjs';

const WORKER = fileURLToPath(new URL('./sdk-overhead-worker.mjs', import.meta.url));

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

const SDK_TASKS = ['fetch', 'ky', 'ky-twin', 'glm', 'glm-off'];

/** Through msw 2 `setupServer`: the bare handler, plain `fetch` of the mock, ky, the SDK (validation on, off). */
export function mswOverhead({ rounds = 5, calls = 3000 } = {}) {
  return alternate('msw', ['bare', ...SDK_TASKS], { rounds, calls });
}

/** Over loopback to the standalone server in a child process: plain `fetch`, ky and the SDK, the worker's CPU. */
export async function loopbackOverhead({ rounds = 5, calls = 3000 } = {}) {
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
