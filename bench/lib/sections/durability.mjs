// Durability: standalone `POST /api/v2/checkout` with a data directory (every change on disk before
// its answer, group-committed) against the same server in memory only, alternating rounds; and the time
// `createMockService({ snapshot })` takes to restore a snapshot of 10,000 objects, against a fresh
// `createMockService()`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMockService } from '@glm/mock-server';
import { startChild } from '../child.mjs';
import { CATALOG, CHECKOUT_BODY } from '../fixtures.mjs';
import { LOAD, measureLoad } from '../load.mjs';
import { format, median, progress, runSection } from '../section.mjs';

const RESTORES = 15;
const script = fileURLToPath(new URL('../durable-server-process.mjs', import.meta.url));

async function checkoutThroughput() {
  const dataDir = await mkdtemp(join(tmpdir(), 'glm-bench-data-'));
  const durable = await startChild(script, { dataDir });
  const memory = await startChild(script, {});
  const request = (server) => ({
    url: `${server.url}/api/v2/checkout`,
    method: 'POST',
    headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(CHECKOUT_BODY),
    uniqueKey: true,
    cpuMicros: server.cpuMicros,
  });
  const ours = [];
  const theirs = [];
  try {
    for (let round = 0; round < LOAD.rounds; round++) {
      theirs.push(await measureLoad(request(memory)));
      ours.push(await measureLoad(request(durable)));
      progress(
        `checkout: --data ${format(ours.at(-1).perSecond)} req/s (${format(ours.at(-1).cpuPerRequest)} µs CPU each), ` +
          `memory ${format(theirs.at(-1).perSecond)} req/s (${format(theirs.at(-1).cpuPerRequest)} µs CPU each)`,
      );
    }
  } finally {
    await Promise.all([durable.stop(), memory.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  }
  const value = median(ours.map((run) => run.perSecond));
  const baseline = median(theirs.map((run) => run.perSecond));
  return {
    figure:
      'Standalone `POST /api/v2/checkout` with `--data` (each change on disk before its answer, group commit) req/s',
    baseline: 'the same server, memory only',
    value: `${format(value)} req/s`,
    baselineValue: `${format(baseline)} req/s`,
    ratio: `${(value / baseline).toFixed(2)} ×`,
    target: '≥ 0.5 ×',
    met: value / baseline >= 0.5,
    notes:
      `median of ${LOAD.rounds} alternating ${LOAD.duration} s runs, ${LOAD.connections} connections, a fresh ` +
      `Idempotency-Key each; server CPU per request ${format(median(ours.map((run) => run.cpuPerRequest)))} µs ` +
      `vs ${format(median(theirs.map((run) => run.cpuPerRequest)))} µs`,
  };
}

/** A service holding 10,000 objects: 5,000 products and 5,000 open checkout sessions (and their events). */
async function tenThousandObjects() {
  const mock = createMockService({ rateLimit: false, now: '2025-03-01T12:00:00Z' });
  const products = Array.from({ length: 5000 }, (_, i) => ({
    ...CATALOG[i % CATALOG.length],
    merchant_product_id: `bench-${i}`,
  }));
  mock.seed({ products });
  const headers = { authorization: `Bearer ${mock.keys.test}`, 'content-type': 'application/json' };
  for (let i = 0; i < 5000; i++) {
    const response = await mock.handle(
      new Request('http://127.0.0.1/api/v2/checkout', {
        method: 'POST',
        headers,
        body: JSON.stringify(CHECKOUT_BODY),
      }),
    );
    if (response.status !== 201) throw new Error(`checkout ${i}: ${response.status}`);
  }
  return mock;
}

async function restoreTime() {
  const mock = await tenThousandObjects();
  // As a fixture file would hold it.
  const text = JSON.stringify(mock.snapshot());
  const snapshot = JSON.parse(text);
  const rows = Object.values(snapshot.tables).reduce((sum, table) => sum + table.length, 0);
  const restores = [];
  const fresh = [];
  for (let i = 0; i < RESTORES; i++) {
    let started = performance.now();
    const restored = createMockService({ rateLimit: false, snapshot });
    restores.push(performance.now() - started);
    started = performance.now();
    createMockService({ rateLimit: false });
    fresh.push(performance.now() - started);
    if (i === 0 && restored.events().length !== mock.events().length)
      throw new Error('the restore lost events');
  }
  const value = median(restores);
  const baseline = median(fresh);
  progress(
    `restore: ${value.toFixed(1)} ms for ${format(rows)} rows (fresh service ${baseline.toFixed(1)} ms)`,
  );
  return {
    figure: '`createMockService({ snapshot })` of 10,000 objects',
    baseline: '`createMockService()`, empty',
    value: `${value.toFixed(1)} ms`,
    baselineValue: `${baseline.toFixed(1)} ms`,
    ratio: '–',
    target: '≤ 50 ms',
    met: value <= 50,
    notes:
      `median of ${RESTORES}; 5,000 products and 5,000 checkout sessions plus their 10,000 events ` +
      `(${format(rows)} rows, ${format(text.length / 1e6, 1)} MB of JSON), after one JSON round trip as a fixture file holds it`,
  };
}

runSection(async () => [await checkoutThroughput(), await restoreTime()]);
