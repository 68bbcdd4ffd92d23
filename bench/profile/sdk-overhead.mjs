// The SDK's CPU above plain `fetch` through msw and over loopback (bench/lib/sdk-overhead.mjs), next to
// ky's own cost against a canned `fetch`. `node bench/profile/sdk-overhead.mjs [msw|loopback|ky]`.
import { peerCpu, peerTasks } from '../lib/peers.mjs';
import { loopbackOverhead, mswOverhead } from '../lib/sdk-overhead.mjs';

const only = process.argv[2];
const show = (title, cpu) =>
  console.log(`${title}: ${[...cpu].map(([name, value]) => `${name} ${value.toFixed(1)} µs`).join(', ')}`);
if (only === undefined || only === 'ky') {
  const { tasks } = await peerTasks();
  show(
    'canned',
    await peerCpu(
      tasks.filter(([name]) => ['ky', 'fetch', 'glm'].includes(name)),
      { rounds: 5 },
    ),
  );
}
if (only === undefined || only === 'msw') show('msw', await mswOverhead());
if (only === undefined || only === 'loopback') show('loopback', await loopbackOverhead());
