// CPU per GET call of the SDK and its peers against the same canned `fetch` (bench/lib/peers.mjs).
// `node bench/profile/peers-cpu.mjs [rounds] [calls] [only,names]`; with `--cpu-prof` and one name, a
// profile of that client alone.
import { peerCpu, peerTasks } from '../lib/peers.mjs';

const rounds = Number(process.argv[2] ?? 5);
const calls = Number(process.argv[3] ?? 2000);
const only = process.argv[4]?.split(',');
const { tasks, bytes } = await peerTasks();
const chosen = only === undefined ? tasks : tasks.filter(([name]) => only.includes(name));
const cpu = await peerCpu(chosen, { rounds, calls });
console.log(`canned answer: ${bytes} bytes; median of ${rounds} rounds × ${calls} calls`);
for (const [name] of chosen)
  console.log(`${name.padEnd(10)} ${cpu.get(name).toFixed(1).padStart(7)} µs CPU per call`);
