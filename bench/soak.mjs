// Soak of the standalone mock server at a fixed working set (objects created and expiring
// as fast; the heap must stay flat). Run from the repository root, after building the mock server:
//   pnpm soak                                   (node --expose-gc bench/soak.mjs --minutes 60)
//   node --expose-gc bench/soak.mjs --minutes 2 [--rate 200] [--sample-seconds 30] [--tolerance 0.10]
//                                               [--snapshots DIR]  (heap snapshots after warm-up and at the end)
// The server runs in this process (`startServer` of the built `@glm/mock-server/node`, 127.0.0.1, port 0),
// so `process.memoryUsage().heapUsed` after full GCs measures it (plus this small load generator, whose
// own state is constant). 50 products are seeded once over HTTP; then, at a steady rate and for the whole
// run, requests that create records which expire and add no store object:
//   - `POST /api/v2/products/check-eligibility` with a fresh Idempotency-Key each time (an idempotency
//     record, kept 24 h on the service clock, then swept by the next request);
//   - `GET` reads of the working set (`/products/:id`, a list page);
//   - `POST /v2/test_helpers/clock/advance` by 3 s every tick (the 100-a-second window rolls) and by 1 h
//     every 5 s (idempotency records pass 24 h about two real minutes after they are stored); the
//     check-eligibility limit (100 a minute) is offered a little more than that, so a minority are 429.
// Every `--sample-seconds` it prints heapUsed (after GC) and rss; at the end the first-10-minutes and
// last-10-minutes medians, the least-squares slope after a 5-minute warm-up and the statuses. Exit 1 when
// the heap grew more than the tolerance from warm-up to the end (or when any answer was a 5xx).
import { Agent, request } from 'node:http';
import { writeHeapSnapshot } from 'node:v8';
import { startServer } from '@glm/mock-server/node';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const MINUTES = Number(option('minutes', 60));
const RATE = Number(option('rate', 200));
const SAMPLE_MS = Number(option('sample-seconds', 30)) * 1000;
const TOLERANCE = Number(option('tolerance', 0.1));
const SNAPSHOTS = option('snapshots', undefined);
if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
if (!(MINUTES > 0 && RATE > 0 && SAMPLE_MS > 0)) throw new Error('--minutes, --rate, --sample-seconds > 0');

// Windows of the summary: 5 and 10 minutes on an hour; scaled down on a short run.
const WARMUP_MIN = Math.min(5, MINUTES / 4);
const WINDOW_MIN = Math.min(10, MINUTES / 3);
const TICK_MS = 100;
const PER_TICK = Math.max(1, Math.round((RATE * TICK_MS) / 1000));
const HOUR_EVERY_TICKS = 50; // 5 s
const PRODUCTS = 50;

const server = await startServer({ port: 0, host: '127.0.0.1', now: '2025-03-01T12:00:00Z' });
const key = server.service.keys.test;
const { hostname, port } = new URL(server.url);
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const statuses = new Map();
let requests = 0;

