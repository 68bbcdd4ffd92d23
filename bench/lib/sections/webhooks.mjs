// Webhook deliveries per second to a local receiver (a node:http server in a child process): N product
// events are queued by seeding N products with one endpoint registered, then `flushWebhooks()` is timed
// until every first attempt has its outcome (signed POSTs over loopback, up to 32 at once, D24). The
// in-process transport figure comes from the webhook module's own bench script
// (packages/mock-server/bench/webhook-delivery.bench.ts), bundled and run as its author documents.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startChild } from '../child.mjs';
import { benchProduct, benchService } from '../fixtures.mjs';
import { bundle } from '../internal-build.mjs';
import { format, median, progress, runSection } from '../section.mjs';

const EVENTS = 3_000;
const ROUNDS = 3;

async function overLoopback(url) {
  const mock = benchService();
  await mock.registerWebhookEndpoint({ url, events: ['product.created'] });
  mock.seed({ products: Array.from({ length: EVENTS }, (_, i) => benchProduct(i)) });
  const started = performance.now();
  const result = await mock.flushWebhooks();
  const seconds = (performance.now() - started) / 1000;
  if (result.delivered !== EVENTS) throw new Error(`lost deliveries: ${JSON.stringify(result)}`);
  return EVENTS / seconds;
}

async function inProcessTransport() {
  const script = new URL('../../../packages/mock-server/bench/webhook-delivery.bench.ts', import.meta.url);
  try {
    const outfile = await bundle(script, 'webhook-delivery');
    const { stdout } = await promisify(execFile)(process.execPath, [outfile, String(EVENTS)]);
    return stdout.trim().replace(/\s+/g, ' ');
  } catch (error) {
    return `not measured (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
}

runSection(async () => {
  const receiver = await startChild(fileURLToPath(new URL('../receiver-process.mjs', import.meta.url)));
  const rates = [];
  try {
    for (let i = 0; i < ROUNDS; i++) {
      rates.push(await overLoopback(receiver.url));
      progress(`loopback: ${format(rates.at(-1))} deliveries/s`);
    }
  } finally {
    await receiver.stop();
  }
  const inProcess = await inProcessTransport();
  progress(`in-process transport: ${inProcess}`);
  const rate = median(rates);
  return [
    {
      figure: 'Webhook deliveries per second to a local receiver',
      baseline: '–',
      value: `${format(rate)} /s`,
      baselineValue: '–',
      ratio: '–',
      target: 'reported',
      met: null,
      notes: `${format(EVENTS)} events, 1 endpoint over loopback, median of ${ROUNDS}; in-process transport (webhook module's script): ${inProcess}`,
    },
  ];
});
