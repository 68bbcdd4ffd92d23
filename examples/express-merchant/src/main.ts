// The merchant back end, top to bottom. Run it against the mock server (see README.md):
//   GLM_API_KEY=glm_test_… GLM_BASE_URL=http://127.0.0.1:4010 GLM_WEBHOOK_SECRET=whsec_… pnpm start
import { Glm } from '@glm/sdk';
import { createMerchantApp } from './app.ts';
import { CATALOG, syncCatalog } from './catalog.ts';
import { createWarehouse } from './fulfilment.ts';

// 1. One client for the whole app. It reads GLM_API_KEY and GLM_BASE_URL, retries what is safe to
//    retry and gives every POST an idempotency key.
const glm = new Glm();

// 2. The webhook secret is shown once, when the endpoint is registered (dashboard, or the mock's
//    POST /v2/test_helpers/webhook_endpoints). Keep it with the other secrets.
const webhookSecret = process.env['GLM_WEBHOOK_SECRET'];
if (webhookSecret === undefined || webhookSecret === '') {
  throw new Error('Set GLM_WEBHOOK_SECRET to the secret of your webhook endpoint.');
}
const port = Number(process.env['PORT'] ?? 3000);
const publicUrl = process.env['PUBLIC_URL'] ?? `http://localhost:${port}`;

// 3. Sync the catalog on every start: checkout lines match products by sku, and the service decides
//    each product's HSA/FSA eligibility. A second run changes nothing.
const report = await syncCatalog(glm, CATALOG);
console.log(
  `catalog: ${report.created.length} created, ${report.updated.length} updated, ${report.unchanged.length} unchanged`,
);

// 4. Serve checkouts, payment links, refunds and the webhook endpoint. Paid orders are shipped from
//    the order.completed webhook: the only signal that survives a shopper closing the tab.
const warehouse = createWarehouse();
const app = createMerchantApp({ glm, catalog: CATALOG, warehouse, webhookSecret, publicUrl });
const server = app.listen(port, () => {
  console.log(`merchant listening on ${publicUrl} (webhooks: POST ${publicUrl}/webhooks/glm)`);
});

// 5. Stop cleanly: finish the requests in flight, then exit.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
