// `GET /v2/orders/{id}` (or, with `--post`, `POST /api/v2/checkout`) against the standalone server and
// the bare `node:http` server, each in a child process, with `pnpm bench`'s load settings, alternating.
// `node bench/profile/get-load.mjs [--post] [--prof] [rounds]`; with `--prof` the mock server writes a CPU
// profile to /tmp/get-profile.
import { fileURLToPath } from 'node:url';
import { startChild } from '../lib/child.mjs';
import { CHECKOUT_BODY } from '../lib/fixtures.mjs';
import { measureLoad } from '../lib/load.mjs';

const execArgv = process.argv.includes('--prof') ? ['--cpu-prof', '--cpu-prof-dir=/tmp/get-profile'] : [];
const post = process.argv.includes('--post');
const rounds = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 1);
const script = (name) => fileURLToPath(new URL(`../lib/${name}`, import.meta.url));
const mock = await startChild(script('mock-server-process.mjs'), {}, execArgv);
const bare = await startChild(
  script('bare-server-process.mjs'),
  {
    orderText: mock.orderText,
    checkoutText: mock.checkoutText,
  },
  process.argv.includes('--prof-bare') ? ['--cpu-prof', '--cpu-prof-dir=/tmp/get-profile-bare'] : [],
);
const auth = { authorization: `Bearer ${mock.key}` };
const shape = post
  ? {
      path: '/api/v2/checkout',
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(CHECKOUT_BODY),
      uniqueKey: true,
    }
  : { path: `/v2/orders/${mock.orderId}`, headers: auth };
const { path, ...options } = shape;
for (let round = 0; round < rounds; round++) {
  const theirs = await measureLoad({ url: `${bare.url}${path}`, ...options, cpuMicros: bare.cpuMicros });
  const ours = await measureLoad({ url: `${mock.url}${path}`, ...options, cpuMicros: mock.cpuMicros });
  console.log(
    `${post ? 'POST' : 'GET'} ${path}: mock ${Math.round(ours.perSecond)} req/s, ${ours.cpuPerRequest.toFixed(1)} µs CPU; ` +
      `bare ${Math.round(theirs.perSecond)} req/s, ${theirs.cpuPerRequest.toFixed(1)} µs CPU; ` +
      `ratio ${(ours.perSecond / theirs.perSecond).toFixed(2)} × (CPU ${(theirs.cpuPerRequest / ours.cpuPerRequest).toFixed(2)} ×)`,
  );
}
await Promise.all([mock.stop(), bare.stop()]);
