// Child: the standalone mock server from one of the coverage section's builds (`bundle`: with coverage
// or without), rate limits off, the bench catalog and one paid order. Answers `{ url, key, orderId }`;
// later `{ type: 'cpu' }` messages get its CPU time.
import { pathToFileURL } from 'node:url';
import { serveChild } from './child.mjs';
import { CATALOG, createPaidOrder } from './fixtures.mjs';

serveChild(async ({ bundle }) => {
  const { startServer } = await import(pathToFileURL(bundle).href);
  const server = await startServer({ port: 0, rateLimit: false, seed: { products: CATALOG } });
  const { orderId } = await createPaidOrder(server.service, server.url);
  return { url: server.url, key: server.service.keys.test, orderId };
});
