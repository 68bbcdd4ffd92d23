// Child of checkout-load.mjs: the standalone mock server with the bench catalog, rate limits off.
import { startServer } from '@glm/mock-server/node';
import { CATALOG, createPaidOrder } from '../lib/fixtures.mjs';

const server = await startServer({ port: 0, rateLimit: false, seed: { products: CATALOG } });
await createPaidOrder(server.service, server.url);
process.send?.({ url: server.url, key: server.service.keys.test });
process.on('message', (message) => {
  if (message !== 'stop') return;
  const cpu = process.cpuUsage();
  process.send?.({ cpuMicros: cpu.user + cpu.system });
  process.exit(0);
});
