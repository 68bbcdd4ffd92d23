// Coverage's cost on the standalone server: server process CPU per request of `GET /v2/orders/{id}` and
// `POST /api/v2/checkout` (five items, a fresh Idempotency-Key each) under autocannon, against the same
// server built without coverage recording (lib/coverage-arms.mjs), a fresh pair in every round of one
// run, loaded at once; and the counters' memory, which must not grow with the number of requests.
import { fileURLToPath } from 'node:url';
import { startChild } from '../child.mjs';
import { buildCoverageArms } from '../coverage-arms.mjs';
import { CHECKOUT_BODY } from '../fixtures.mjs';
import { importBundled } from '../internal-build.mjs';
import { LOAD, measureLoad } from '../load.mjs';
import { format, median, progress, runSection } from '../section.mjs';

const ROUNDS = 5;
/** Coverage may cost a request at most this share of the server's CPU. */
const MAX_CPU_SHARE = 0.02;
/** Requests counted in-process for the memory row: the counters' size after the first, and after all. */
const FIRST_REQUESTS = 10_000;
const ALL_REQUESTS = 1_000_000;

const script = fileURLToPath(new URL('../coverage-server-process.mjs', import.meta.url));
const counterSource = new URL(
  '../../../packages/mock-server/src/http/coverage/coverage-counters.ts',
  import.meta.url,
);

/** Heap in use after full collections (the section runs with --expose-gc). */
function settledHeap() {
  for (let i = 0; i < 3; i++) globalThis.gc();
  return process.memoryUsage().heapUsed;
}

/**
 * What the pipeline tells the counters of request `i`: spread over 40 operations, seven statuses (a
 * dropped connection's 0 among them), five error codes, replays, retries, faults and the pay helper's
 * test cards, so the counters meet every kind of key they keep.
 */
function factsOf(i, cards) {
  const operationId = i % 41 === 0 ? 'testPayCheckoutSession' : `operation${i % 40}`;
  const status = [200, 201, 400, 404, 409, 429, 0][i % 7];
  const code = ['bad_request', 'not_found', 'conflict', 'rate_limit_exceeded', 'validation_error'][i % 5];
  return {
    route: { method: i % 2 === 0 ? 'GET' : 'POST', path: `/resource${i % 40}/:id`, operationId },
    status: operationId === 'testPayCheckoutSession' ? 200 : status,
    answer: {
      status,
      body: status >= 400 ? { error: { code } } : {},
      headers: i % 11 === 0 ? { 'idempotent-replayed': 'true' } : undefined,
    },
    fault: i % 13 === 0 ? 'flt_1' : null,
    body: { card_number: cards[i % cards.length] },
    retryCount: i % 3 === 0 ? '1' : null,
  };
}

/** Records `count` requests of `facts` into `counters`, from request `from` on. */
function record(counters, facts, from, count) {
  for (let i = from; i < from + count; i++) counters.recordRequest(facts[i % facts.length]);
}

/**
 * The counters' CPU per recorded request, and their heap after the first and after all requests: a
 * first pass (discarded) warms the JIT up, so the second one measures only what the counters keep.
 */
async function countersInProcess() {
  const { createCoverageCounters } = await importBundled(counterSource, 'coverage-counters');
  const cards = ['4242424242424242', '4000000000000002', '4000000000004954', '4000000000006975'];
  const facts = Array.from({ length: 4_100 }, (_, i) => factsOf(i, cards));
  const now = () => new Date().toISOString();
  const warm = createCoverageCounters(now);
  record(warm, facts, 0, ALL_REQUESTS);
  const start = process.cpuUsage();
  record(warm, facts, 0, 400_000);
  const used = process.cpuUsage(start);
  const cpuPerRecord = (used.user + used.system) / 400_000;
  const counters = createCoverageCounters(now);
  const empty = settledHeap();
  record(counters, facts, 0, FIRST_REQUESTS);
  const first = settledHeap();
  record(counters, facts, FIRST_REQUESTS, ALL_REQUESTS - FIRST_REQUESTS);
  const all = settledHeap();
  return {
    cpuPerRecord,
    empty,
    first,
    all,
    operations: counters.operations.size,
    requests: counters.requests(),
  };
}

/** The server's own coverage report after the load: how many requests and operations its counters hold. */
async function serverCounters(server) {
  const response = await fetch(`${server.url}/v2/test_helpers/coverage`, {
    headers: { authorization: `Bearer ${server.key}` },
  });
  const report = await response.json();
  return { requests: report.totals.requests, operations: report.operations.length };
}

