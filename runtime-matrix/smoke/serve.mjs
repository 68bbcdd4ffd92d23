// Under Node: the standalone mock server for the Bun and Deno smoke tests, on the system clock (the
// smoke script checks webhook signatures against its own clock) with a one-product catalog. Prints one
// JSON line `{ url, key }` once listening; SIGTERM closes it.
import { startServer } from '@glm/mock-server/node';
import { THERMOMETER } from '../fixtures.mjs';

const server = await startServer({
  port: 0,
  clock: 'system',
  rateLimit: false,
  seed: { products: [THERMOMETER] },
});
process.stdout.write(`${JSON.stringify({ url: server.url, key: server.service.keys.test })}\n`);
process.once('SIGTERM', () => {
  server.close().then(() => process.exit(0));
});