/** One request over loopback; resolves with the status (the body is read and dropped). */
function call(method, path, body, headers = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        hostname,
        port,
        method,
        path,
        headers: {
          authorization: `Bearer ${key}`,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          requests++;
          const label = `${method === 'GET' ? 'GET' : 'POST'} ${res.statusCode}`;
          statuses.set(label, (statuses.get(label) ?? 0) + 1);
          resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

// The fixed working set: 50 products, created once.
const names = [];
const ids = [];
for (let i = 0; i < PRODUCTS; i++) {
  const name = `Soak Product ${i} ${i % 2 === 0 ? 'Bandages' : 'Reading Glasses'}`;
  const created = await call('POST', '/api/v2/products', {
    name,
    price: 500 + i,
    currency: 'USD',
    merchant_product_id: `soak-${i}`,
  });
  if (created.status !== 201) throw new Error(`seeding product ${i}: ${created.status} ${created.text}`);
  names.push(name);
  ids.push(JSON.parse(created.text).id);
}
const probe = await call('GET', `/api/v2/products/${ids[0]}`);
if (probe.status !== 200) throw new Error(`GET /api/v2/products/${ids[0]}: ${probe.status} ${probe.text}`);

const settledHeap = () => {
  for (let i = 0; i < 4; i++) globalThis.gc();
  return process.memoryUsage();
};
const min = (minutes) => `${Number(minutes.toFixed(2))}`;
const MB = (bytes) => (bytes / 1048576).toFixed(2);
const samples = [];
const started = Date.now();
const sample = () => {
  const { heapUsed, rss } = settledHeap();
  const minutes = (Date.now() - started) / 60_000;
  samples.push({ minutes, heapUsed, rss, requests });
  console.log(
    `t=${minutes.toFixed(1).padStart(5)} min  heapUsed=${MB(heapUsed).padStart(7)} MB  rss=${MB(rss).padStart(7)} MB  requests=${requests}`,
  );
};
console.log(
  `soak: ${MINUTES} min at ~${PER_TICK * (1000 / TICK_MS)} req/s against ${server.url} (node ${process.version}), ${PRODUCTS} products`,
);
sample();

let sequence = 0;
let tick = 0;
let nextSample = started + SAMPLE_MS;
let snapshotTaken = false;
const end = started + MINUTES * 60_000;
const maxTicks = Math.ceil((MINUTES * 60_000) / TICK_MS) + 10; // a bound, whatever the clock does
while (Date.now() < end && tick < maxTicks) {
  const tickStart = Date.now();
  const seconds = tick % HOUR_EVERY_TICKS === HOUR_EVERY_TICKS - 1 ? 3600 : 3;
  await call('POST', '/v2/test_helpers/clock/advance', { seconds });
  const batch = [];
  for (let i = 1; i < PER_TICK; i++) {
    const n = sequence++;
    const product = n % PRODUCTS;
    if (i % 3 === 0)
      batch.push(call('GET', i % 2 === 0 ? `/api/v2/products/${ids[product]}` : '/api/v2/products?limit=10'));
    else if (i % 3 === 1)
      batch.push(
        call(
          'POST',
          '/api/v2/products/check-eligibility',
          { product_name: names[product] },
          { 'idempotency-key': `soak-${n}` },
        ),
      );
    else batch.push(call('GET', `/api/v2/products/${ids[product]}`));
  }
  await Promise.all(batch);
  tick++;
  if (Date.now() >= nextSample) {
    sample();
    nextSample += SAMPLE_MS;
    if (SNAPSHOTS && !snapshotTaken && samples.at(-1).minutes >= WARMUP_MIN) {
      console.log(`heap snapshot: ${writeHeapSnapshot(`${SNAPSHOTS}/soak-warm.heapsnapshot`)}`);
      snapshotTaken = true;
    }
  }
  const wait = TICK_MS - (Date.now() - tickStart);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
sample();
if (SNAPSHOTS) console.log(`heap snapshot: ${writeHeapSnapshot(`${SNAPSHOTS}/soak-end.heapsnapshot`)}`);
agent.destroy();
await server.close();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const heapsIn = (from, to) =>
  samples.filter((s) => s.minutes >= from && s.minutes <= to).map((s) => s.heapUsed);
const total = samples.at(-1).minutes;
const first = median(heapsIn(0, WINDOW_MIN));
const warm = median(heapsIn(WARMUP_MIN, WARMUP_MIN + WINDOW_MIN));
const last = median(heapsIn(total - WINDOW_MIN, total));
const after = samples.filter((s) => s.minutes >= WARMUP_MIN);
const meanX = after.reduce((sum, s) => sum + s.minutes, 0) / after.length;
const meanY = after.reduce((sum, s) => sum + s.heapUsed, 0) / after.length;
const slope =
  after.reduce((sum, s) => sum + (s.minutes - meanX) * (s.heapUsed - meanY), 0) /
  after.reduce((sum, s) => sum + (s.minutes - meanX) ** 2, 0);
const growth = (last - warm) / warm;
const serverErrors = [...statuses].filter(([label]) => Number(label.split(' ')[1]) >= 500);

console.log('\nsummary');
console.log(
  `  duration              ${total.toFixed(1)} min, ${requests} requests (${(requests / (total * 60)).toFixed(0)} req/s)`,
);
console.log(`  median heap, first ${min(WINDOW_MIN)} min   ${MB(first)} MB`);
console.log(
  `  median heap, ${min(WARMUP_MIN)}-${min(WARMUP_MIN + WINDOW_MIN)} min   ${MB(warm)} MB (after warm-up)`,
);
console.log(`  median heap, last ${min(WINDOW_MIN)} min    ${MB(last)} MB`);
console.log(
  `  growth after warm-up  ${(growth * 100).toFixed(1)} % (tolerance ${(TOLERANCE * 100).toFixed(0)} %)`,
);
console.log(
  `  slope after ${min(WARMUP_MIN)} min     ${Number.isFinite(slope) ? Math.round(slope).toLocaleString('en-US') : 'n/a'} bytes/min (least squares, ${after.length} samples)`,
);
console.log(`  rss first / last      ${MB(samples[0].rss)} MB / ${MB(samples.at(-1).rss)} MB`);
console.log('  statuses');
for (const [label, count] of [...statuses].sort())
  console.log(
    `    ${label.padEnd(9)} ${String(count).padStart(9)} (${((count / requests) * 100).toFixed(1)} %)`,
  );
const flat = growth <= TOLERANCE && serverErrors.length === 0;
console.log(flat ? 'FLAT' : serverErrors.length > 0 ? 'FAIL: 5xx answers' : 'FAIL: the heap grew');
process.exit(flat ? 0 : 1);