/**
 * One round of `shape`: a fresh server of each build (fresh processes, so neither carries more sessions
 * or idempotency records than the other into the round), both loaded at once for the same seconds, so
 * whatever else the machine runs meanwhile weighs on both alike. The build started first alternates.
 */
async function pairedRound(arms, shape, onFirst) {
  const order = onFirst ? [arms.on, arms.off] : [arms.off, arms.on];
  const servers = [];
  try {
    for (const bundle of order) servers.push(await startChild(script, { bundle }));
    const runs = await Promise.all(
      servers.map((server) =>
        measureLoad({
          url: `${server.url}${shape.path(server)}`,
          ...shape.options,
          headers: { ...shape.options.headers, authorization: `Bearer ${server.key}` },
          cpuMicros: server.cpuMicros,
        }),
      ),
    );
    const withServer = onFirst ? servers[0] : servers[1];
    const [withRun, withoutRun] = onFirst ? runs : [runs[1], runs[0]];
    return { with: withRun, without: withoutRun, counted: await serverCounters(withServer) };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

runSection(async () => {
  const inProcess = await countersInProcess();
  const arms = await buildCoverageArms();
  const shapes = [
    {
      figure: 'Standalone `GET /v2/orders/{id}`',
      path: (server) => `/v2/orders/${server.orderId}`,
      options: {},
    },
    {
      figure: 'Standalone `POST /api/v2/checkout` (5 items, idempotency key)',
      path: () => '/api/v2/checkout',
      options: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(CHECKOUT_BODY),
        uniqueKey: true,
      },
    },
  ];
  const figures = [];
  let counted;
  for (const shape of shapes) {
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const paired = await pairedRound(arms, shape, round % 2 === 0);
      const { with: withRun, without: withoutRun } = paired;
      counted = paired.counted;
      rounds.push(paired);
      progress(
        `${shape.figure}: coverage ${format(withRun.cpuPerRequest, 1)} µs CPU per request (${format(withRun.perSecond)} req/s), ` +
          `without ${format(withoutRun.cpuPerRequest, 1)} µs (${format(withoutRun.perSecond)} req/s)`,
      );
    }
    const share = median(rounds.map((run) => run.with.cpuPerRequest / run.without.cpuPerRequest - 1));
    const cpuWith = median(rounds.map((run) => run.with.cpuPerRequest));
    const cpuWithout = median(rounds.map((run) => run.without.cpuPerRequest));
    figures.push({
      figure: `${shape.figure}: coverage's share of server CPU per request`,
      baseline: 'the same server built without coverage recording',
      value: `${format(cpuWith, 1)} µs`,
      baselineValue: `${format(cpuWithout, 1)} µs`,
      ratio: `${(share * 100).toFixed(1)} %`,
      target: `≤ ${MAX_CPU_SHARE * 100} %`,
      met: share <= MAX_CPU_SHARE,
      notes:
        `median over ${ROUNDS} rounds of (CPU per request with ÷ without − 1), each round a fresh server ` +
        `process of each build, both loaded at once (${LOAD.duration} s autocannon runs, ${LOAD.connections} connections each); req/s ` +
        `${format(median(rounds.map((run) => run.with.perSecond)))} with, ` +
        `${format(median(rounds.map((run) => run.without.perSecond)))} without; the counters alone, ` +
        `in-process: ${format(inProcess.cpuPerRecord, 3)} µs per request ` +
        `(${((inProcess.cpuPerRecord / cpuWith) * 100).toFixed(2)} % of this row's CPU per request)`,
    });
  }
  const growth = inProcess.all - inProcess.first;
  const perRequest = growth / (ALL_REQUESTS - FIRST_REQUESTS);
  figures.push({
    figure: `Coverage counters' heap after ${format(ALL_REQUESTS)} requests`,
    baseline: `the same counters after ${format(FIRST_REQUESTS)}`,
    value: `${format(growth / 1024, 1)} KiB more`,
    baselineValue: 'the heap at that point',
    ratio: `${perRequest.toFixed(3)} B per request`,
    target: '≤ 0.1 B per request',
    met: perRequest <= 0.1,
    notes:
      `heap after three full GCs, in-process counters (the shipped module, warmed by a first pass) fed a mix ` +
      `over 41 operations, 7 statuses, 5 error codes, replays, retries, faults and 4 test cards: they keep ` +
      `${inProcess.operations} operations after ${format(inProcess.requests)} requests; their heap after ` +
      `${format(FIRST_REQUESTS)} requests ${format((inProcess.first - inProcess.empty) / 1024, 1)} KiB over ` +
      `empty counters (a negative figure is collection noise of that size). The last ` +
      `server run above counted ${format(counted.requests)} requests into ${counted.operations} operations`,
  });
  return figures;
});
