// Instructions per call of each client, counted by valgrind (callgrind): repeatable where CPU time on
// this shared two-core machine moves by more than the differences measured. Each task runs twice in its
// own process, with FEW and MANY calls; (count(MANY) − count(FEW)) / (MANY − FEW) leaves out start-up and
// most of the JIT's warm-up. Two tasks run at a time. Takes minutes (valgrind runs Node ~50× slower).
// `node bench/profile/instructions.mjs <canned|loopback|msw> <task>...` (tasks: instructions-task.mjs)
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startChild } from '../lib/child.mjs';

const FEW = 1000;
const MANY = 4000;
const run = promisify(execFile);
const [where, ...tasks] = process.argv.slice(2);
if (!['canned', 'loopback', 'msw'].includes(where)) throw new Error('where: canned, loopback or msw');
const taskScript = fileURLToPath(new URL('./instructions-task.mjs', import.meta.url));
const server =
  where === 'loopback'
    ? await startChild(fileURLToPath(new URL('../lib/mock-server-process.mjs', import.meta.url)))
    : undefined;
const serverArgs = server === undefined ? [] : [server.url, server.key, server.orderId];

async function instructions(task, calls) {
  const { stderr } = await run(
    'valgrind',
    [
      '--tool=callgrind',
      '--callgrind-out-file=/dev/null',
      '--smc-check=all-non-file',
      process.execPath,
    ].concat([taskScript, where, task, String(calls), ...serverArgs]),
    { maxBuffer: 1 << 24 },
  );
  const collected = /Collected : (\d+)/.exec(stderr);
  if (collected === null) throw new Error(`${task}: no count in valgrind's output\n${stderr}`);
  return Number(collected[1]);
}

try {
  for (let at = 0; at < tasks.length; at += 2) {
    await Promise.all(
      tasks.slice(at, at + 2).map(async (task) => {
        const [few, many] = [await instructions(task, FEW), await instructions(task, MANY)];
        console.log(
          `${where} ${task}: ${Math.round((many - few) / (MANY - FEW)).toLocaleString('en-US')} instructions per call`,
        );
      }),
    );
  }
} finally {
  await server?.stop();
}
