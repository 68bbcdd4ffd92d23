// User and system (kernel) CPU per request of the standalone mock server and of the bare `node:http`
// server under the same `GET` (or, with `--post`, checkout) load, and of the bare server made slower by a
// busy loop of `--spin=N` µs per request: whether the kernel's share of a request grows with the time the
// server's own code takes. Reads the children's CPU from /proc (Linux only).
// `node bench/profile/cpu-split.mjs [--post] [--spin=30] [rounds]`
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { CHECKOUT_BODY } from '../lib/fixtures.mjs';
import { LOAD } from '../lib/load.mjs';

const post = process.argv.includes('--post');
const spin = Number(process.argv.find((arg) => arg.startsWith('--spin='))?.slice(7) ?? 30);
const rounds = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 1);
const script = (name) => fileURLToPath(new URL(`../lib/${name}`, import.meta.url));
const ticks = 100; // USER_HZ on Linux

function start(file, message, env = {}) {
  const child = fork(file, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve({ ...answer, child }));
    child.send(message);
  });
}

/** utime and stime of a process, in µs. */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: (Number(fields[11]) * 1e6) / ticks, system: (Number(fields[12]) * 1e6) / ticks };
}

async function measure(label, url, child, options) {
  const request = { method: options.method ?? 'GET', headers: options.headers, body: options.body };
  if (options.uniqueKey) {
    request.setupRequest = (req) => ({
      ...req,
      headers: { ...req.headers, 'idempotency-key': crypto.randomUUID() },
    });
  }
  await autocannon({ url, connections: LOAD.connections, duration: LOAD.warmup, requests: [request] });
  const before = cpuOf(child.pid);
  const result = await autocannon({
    url,
    connections: LOAD.connections,
    duration: LOAD.duration,
    requests: [request],
  });
  const after = cpuOf(child.pid);
  const n = result.requests.total;
  console.log(
    `${label.padEnd(22)} ${String(Math.round(result.requests.average)).padStart(6)} req/s  user ${((after.user - before.user) / n).toFixed(1).padStart(5)} µs  system ${((after.system - before.system) / n).toFixed(1).padStart(5)} µs per request`,
  );
}

const mock = await start(script('mock-server-process.mjs'), {});
const bareMessage = { orderText: mock.orderText, checkoutText: mock.checkoutText };
const bare = await start(script('bare-server-process.mjs'), bareMessage);
const slow = await start(fileURLToPath(new URL('./slow-bare-server.mjs', import.meta.url)), {
  ...bareMessage,
  spin,
});
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
for (let round = 0; round < rounds; round++) {
  await measure('bare', `${bare.url}${shape.path}`, bare.child, shape);
  await measure(`bare + ${spin} µs spin`, `${slow.url}${shape.path}`, slow.child, shape);
  await measure('mock', `${mock.url}${shape.path}`, mock.child, shape);
}
for (const { child } of [mock, bare, slow]) child.kill('SIGTERM');
