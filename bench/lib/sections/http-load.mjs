// Standalone server throughput: GET /v2/orders/{id} and POST /api/v2/checkout (five items, a fresh
// Idempotency-Key each), each against a bare node:http server answering the same JSON. The servers run
// in child processes; rounds alternate mock and baseline so background load hits both alike. Each run also
// reads the server's CPU time per request, a ratio that other processes on the machine disturb far less.
import { fileURLToPath } from 'node:url';
import { startChild } from '../child.mjs';
import { CHECKOUT_BODY } from '../fixtures.mjs';
import { LOAD, measureLoad } from '../load.mjs';
import { format, median, progress, runSection } from '../section.mjs';

const script = (name) => fileURLToPath(new URL(`../${name}`, import.meta.url));

runSection(async () => {
  const mock = await startChild(script('mock-server-process.mjs'));
  // The same server keeping no request journal: what the journal (headers and bodies, secrets removed)
  // costs each row, measured in the same rounds.
  const unjournaled = await startChild(script('mock-server-process.mjs'), { journalSize: 0 });
  const bare = await startChild(script('bare-server-process.mjs'), {
    orderText: mock.orderText,
    checkoutText: mock.checkoutText,
  });
  const auth = { authorization: `Bearer ${mock.key}` };
  const shapes = [
    {
      figure: 'Standalone `GET /v2/orders/{id}` req/s',
      path: `/v2/orders/${mock.orderId}`,
      unjournaledPath: `/v2/orders/${unjournaled.orderId}`,
      options: { headers: auth },
      target: 0.5,
    },
    {
      figure: 'Standalone `POST /api/v2/checkout` (5 items, idempotency key) req/s',
      path: '/api/v2/checkout',
      unjournaledPath: '/api/v2/checkout',
      options: {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(CHECKOUT_BODY),
        uniqueKey: true,
      },
      target: 0.3,
    },
  ];
  const figures = [];
  try {
    for (const shape of shapes) {
      const ours = [];
      const theirs = [];
      const plain = [];
      for (let round = 0; round < LOAD.rounds; round++) {
        theirs.push(
          await measureLoad({ url: `${bare.url}${shape.path}`, ...shape.options, cpuMicros: bare.cpuMicros }),
        );
        ours.push(
          await measureLoad({ url: `${mock.url}${shape.path}`, ...shape.options, cpuMicros: mock.cpuMicros }),
        );
        plain.push(
          await measureLoad({
            url: `${unjournaled.url}${shape.unjournaledPath}`,
            ...shape.options,
            headers: { ...shape.options.headers, authorization: `Bearer ${unjournaled.key}` },
            cpuMicros: unjournaled.cpuMicros,
          }),
        );
        progress(
          `${shape.path}: mock ${format(ours.at(-1).perSecond)} req/s (${format(ours.at(-1).cpuPerRequest)} µs CPU each), ` +
            `bare ${format(theirs.at(-1).perSecond)} req/s (${format(theirs.at(-1).cpuPerRequest)} µs CPU each), ` +
            `no journal ${format(plain.at(-1).perSecond)} req/s (${format(plain.at(-1).cpuPerRequest)} µs CPU each)`,
        );
      }
      const value = median(ours.map((run) => run.perSecond));
      const baseline = median(theirs.map((run) => run.perSecond));
      const ratio = value / baseline;
      const cpuOurs = median(ours.map((run) => run.cpuPerRequest));
      const cpuTheirs = median(theirs.map((run) => run.cpuPerRequest));
      figures.push({
        figure: shape.figure,
        baseline: 'bare `node:http` server, same JSON',
        value: `${format(value)} req/s`,
        baselineValue: `${format(baseline)} req/s`,
        ratio: `${ratio.toFixed(2)} ×`,
        target: `≥ ${shape.target} ×`,
        met: ratio >= shape.target,
        notes:
          `median of ${LOAD.rounds} alternating ${LOAD.duration} s runs, ${LOAD.connections} connections; ` +
          `server CPU per request ${format(cpuOurs)} µs vs ${format(cpuTheirs)} µs ` +
          `(CPU ratio ${(cpuTheirs / cpuOurs).toFixed(2)} ×)`,
      });
      // The row's ratio to the bare server with the journal, over the same ratio without it (the same
      // bare server, the same rounds): what the journal costs the row.
      const plainValue = median(plain.map((run) => run.perSecond));
      const plainRatio = plainValue / baseline;
      const kept = ratio / plainRatio;
      const cpuPlain = median(plain.map((run) => run.cpuPerRequest));
      figures.push({
        figure: `${shape.figure.replace(' req/s', '')}: the request journal's cost`,
        baseline: 'the same server keeping no journal (`journalSize: 0`)',
        value: `${format(value)} req/s`,
        baselineValue: `${format(plainValue)} req/s`,
        ratio: `${kept.toFixed(2)} ×`,
        target: '≥ 0.9 ×',
        met: kept >= 0.9,
        notes:
          `the row's ratio to the bare server with the journal (${ratio.toFixed(2)} ×) over its ratio ` +
          `without (${plainRatio.toFixed(2)} ×), medians of ${LOAD.rounds} rounds, the three servers ` +
          `alternating in each; server CPU per request ${format(cpuOurs)} µs with, ${format(cpuPlain)} µs ` +
          `without (${((cpuOurs / cpuPlain - 1) * 100).toFixed(0)} % more)`,
      });
    }
  } finally {
    await Promise.all([mock.stop(), unjournaled.stop(), bare.stop()]);
  }
  return figures;
});
