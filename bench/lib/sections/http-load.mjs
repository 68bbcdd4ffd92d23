// Standalone server throughput: GET /v2/orders/{id} and POST /api/v2/checkout (five items, a fresh
// Idempotency-Key each), each against a bare node:http server answering the same JSON (the same body
// bytes, the same header names, serialized per request as any server answering JSON does; checked before
// the rounds), and against the same bare server writing bytes serialized once (Node's floor, reported in
// the notes). The servers run in child processes; rounds alternate them so background load hits all
// alike. Each run also reads the server's CPU time per request, a ratio that other processes on the
// machine disturb far less.
import { fileURLToPath } from 'node:url';
import { startChild } from '../child.mjs';
import { CHECKOUT_BODY } from '../fixtures.mjs';
import { LOAD, measureLoad } from '../load.mjs';
import { format, median, progress, runSection } from '../section.mjs';

const script = (name) => fileURLToPath(new URL(`../${name}`, import.meta.url));

/**
 * Fails the section unless the bare server's GET answers the mock's body byte for byte with the same
 * header names, and its POST a body of the same length (the mock's ids differ on every creation).
 */
async function sameAnswer(mock, bare) {
  const names = (response) =>
    [...response.headers.keys()].filter((name) => !['date', 'connection', 'keep-alive'].includes(name));
  const headers = { authorization: `Bearer ${mock.key}` };
  const get = async (url) => {
    const response = await fetch(`${url}/v2/orders/${mock.orderId}`, { headers });
    return { names: names(response), bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const [ours, theirs] = [await get(mock.url), await get(bare.url)];
  if (!ours.bytes.equals(theirs.bytes) || ours.names.join() !== theirs.names.join()) {
    throw new Error(`the bare server's GET differs: ${theirs.names} against ${ours.names}`);
  }
  const post = await fetch(`${bare.url}/api/v2/checkout`, {
    method: 'POST',
    body: JSON.stringify(CHECKOUT_BODY),
  });
  if ((await post.text()).length !== mock.checkoutText.length)
    throw new Error("the bare server's POST differs");
}

runSection(async () => {
  const mock = await startChild(script('mock-server-process.mjs'));
  // The same server keeping no request journal: what the journal (headers and bodies, secrets removed)
  // costs each row, measured in the same rounds.
  const unjournaled = await startChild(script('mock-server-process.mjs'), { journalSize: 0 });
  const texts = { orderText: mock.orderText, checkoutText: mock.checkoutText };
  const bare = await startChild(script('bare-server-process.mjs'), texts);
  const floor = await startChild(script('bare-server-process.mjs'), { ...texts, prebuilt: true });
  await sameAnswer(mock, bare);
  const auth = { authorization: `Bearer ${mock.key}` };
  const shapes = [
    {
      figure: 'Standalone `GET /v2/orders/{id}` req/s',
      path: `/v2/orders/${mock.orderId}`,
      unjournaledPath: `/v2/orders/${unjournaled.orderId}`,
      options: { headers: auth },
      target: 0.85,
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
      target: 0.5,
    },
  ];
  const figures = [];
  try {
    for (const shape of shapes) {
      const ours = [];
      const theirs = [];
      const plain = [];
      const floors = [];
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
        floors.push(
          await measureLoad({
            url: `${floor.url}${shape.path}`,
            ...shape.options,
            cpuMicros: floor.cpuMicros,
          }),
        );
        progress(
          `${shape.path}: mock ${format(ours.at(-1).perSecond)} req/s (${format(ours.at(-1).cpuPerRequest)} µs CPU each), ` +
            `bare ${format(theirs.at(-1).perSecond)} req/s (${format(theirs.at(-1).cpuPerRequest)} µs CPU each), ` +
            `no journal ${format(plain.at(-1).perSecond)} req/s (${format(plain.at(-1).cpuPerRequest)} µs CPU each), ` +
            `floor ${format(floors.at(-1).perSecond)} req/s (${format(floors.at(-1).cpuPerRequest)} µs CPU each)`,
        );
      }
      const value = median(ours.map((run) => run.perSecond));
      const baseline = median(theirs.map((run) => run.perSecond));
      const ratio = value / baseline;
      const cpuOurs = median(ours.map((run) => run.cpuPerRequest));
      const cpuTheirs = median(theirs.map((run) => run.cpuPerRequest));
      const floorValue = median(floors.map((run) => run.perSecond));
      const cpuFloor = median(floors.map((run) => run.cpuPerRequest));
      figures.push({
        figure: shape.figure,
        baseline: 'bare `node:http` server, same JSON serialized per request',
        value: `${format(value)} req/s`,
        baselineValue: `${format(baseline)} req/s`,
        ratio: `${ratio.toFixed(2)} ×`,
        target: `≥ ${shape.target} ×`,
        met: ratio >= shape.target,
        notes:
          `median of ${LOAD.rounds} alternating ${LOAD.duration} s runs, ${LOAD.connections} connections; ` +
          `server CPU per request ${format(cpuOurs)} µs vs ${format(cpuTheirs)} µs ` +
          `(CPU ratio ${(cpuTheirs / cpuOurs).toFixed(2)} ×); against the floor (bytes serialized once) ` +
          `${format(floorValue)} req/s, ${format(cpuFloor)} µs CPU: ${(value / floorValue).toFixed(2)} × req/s`,
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
          `without (${plainRatio.toFixed(2)} ×), medians of ${LOAD.rounds} rounds, the four servers ` +
          `alternating in each; server CPU per request ${format(cpuOurs)} µs with, ${format(cpuPlain)} µs ` +
          `without (${((cpuOurs / cpuPlain - 1) * 100).toFixed(0)} % more)`,
      });
    }
  } finally {
    await Promise.all([mock.stop(), unjournaled.stop(), bare.stop(), floor.stop()]);
  }
  return figures;
});
