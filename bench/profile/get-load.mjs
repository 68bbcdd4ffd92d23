// `GET /v2/orders/{id}` (or, with `--post`, `POST /api/v2/checkout`) against the standalone server and
// the bare `node:http` server, each in a child process, with `pnpm bench`'s load settings, alternating.
// With `--base <dir>` a second mock server loads `startServer` from `<dir>/node.js` (a copy of another
// build's `packages/mock-server/dist`, kept under `packages/mock-server`, e.g. in `node_modules/.bench-main-dist`, so it resolves the same
// dependencies) and takes its turn in each round: before and after in one run. When the domain changed
// too, that build's `packages/domain` (`package.json` and `dist`) goes in `<dir>/node_modules/@glm/domain`.
// `node bench/profile/get-load.mjs [--post] [--prof] [--base <dir>] [rounds]`; with `--prof` the mock
// server writes a CPU profile to /tmp/get-profile.
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startChild } from '../lib/child.mjs';
import { CHECKOUT_BODY } from '../lib/fixtures.mjs';
import { measureLoad } from '../lib/load.mjs';

const args = process.argv.slice(2);
const execArgv = args.includes('--prof') ? ['--cpu-prof', '--cpu-prof-dir=/tmp/get-profile'] : [];
const post = args.includes('--post');
const baseDir = args.includes('--base') ? args[args.indexOf('--base') + 1] : undefined;
const rounds = Number(args.find((arg, index) => /^\d+$/.test(arg) && args[index - 1] !== '--base') ?? 1);
const script = (name) => fileURLToPath(new URL(`../lib/${name}`, import.meta.url));
const mock = await startChild(script('mock-server-process.mjs'), {}, execArgv);
const base =
  baseDir === undefined
    ? undefined
    : await startChild(script('mock-server-process.mjs'), {
        nodeModule: pathToFileURL(resolve(baseDir, 'node.js')).href,
      });
const bare = await startChild(
  script('bare-server-process.mjs'),
  {
    orderText: mock.orderText,
    checkoutText: mock.checkoutText,
  },
  args.includes('--prof-bare') ? ['--cpu-prof', '--cpu-prof-dir=/tmp/get-profile-bare'] : [],
);

/** The request shape against one mock server (its own key and order). */
const shapeOf = (server) => {
  const auth = { authorization: `Bearer ${server.key}` };
  return post
    ? {
        path: '/api/v2/checkout',
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(CHECKOUT_BODY),
        uniqueKey: true,
      }
    : { path: `/v2/orders/${server.orderId}`, headers: auth };
};
const load = (server, shapeServer = server) => {
  const { path, ...options } = shapeOf(shapeServer);
  return measureLoad({ url: `${server.url}${path}`, ...options, cpuMicros: server.cpuMicros });
};
const describe = (name, figure, theirs) =>
  `${name} ${Math.round(figure.perSecond)} req/s, ${figure.cpuPerRequest.toFixed(1)} µs CPU ` +
  `(ratio ${(figure.perSecond / theirs.perSecond).toFixed(2)} ×, CPU ${(theirs.cpuPerRequest / figure.cpuPerRequest).toFixed(2)} ×)`;
for (let round = 0; round < rounds; round++) {
  const theirs = await load(bare, mock);
  const ours = await load(mock);
  const before = base === undefined ? undefined : await load(base);
  console.log(
    `${post ? 'POST' : 'GET'}: bare ${Math.round(theirs.perSecond)} req/s, ${theirs.cpuPerRequest.toFixed(1)} µs CPU; ` +
      describe('mock', ours, theirs) +
      (before === undefined ? '' : `; ${describe('base', before, theirs)}`),
  );
}
await Promise.all([mock.stop(), bare.stop(), base?.stop()]);
