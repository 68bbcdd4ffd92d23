// Child: the standalone mock server (`startServer` on node:http) with rate limits off, the bench catalog
// and one paid order; `journalSize: 0` keeps no request journal; `nodeModule` (a file URL) loads
// `startServer` from another build, such as a copy of main's `dist` to compare against.
// Answers `{ url, key, orderId, orderText, checkoutText }`.
import { serveChild } from './child.mjs';
import { CATALOG, createPaidOrder } from './fixtures.mjs';

serveChild(async ({ journalSize, nodeModule = '@glm/mock-server/node' } = {}) => {
  const { startServer } = await import(nodeModule);
  const server = await startServer({
    port: 0,
    rateLimit: false,
    seed: { products: CATALOG },
    ...(journalSize === undefined ? {} : { journalSize }),
  });
  const { orderId, orderText, checkoutText } = await createPaidOrder(server.service, server.url);
  return { url: server.url, key: server.service.keys.test, orderId, orderText, checkoutText };
});
