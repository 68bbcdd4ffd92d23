// 32 suites at once, each its own merchant doing the same checkout → pay → refund → clock-advance flow:
// against one `glm-mock serve` holding 32 merchants, and against 32 `glm-mock serve` processes of one
// merchant each (the built bin, `--rate-limit off`, the bench catalog as `--seed`). Throughput is whole
// flows a second over a fixed window after a warm-up; memory is the servers' resident set after the runs.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOG, CHECKOUT_BODY } from '../fixtures.mjs';
import { format, median, progress, runSection } from '../section.mjs';

const SUITES = 32;
const WARMUP_MS = 2_000;
const WINDOW_MS = 8_000;
const ROUNDS = 2;

const require = createRequire(import.meta.url);
const bin = join(dirname(require.resolve('@glm/mock-server/package.json')), 'bin', 'glm-mock.js');
const scratch = fileURLToPath(new URL('../../.tmp/merchants/', import.meta.url));

/** Starts `glm-mock serve` and answers its URL, key and process once it has printed its key line. */
function serve(seedFile) {
  const child = spawn(
    process.execPath,
    [bin, 'serve', '--port', '0', '--rate-limit', 'off', '--seed', seedFile],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const url = /^glm-mock listening on (\S+)$/m.exec(out)?.[1];
      const key = /^GLM_API_KEY=(\S+)$/m.exec(out)?.[1];
      if (url !== undefined && key !== undefined) resolve({ url, key, child });
    });
    child.once('exit', (code) => reject(new Error(`glm-mock serve exited ${code}`)));
  });
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** The resident set of a process, in MiB (Linux). */
const rssMiB = (pid) => {
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
};

async function call(url, key, method, path, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** One suite's flow, once: a checkout, paid, part refunded, then the merchant's clock a minute on. */
async function flow({ url, key }) {
  const checkout = await call(url, key, 'POST', '/v2/checkout', CHECKOUT_BODY);
  const paid = await call(url, key, 'POST', `/v2/test_helpers/checkout/${checkout.data.checkout_id}/pay`, {});
  await call(url, key, 'POST', '/v2/refunds', {
    order_id: paid.order.id,
    amount_cents: 100,
    reason: 'other',
  });
  await call(url, key, 'POST', '/v2/test_helpers/clock/advance', { seconds: 60 });
}

/** Every suite runs its flow in a loop; answers the flows completed a second inside the window. */
async function drive(suites) {
  let counting = false;
  let done = 0;
  let running = true;
  const loops = suites.map(async (suite) => {
    while (running) {
      await flow(suite);
      if (counting) done += 1;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, WARMUP_MS));
  counting = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
  const elapsed = performance.now() - started;
  counting = false;
  running = false;
  await Promise.all(loops);
  return (done / elapsed) * 1000;
}

/** One server, 32 merchants made over HTTP with its key. */
async function oneServer(seedFile) {
  const server = await serve(seedFile);
  const idle = rssMiB(server.child.pid);
  const suites = [];
  for (let i = 0; i < SUITES; i++) {
    const merchant = await call(server.url, server.key, 'POST', '/v2/test_helpers/merchants', {
      name: `suite ${i}`,
    });
    suites.push({ url: server.url, key: merchant.keys.test });
  }
  const withMerchants = rssMiB(server.child.pid);
  const flows = await drive(suites);
  const after = rssMiB(server.child.pid);
  await stop(server.child);
  return { flows, rss: after, idle, withMerchants };
}

/** 32 servers, a suite on each server's own first merchant. */
async function manyServers(seedFile) {
  const servers = await Promise.all(Array.from({ length: SUITES }, () => serve(seedFile)));
  const idle = servers.reduce((sum, server) => sum + rssMiB(server.child.pid), 0);
  const flows = await drive(servers.map(({ url, key }) => ({ url, key })));
  const rss = servers.reduce((sum, server) => sum + rssMiB(server.child.pid), 0);
  await Promise.all(servers.map((server) => stop(server.child)));
  return { flows, rss, idle };
}

runSection(async () => {
  mkdirSync(scratch, { recursive: true });
  const seedFile = join(scratch, 'seed.json');
  writeFileSync(seedFile, JSON.stringify({ products: CATALOG }));
  const one = [];
  const many = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating which goes first, so neither always runs on a machine warmed (or loaded) by the other.
      for (const which of round % 2 === 0 ? ['one', 'many'] : ['many', 'one']) {
        if (which === 'one') {
          one.push(await oneServer(seedFile));
          progress(
            `one server, ${SUITES} merchants: ${format(one.at(-1).flows, 1)} flows/s, ${format(one.at(-1).rss, 1)} MiB`,
          );
        } else {
          many.push(await manyServers(seedFile));
          progress(
            `${SUITES} servers: ${format(many.at(-1).flows, 1)} flows/s, ${format(many.at(-1).rss, 1)} MiB in all`,
          );
        }
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const oneFlows = median(one.map((run) => run.flows));
  const manyFlows = median(many.map((run) => run.flows));
  const oneRss = median(one.map((run) => run.rss));
  const manyRss = median(many.map((run) => run.rss));
  const perMerchantMade = median(one.map((run) => (run.withMerchants - run.idle) / SUITES));
  const method = `${SUITES} suites at once, each looping checkout (5 items) → pay → refund → clock advance over HTTP from one client process; flows counted over ${WINDOW_MS / 1000} s after ${WARMUP_MS / 1000} s of warm-up; median of ${ROUNDS} alternating rounds; \`glm-mock serve --rate-limit off --seed\` (the bench catalog) from the built bin`;
  return [
    {
      figure: `Merchants: ${SUITES} concurrent suites on one server (flows/s)`,
      baseline: `${SUITES} servers, one suite each`,
      value: `${format(oneFlows, 1)} flows/s`,
      baselineValue: `${format(manyFlows, 1)} flows/s`,
      ratio: `${format(oneFlows / manyFlows, 2)} ×`,
      target: '≥ 1 ×',
      met: oneFlows >= manyFlows,
      notes: `${method}; 4 requests a flow`,
    },
    {
      figure: 'Merchants: server memory per merchant (resident set after the run)',
      baseline: `${SUITES} servers, one merchant each`,
      value: `${format(oneRss / SUITES, 1)} MiB`,
      baselineValue: `${format(manyRss / SUITES, 1)} MiB`,
      ratio: `${format(oneRss / manyRss, 2)} ×`,
      target: 'reported',
      met: null,
      notes: `one server ${format(oneRss, 0)} MiB in all against ${format(manyRss, 0)} MiB for ${SUITES} processes; making the ${SUITES} merchants (before any flow) added ${format(perMerchantMade, 2)} MiB each to the one server; ${method}`,
    },
  ];
});
