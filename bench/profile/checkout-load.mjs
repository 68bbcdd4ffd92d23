// `POST /api/v2/checkout` (five items, a fresh Idempotency-Key each) against the standalone server in a
// child process, with `pnpm bench`'s load settings. `node bench/profile/checkout-load.mjs [--prof] [--data]`;
// with `--prof` the server writes a CPU profile to /tmp/checkout-profile; with `--data` it journals every
// change to a data directory (each change on disk before its answer), as `glm-mock serve --data` does.
import { fork } from 'node:child_process';
import { CHECKOUT_BODY } from '../lib/fixtures.mjs';
import { measureLoad } from '../lib/load.mjs';

const execArgv = process.argv.includes('--prof')
  ? ['--cpu-prof', '--cpu-prof-dir=/tmp/checkout-profile']
  : [];
const args = process.argv.includes('--data') ? ['--data'] : [];
const child = fork(new URL('./checkout-server.mjs', import.meta.url), args, { execArgv });
const server = await new Promise((resolve) => child.once('message', resolve));
const { perSecond } = await measureLoad({
  url: `${server.url}/api/v2/checkout`,
  method: 'POST',
  headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
  body: JSON.stringify(CHECKOUT_BODY),
  uniqueKey: true,
});
child.send('stop');
const { cpuMicros, userMicros, systemMicros } = await new Promise((resolve) =>
  child.once('message', resolve),
);
console.log(
  `POST /api/v2/checkout${args.length > 0 ? ' (--data)' : ''}: ${Math.round(perSecond)} req/s; server CPU ${(cpuMicros / 1e6).toFixed(2)} s in all (user ${(userMicros / 1e6).toFixed(2)} s, system ${(systemMicros / 1e6).toFixed(2)} s)`,
);
