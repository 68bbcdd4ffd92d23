/**
 * Deliveries per second of the webhook queue: N events fanned out to 3 in-process endpoints (no
 * network), timed with performance.now(). Not part of `pnpm test`. tinybench is not a dependency of the
 * workspace yet, so this is a plain script; run it from packages/mock-server with:
 *
 *   npx esbuild bench/webhook-delivery.bench.ts --bundle --platform=node --format=esm \
 *     --conditions=@glm/source --outfile=/tmp/webhook-delivery.bench.mjs && node /tmp/webhook-delivery.bench.mjs
 */
import { createMockService } from '../src/service/create-mock-service.ts';
import { engineOf } from '../src/service/private-handles.ts';

const EVENTS = Number(process.argv[2] ?? 10_000);
const ENDPOINTS = 3;
const ROUNDS = 3;

async function round(): Promise<number> {
  const mock = createMockService({ now: '2025-03-01T12:00:00.000Z', rateLimit: false });
  for (let i = 0; i < ENDPOINTS; i++) {
    await mock.registerWebhookEndpoint({ events: ['*'], handler: () => new Response('ok') });
  }
  const engine = engineOf(mock);
  const started = performance.now();
  for (let i = 0; i < EVENTS; i++) engine.emit('test', 'product.updated', { id: i + 1 });
  const result = await mock.flushWebhooks();
  const seconds = (performance.now() - started) / 1000;
  if (result.delivered !== EVENTS * ENDPOINTS) throw new Error(`Lost deliveries: ${JSON.stringify(result)}`);
  return (EVENTS * ENDPOINTS) / seconds;
}

const rates: number[] = [];
for (let i = 0; i < ROUNDS; i++) rates.push(await round());
const best = Math.max(...rates);
const median = [...rates].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] ?? 0;
process.stdout.write(
  `webhook delivery: ${EVENTS} events x ${ENDPOINTS} endpoints, in-process transport\n` +
    `  median ${Math.round(median)} deliveries/s, best ${Math.round(best)} deliveries/s over ${ROUNDS} rounds\n`,
);
