// The SDK's CPU above plain `fetch` through msw and over loopback (bench/lib/sdk-overhead.mjs), next to
// ky's own cost against a canned `fetch`. `node bench/profile/sdk-overhead.mjs [msw|loopback|ky]`.
import { cannedCpu, loopbackOverhead, mswOverhead } from '../lib/sdk-overhead.mjs';

const only = process.argv[2];
const show = (title, cpu) =>
  console.log(`${title}: ${[...cpu].map(([name, value]) => `${name} ${value.toFixed(1)} µs`).join(', ')}`);
if (only === undefined || only === 'ky') show('canned', await cannedCpu(['ky', 'fetch', 'glm', 'glm-off']));
if (only === undefined || only === 'msw') show('msw', await mswOverhead());
if (only === undefined || only === 'loopback') show('loopback', await loopbackOverhead());
